import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ADMIN, expect, signIn, test } from '../support/fixtures';
import { createStation } from '../support/workshop';

// The screens built after the shell, checked with axe in both themes (contrast included).

async function setTheme(page: Page, theme: 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: theme }).click();
}

test('the workflow, alerts and TV settings screens have no serious accessibility violations, light and dark', async ({
  page,
}) => {
  // Eight pages, each checked by axe.
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  const screens: readonly [string, string][] = [
    ['/workflow-dashboard', 'Workflow Command Center'],
    ['/my-tasks', 'My Tasks'],
    ['/alerts', 'Alerts'],
    ['/settings/tv-displays', 'Settings'],
  ];
  for (const theme of ['Dark', 'Light'] as const) {
    if (theme === 'Light') await setTheme(page, 'Light');
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    }
  }
});

test('a station TV, its pairing screen and the kiosk have no serious accessibility violations', async ({
  page,
  browser,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const { departmentId, stationId } = await createStation(api, {
    department: `A11y ${suffix}`,
    station: 'Bench 9',
  });
  const tvContext = await browser.newContext();
  const tv = await tvContext.newPage();
  await tv.goto('/tv-setup');
  await expect(tv.getByTestId('pairing-code')).toBeVisible();
  await expectNoSeriousA11yViolations(tv);
  await tvContext.close();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/jeweler-tv/${stationId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bench 9' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/departments/${departmentId}/stations/${stationId}`);
  await page.getByRole('button', { name: 'Kiosk' }).click();
  await expect(page.getByRole('dialog', { name: 'Kiosk: Bench 9' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
