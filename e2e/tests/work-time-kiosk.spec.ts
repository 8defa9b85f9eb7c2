import type { Page } from '@playwright/test';
import { expect, signIn, test, toastOf, uniqueEmail } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { benchOrder, jewellerWithStep } from '../support/work-time';

// Issue 37 §3: a jeweller starts work on a piece at the station's kiosk; the station's TV shows who and a
// running time without a reload; Done on the kiosk clears it.

const THEME_KEY = 'admin-ui-theme';

/** The code a TV at /tv-setup shows, as a person reads it off the screen. */
async function pairingCodeOn(tv: Page): Promise<string> {
  const shown = tv.getByTestId('pairing-code');
  await expect(shown).toHaveText(/[A-Z0-9]{3}-[A-Z0-9]{3}/);
  const match = /([A-Z0-9]{3})-([A-Z0-9]{3})/.exec((await shown.textContent()) ?? '');
  if (!match) throw new Error('no pairing code on the TV');
  return `${match[1]}${match[2]}`;
}

test('a jeweller starts work at the kiosk, the station TV shows them with a running time live, and Done clears it', async ({
  page,
  browser,
  api,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const order = await benchOrder(api, suffix);
  const jeweller = await jewellerWithStep(api, order.id, `Rosa${suffix}`, uniqueEmail('kiosk'));

  // The station's TV, paired with its code; nobody signs in on it.
  const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const tv = await tvContext.newPage();
  await tv.goto('/tv-setup');
  const code = await pairingCodeOn(tv);
  await api.request('POST', '/tv-displays', {
    code,
    name: `Bench 1 TV ${suffix}`,
    stationId: order.stationId,
  });
  await expect(tv).toHaveURL(new RegExp(`/jeweler-tv/${order.stationId}$`), { timeout: 10_000 });
  await expect(tv.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const tvPiece = tv
    .getByRole('list', { name: 'Pieces at this station' })
    .getByRole('listitem', { name: order.orderNumber });
  await expect(tvPiece).toBeVisible();
  await expect(tvPiece.getByRole('list', { name: 'Working on it now' })).toHaveCount(0);
  // The TV names where work is started and stopped.
  await expect(tv.locator('body')).toContainText(
    `Start and stop work on the kiosk of Bench 1: ${new URL(tv.url()).origin}/departments/${order.departmentId}/stations/${order.stationId} › Kiosk`,
  );

  // The jeweller at the bench's tablet: the station page's kiosk.
  await signIn(page, jeweller.email, jeweller.password);
  await page.goto(`/departments/${order.departmentId}/stations/${order.stationId}`);
  await page.getByRole('button', { name: 'Kiosk' }).click();
  const kiosk = page.getByRole('dialog', { name: 'Kiosk: Bench 1' });
  const piece = kiosk.getByRole('listitem', { name: order.orderNumber });
  const label = `Stone setting of ${order.orderNumber}`;
  await piece.getByRole('button', { name: `Start ${label}` }).click();
  await expect(toastOf(page, `Started ${order.orderNumber}.`)).toBeVisible();
  await expect(piece.getByRole('list', { name: 'Working on it now' })).toContainText(jeweller.name);

  // The TV follows without a reload: the person, and a time that ticks.
  const working = tvPiece.getByRole('list', { name: 'Working on it now' });
  await expect(working).toContainText(jeweller.name, { timeout: 5_000 });
  const clock = working.locator('time');
  const first = await clock.textContent();
  expect(first).toMatch(/^\d+:\d{2}$/);
  await expect(clock).not.toHaveText(first ?? '', { timeout: 3_000 });

  // Screenshots of the kiosk with a running timer: dark, light, and on a phone.
  await expect(piece.getByRole('button', { name: `Pause ${label}` })).toBeVisible();
  for (const [theme, viewport, name] of [
    ['light', { width: 1280, height: 800 }, 'kiosk-work-timer-light'],
    ['dark', { width: 1280, height: 800 }, 'kiosk-work-timer-dark'],
    ['light', { width: 390, height: 844 }, 'kiosk-work-timer-phone'],
  ] as const) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, theme] as const);
    await page.setViewportSize(viewport);
    await page.reload();
    await page.getByRole('button', { name: 'Kiosk' }).click();
    await expect(piece.getByRole('button', { name: `Pause ${label}` })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(new RegExp(theme));
    await saveScreenshot(page, { path: `${SCREENSHOTS}${name}.png` });
  }
  await saveScreenshot(tv, { path: `${SCREENSHOTS}jeweler-tv-work-timer-dark.png` });

  // Done on the kiosk: the step is finished, the timer stops, and the TV clears it.
  await piece.getByRole('button', { name: `Mark ${label} done` }).click();
  await expect(toastOf(page, `${order.orderNumber} done.`)).toBeVisible();
  await expect(working).toHaveCount(0, { timeout: 5_000 });
  await expect(piece.getByText('No step of yours on it')).toBeVisible();
  await tvContext.close();
});
