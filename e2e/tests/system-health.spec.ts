import { reportDemoBrowserTelemetry } from '../../apps/server/workshop/demo-telemetry';
import { LoupeClient } from '../../apps/server/workshop/loupe-client';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ADMIN, expect, loupeUrl, setTheme, signIn, test } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';

// Issue 36 §2: what a browser runs into reaches the admins. An error thrown on a screen and the screen's
// request timings are sent when the page is hidden, and Settings › System health lists them.

test('an error on a screen and its request timings reach Settings › System health', async ({ page }) => {
  const message = `Test: the ring sizer broke ${Date.now().toString(36)}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  // Thrown outside React, as a broken handler would: the page's own error listener must catch it.
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    }, 0);
  }, message);
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/telemetry/client') && response.request().method() === 'POST',
  );
  // Leaving the tab sends the queue at once (spec §9 keeps 30 s between regular flushes).
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  expect((await sent).status()).toBe(202);

  await page.goto('/settings/system-health');
  const errors = page.getByRole('list', { name: 'Recent client errors' });
  const reported = errors.getByRole('listitem').filter({ hasText: message });
  await expect(reported).toHaveCount(1);
  await expect(reported).toContainText('/orders');
  await expect(reported).toContainText('window');
  const timings = page.getByRole('table', { name: 'Timings by endpoint' });
  await expect(timings.getByRole('rowheader', { name: 'GET /api/v1/orders', exact: true })).toBeVisible();
});

test('screenshots of System health with a day of the staff’s reports, light, dark and on a phone', async ({
  page,
}) => {
  const staff = await LoupeClient.signIn(loupeUrl(), ADMIN.email, ADMIN.password);
  const reported = await reportDemoBrowserTelemetry([staff], { seed: 5 });
  expect(reported.metrics).toBeGreaterThan(100);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/settings/system-health');
  const slow = page.getByRole('table', { name: 'Slow requests' });
  // The demo's one request that got no answer is among the slow ones, in words.
  await expect(slow.getByRole('cell', { name: 'No answer' }).first()).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recent client errors' }).getByRole('listitem').first(),
  ).toBeVisible();
  for (const theme of ['Light', 'Dark'] as const) {
    await setTheme(page, theme);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, {
      path: `${SCREENSHOTS}system-health-${theme.toLowerCase()}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  // Polled: the shell lays itself out for a phone once React has seen the resize (the sidebar goes).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: 'System health fits a phone',
    })
    .toBeLessThanOrEqual(390);
  for (const theme of ['Light', 'Dark'] as const) {
    await setTheme(page, theme);
    await saveScreenshot(page, { path: `${SCREENSHOTS}system-health-phone-${theme.toLowerCase()}.png` });
  }
});
