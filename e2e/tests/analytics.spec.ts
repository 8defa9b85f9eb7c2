import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type Locator, type Page } from '@playwright/test';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDeliveredHistory } from '../../apps/server/workshop/delivered-history';
import { seedDemoFacilities } from '../../apps/server/workshop/demo-facilities';
import { LoupeClient } from '../../apps/server/workshop/loupe-client';
import { startLoupeProcess, type TLoupeProcess } from '../../apps/server/workshop/loupe-process';
import { seedWorkshop } from '../../apps/server/workshop/seed-workshop';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ADMIN, expect, setTheme } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';

// Issue 13: the six analytics screens (and issue 39's transit screen) as a manager opens them on a workshop with a history, each chart's
// figures the same as its table's; a salesperson is refused.

const PASSWORD = 'count every piece twice';
const MANAGER = { email: 'morgan.manager@atelier.test', firstName: 'Morgan', role: 'manager' } as const;
const SALESPERSON = { email: 'sam.sales@atelier.test', firstName: 'Sam', role: 'salesperson' } as const;

const SCREENS = [
  { path: '/workflow-analytics', heading: 'Workflow Analytics', shot: 'workflow-analytics' },
  { path: '/on-time-delivery', heading: 'On-Time Delivery', shot: 'on-time-delivery' },
  {
    path: '/product-type-performance',
    heading: 'Product Type Performance',
    shot: 'product-type-performance',
  },
  { path: '/comparison-analytics', heading: 'Comparison Analytics', shot: 'comparison-analytics' },
  { path: '/capacity-planning', heading: 'Capacity Planning', shot: 'capacity-planning' },
  { path: '/root-cause-dashboard', heading: 'Root Cause Dashboard', shot: 'root-cause-dashboard' },
  // Issue 39 §4: bags between the workshop, its stores and a vendor, as `npm run demo` writes them.
  { path: '/transit-analytics', heading: 'Transit Analytics', shot: 'transit-analytics' },
] as const;

const ENV = { SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000' };

// A workshop of its own: the seeded history would disturb the shared server's other tests. Open work goes
// in through the API; months of delivered work are written while Loupe is stopped, as `npm run demo` does
// (the API delivers only now).
const test = base.extend<object, { loupe: TLoupeProcess }>({
  loupe: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this destructuring.
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-analytics-'));
      const start = () => startLoupeProcess({ dataDir, admin: ADMIN, env: ENV });
      let server = await start();
      const admin = await LoupeClient.signIn(server.url, ADMIN.email, ADMIN.password);
      for (const person of [MANAGER, SALESPERSON]) {
        await admin.request('POST', '/users', {
          email: person.email,
          firstName: person.firstName,
          lastName: 'Tester',
          role: person.role,
          temporaryPassword: PASSWORD,
        });
        await LoupeClient.signIn(server.url, person.email, PASSWORD);
      }
      await seedWorkshop(admin, { orders: 24, repairs: 10, withHistory: true });
      await server.stop();
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await (async () => {
        await seedDeliveredHistory(database.db, { now: new Date(), orders: 60, repairs: 20, days: 120 });
        await seedDemoFacilities(database.db, { now: new Date() });
      })().finally(() => database.close());
      server = await start();
      await use(server);
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ loupe }, use) => use(loupe.url),
});

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Waits until the screen shows its figures (or says it has none), not skeletons. */
async function settled(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByTestId('analytics-loading')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
}

/**
 * Every figure a chart writes on its bars and points is in its table: the chart is read, then the card is
 * switched to its table. Returns how many figures were compared.
 */
async function expectChartMatchesTable(card: Locator): Promise<number> {
  const labels = (await card.locator('.recharts-label-list text').allTextContents()).filter((t) => t.trim());
  await card.getByRole('tab', { name: 'Table' }).click();
  await expect(card.getByRole('table')).toBeVisible();
  const cells = await card.getByRole('table').locator('tbody').getByRole('cell').allTextContents();
  const rowHeaders = await card.getByRole('table').locator('tbody').getByRole('rowheader').allTextContents();
  // Recharts writes each word of a label in its own <tspan>: compare without the spaces.
  const bare = (text: string) => text.replace(/\s+/g, '');
  const texts = [...cells, ...rowHeaders].map(bare);
  for (const label of labels) expect(texts, `chart figure ${label} in the table`).toContain(bare(label));
  await card.getByRole('tab', { name: 'Chart' }).click();
  await expect(card.getByRole('figure')).toBeVisible();
  return labels.length;
}

