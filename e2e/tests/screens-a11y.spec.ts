import { ROLES } from '@loupe/domain/auth/roles';
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from '../support/a11y';
import { contextAs, expect, test } from '../support/demo-workshop';
import { walkerFor } from '../support/screen-walk';
import { screensFor, signedOutScreens } from '../support/screens';

// Issue 35 §3: axe-core on every route of the router, light and dark, on a demo workshop with data: no
// serious or critical violation (contrast, names, labels, landmarks, nested controls, ARIA).

/**
 * The violations of each screen, walked in the app as a link would open it. The shell (sidebar, header) is
 * checked whole on the first screen; on the others, what changes: the main content, or the whole of a
 * full-screen page.
 */
async function violationsOn(page: Page, screens: readonly string[]): Promise<string[]> {
  const walker = walkerFor(page);
  await walker.settle();
  const found: string[] = [];
  let shellChecked = false;
  for (const screen of screens) {
    await walker.open(screen);
    const inShell = (await page.locator('#main-content').count()) > 0;
    const within = inShell && shellChecked ? '#main-content' : undefined;
    shellChecked ||= inShell;
    for (const violation of await seriousA11yViolations(page, within)) found.push(`${screen} ${violation}`);
  }
  return found;
}

for (const theme of ['light', 'dark'] as const) {
  test(`every route has no serious accessibility violation, ${theme}`, async ({ browser, demo }) => {
    test.setTimeout(300_000);
    // The admin opens every signed-in screen; each other role its own start pages, whose content is theirs.
    const { context, page } = await contextAs(browser, demo, 'admin', { theme });
    const screens = screensFor('admin', demo);
    const found = await violationsOn(page, screens);
    await context.close();
    for (const role of ROLES.filter((role) => role !== 'admin')) {
      const staff = await contextAs(browser, demo, role, { theme });
      found.push(...(await violationsOn(staff.page, ['/dashboard', '/my-tasks', '/tv-setup'])));
      await staff.context.close();
    }
    // Signed out: the sign-in pages, a customer's tracking page and a TV's pairing code.
    const visitor = await browser.newContext({ baseURL: demo.url });
    await visitor.addInitScript((value) => localStorage.setItem('admin-ui-theme', value), theme);
    const page2 = await visitor.newPage();
    for (const screen of [...signedOutScreens(demo), '/tv-setup']) {
      await page2.goto(screen);
      await page2.getByRole('heading', { level: 1 }).first().waitFor();
      if (screen === '/tv-setup') await expect(page2.getByTestId('pairing-code')).toBeVisible();
      for (const violation of await seriousA11yViolations(page2)) found.push(`${screen} ${violation}`);
    }
    await visitor.close();
    expect(found, `${screens.length} signed-in screens`).toEqual([]);
  });
}

test('a station kiosk dialog has no serious accessibility violation', async ({ browser, demo }) => {
  const { context, page } = await contextAs(browser, demo, 'admin');
  const department = demo.workshop.departments.find((entry) => entry.stations.length > 0);
  const station = department?.stations[0];
  await page.goto(`/departments/${department?.id}/stations/${station?.id}`);
  await page.getByRole('button', { name: 'Kiosk' }).click();
  await expect(page.getByRole('dialog', { name: `Kiosk: ${station?.name}` })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await context.close();
});