test('a manager opens every analytics screen and each chart agrees with its table', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, MANAGER.email);
  // The sidebar's Workflow & Analytics group lists the screens for a manager.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of [
    'Workflow Analytics',
    'On-Time Delivery',
    'Product Type Performance',
    'Comparison Analytics',
  ]) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'On-Time Delivery' }).click();
  await settled(page, 'On-Time Delivery');
  await expect(page).toHaveURL(/\/on-time-delivery$/);
  let compared = 0;
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await settled(page, screen.heading);
    await expect(page.getByRole('search', { name: 'Filters' })).toBeVisible();
    // Cards by position: switching one to its table must not move the others.
    for (const card of await page.locator('[data-slot="chart-card"]').all()) {
      if ((await card.getByRole('figure').count()) > 0) compared += await expectChartMatchesTable(card);
    }
  }
  // The seeded history gives the screens real figures to draw.
  expect(compared).toBeGreaterThan(10);
});

test('product types name every group, repairs as Repairs, with dwell and rework per station', async ({
  page,
}) => {
  await signIn(page, MANAGER.email);
  await page.goto('/product-type-performance');
  await settled(page, 'Product Type Performance');
  const cycle = page.getByRole('region', { name: 'Cycle time per product type', exact: true });
  await cycle.getByRole('tab', { name: 'Table' }).click();
  const names = await cycle.getByRole('table').locator('tbody').getByRole('rowheader').allTextContents();
  expect(names).toContain('Repairs');
  expect(names).not.toContain('No product type');
  const stations = page.getByRole('region', { name: 'Dwell and rework per product type and station' });
  const rows = stations.getByRole('table').locator('tbody').getByRole('row');
  expect(await rows.count()).toBeGreaterThan(5);
  const groups = await stations.getByRole('table').locator('tbody').getByRole('rowheader').allTextContents();
  expect(groups).toContain('Repairs');
  expect(groups).not.toContain('No product type');
});

test('filters live in the address, so a shared link opens the same view', async ({ page }) => {
  await signIn(page, MANAGER.email);
  await page.goto('/on-time-delivery');
  await settled(page, 'On-Time Delivery');
  await chooseOption(page.getByRole('combobox', { name: 'Jobs' }), 'Repairs', { exact: true });
  await expect(page).toHaveURL(/kind=repair/);
  const shared = page.url();
  await page.goto('/dashboard');
  await page.goto(shared);
  await settled(page, 'On-Time Delivery');
  await expect(page.getByRole('combobox', { name: 'Jobs' })).toHaveText('Repairs');
});

test('the capacity what-if lists the jobs a rush job puts at risk', async ({ page }) => {
  await signIn(page, MANAGER.email);
  await page.goto('/capacity-planning');
  await settled(page, 'Capacity Planning');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Rush job promised for').fill(tomorrow);
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(page).toHaveURL(/rushPromisedDate=/);
  await expect(page.getByRole('region', { name: 'Jobs the rush job puts at risk' })).toBeVisible();
  await expect(page.getByText(/The rush job would likely be done/)).toBeVisible();
});

test('a salesperson is refused the analytics screens and does not see them in the sidebar', async ({
  page,
}) => {
  await signIn(page, SALESPERSON.email);
  await expect(page.getByRole('link', { name: 'Workflow Analytics' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'On-Time Delivery' })).toHaveCount(0);
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  }
});

test('every analytics screen fits a phone: wide tables scroll inside their cards', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, MANAGER.email);
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await settled(page, screen.heading);
    const width = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }));
    expect(width.page, `${screen.path} is wider than the phone`).toBeLessThanOrEqual(width.screen);
  }
});

test('screenshots of every analytics screen, light and dark, with no serious accessibility violation', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, MANAGER.email);
  for (const theme of ['Light', 'Dark'] as const) {
    await setTheme(page, theme);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await settled(page, screen.heading);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, {
        path: `${SCREENSHOTS}${screen.shot}-${theme.toLowerCase()}.png`,
        fullPage: true,
      });
    }
  }
});
