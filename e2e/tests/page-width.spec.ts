import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { type Browser, type BrowserContext, test as base, type Page } from '@playwright/test';
import { LoupeClient } from '../../apps/server/workshop/loupe-client';
import { seedWorkshop } from '../../apps/server/workshop/seed-workshop';
import { signedInRoutesOf, signedOutRoutes, type TRouteIds } from '../support/app-routes';
import { ADMIN, expect, signIn } from '../support/fixtures';
import { startLoupe, type TLoupeServer } from '../support/loupe-server';
import { measurePageWidth, openInApp, SCREEN_SIZES, settle, trackRequests } from '../support/page-width';
import { SCREENSHOTS } from '../support/screenshots';

// Issue 35 §1: no page wider than the screen, for every role, on every route it may open, on a phone, a
// tablet and a laptop; wide content (the Command Center, tables) scrolls inside its own box.

const PASSWORD = 'every page fits its screen';
const THEME_KEY = 'admin-ui-theme';
const emailOf = (role: TRole) => `${role}-width@atelier.test`;

type TWorkshop = {
  server: TLoupeServer;
  ids: TRouteIds;
  /** How many open orders the read model says are overdue: about one in each phase that holds work. */
  overdueOrders: number;
};

type TBoard = { columns: { key: string; jobs: { id: string }[] }[] };

/**
 * A workshop of its own (its reads and late orders would disturb the shared server's tests): the demo's
 * departments, orders and repairs spread over the phases by their past reads, one user of each role, and one
 * order in each busy phase made overdue.
 */
const test = base.extend<object, { workshop: TWorkshop }>({
  workshop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this destructuring.
    async ({}, use) => {
      const server = await startLoupe();
      const admin = await LoupeClient.signIn(server.url, ADMIN.email, ADMIN.password);
      for (const role of ROLES.filter((r) => r !== 'admin')) {
        await admin.request('POST', '/users', {
          email: emailOf(role),
          firstName: role,
          lastName: 'Tester',
          role,
          temporaryPassword: PASSWORD,
        });
        await LoupeClient.signIn(server.url, emailOf(role), PASSWORD);
      }
      const workshop = await seedWorkshop(admin, { orders: 24, repairs: 8, withHistory: true });
      const board = await admin.data<TBoard>('GET', '/workflow/board?kind=order');
      const late = board.columns.flatMap((column) => column.jobs.slice(0, 1));
      for (const [index, job] of late.entries()) {
        const promisedDate = new Date(Date.now() - (index + 2) * 86_400_000).toISOString().slice(0, 10);
        await admin.request('PATCH', `/orders/${job.id}`, { promisedDate });
      }
      const overdue = await admin.data<TBoard>('GET', '/workflow/board?kind=order&view=overdue');
      const overdueOrders = overdue.columns.flatMap((column) => column.jobs).length;
      // Late work spread over the workflow, or the board's fit at 1440 px proves little.
      if (overdue.columns.filter((column) => column.jobs.length > 0).length < 4) {
        throw new Error('the seeded overdue orders sit in fewer than four phases');
      }
      const order = workshop.items.find((item) => item.kind === 'order');
      const repair = workshop.items.find((item) => item.kind === 'repair');
      const department = workshop.departments.find((d) => d.stations.length > 0);
      if (!order || !repair || !department?.stations[0]) throw new Error('the seeded workshop is empty');
      const link = await admin.data<{ url: string }>('POST', `/orders/${order.id}/tracking-link`);
      const ids: TRouteIds = {
        orderId: order.id,
        repairId: repair.id,
        departmentId: department.id,
        stationId: department.stations[0].id,
        trackingToken: new URL(link.url).pathname.split('/').at(-1) ?? '',
      };
      await use({ server, ids, overdueOrders });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ workshop }, use) => use(workshop.server.url),
});

test.describe.configure({ mode: 'parallel' });

const credentials = (role: TRole) =>
  role === 'admin' ? ADMIN : { email: emailOf(role), password: PASSWORD };

/** Sign-in state per role, made once per worker and reused by every context of that role. */
const signedIn = new Map<TRole, Awaited<ReturnType<BrowserContext['storageState']>>>();

async function contextFor(
  browser: Browser,
  baseURL: string,
  role: TRole,
  viewport: { width: number; height: number },
) {
  let state = signedIn.get(role);
  if (!state) {
    const first = await browser.newContext({ baseURL });
    const page = await first.newPage();
    const { email, password } = credentials(role);
    await signIn(page, email, password);
    state = await first.storageState();
    signedIn.set(role, state);
    await first.close();
  }
  return browser.newContext({ baseURL, viewport, storageState: state });
}

/** Opens each route in turn in one page and says which are wider than the window, and by what. */
async function expectEveryRouteFits(page: Page, routes: readonly string[]): Promise<void> {
  const inFlight = trackRequests(page);
  const [first, ...rest] = routes;
  await page.goto(first ?? '/');
  await settle(page, inFlight);
  const tooWide: string[] = [];
  for (const [index, route] of [first, ...rest].entries()) {
    if (route === undefined) continue;
    if (index > 0) await openInApp(page, route, inFlight);
    const width = await measurePageWidth(page);
    if (width.scrollWidth > width.innerWidth) {
      tooWide.push(`${route}: ${width.scrollWidth} px > ${width.innerWidth} px; ${width.widest.join('; ')}`);
    }
  }
  expect(tooWide, `pages wider than ${page.viewportSize()?.width} px`).toEqual([]);
}

// Every role in a full sweep (LOUPE_WIDTH_ALL_ROLES=1, a few minutes per role on 2 cores); in `npm test`,
// the role with the most screens (admin) and a bench role (production), to keep CI within its budget.
const ROLES_SWEPT = process.env.LOUPE_WIDTH_ALL_ROLES === '1' ? ROLES : (['admin', 'production'] as const);

for (const size of SCREEN_SIZES) {
  for (const role of ROLES_SWEPT) {
    test(`${role}: every route fits a ${size.width}×${size.height} ${size.name}`, async ({
      browser,
      workshop,
    }) => {
      // Up to 45 routes (an admin's): a few seconds on a quiet machine, minutes on a busy one.
      test.setTimeout(300_000);
      const context = await contextFor(browser, workshop.server.url, role, size);
      await expectEveryRouteFits(await context.newPage(), signedInRoutesOf(role, workshop.ids));
      await context.close();
    });
  }
  test(`signed out: every public page fits a ${size.width}×${size.height} ${size.name}`, async ({
    browser,
    workshop,
  }) => {
    const context = await browser.newContext({ baseURL: workshop.server.url, viewport: size });
    await expectEveryRouteFits(await context.newPage(), signedOutRoutes(workshop.ids));
    await context.close();
  });
}

/** The dialog is inside the window, and the page behind it is no wider than the window. */
async function expectDialogFits(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // Opened with an animation: measured once it has settled.
  await expect(dialog).toHaveCSS('opacity', '1');
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`no box for the dialog ${name}`);
  expect(box.x, `${name} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends inside the window`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${name} fits the window's height`).toBeLessThanOrEqual(viewport.height);
  const width = await measurePageWidth(page);
  expect(width.scrollWidth, `the page behind ${name}`).toBeLessThanOrEqual(width.innerWidth);
}

test('on a phone: the TV’s QR code opens the Pair dialog whole, and common dialogs fit', async ({
  browser,
  workshop,
}) => {
  const phone = SCREEN_SIZES[0];
  const manager = await contextFor(browser, workshop.server.url, 'manager', phone);
  const page = await manager.newPage();
  // What the TV's QR code opens on the manager's phone.
  await page.goto('/settings/tv-displays?code=K7P-4QX');
  await expectDialogFits(page, 'Pair a TV');
  await expect(page.getByRole('dialog').getByLabel('Code on the TV')).toHaveValue('K7P-4QX');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, theme] as const);
    await page.reload();
    await expectDialogFits(page, 'Pair a TV');
    await page.screenshot({ path: `${SCREENSHOTS}settings-tv-pairing-phone-${theme}.png` });
  }
  await manager.close();

  const admin = await contextFor(browser, workshop.server.url, 'admin', phone);
  const adminPage = await admin.newPage();
  const openDialog = async (path: string, button: string, dialog: string) => {
    await adminPage.goto(path);
    await adminPage.getByRole('button', { name: button }).first().click();
    await expectDialogFits(adminPage, dialog);
    await adminPage.keyboard.press('Escape');
    await expect(adminPage.getByRole('dialog')).toHaveCount(0);
  };
  await openDialog('/settings/users', 'Invite user', 'Invite a user');
  await openDialog('/departments', 'Add department', 'Add a department');
  await openDialog('/orders/new', 'New customer', 'New customer');
  await admin.close();
});

test('a manager sees every overdue order at 1440 px without scrolling sideways, on the board and in its list', async ({
  browser,
  workshop,
}) => {
  const desktop = SCREEN_SIZES[2];
  const context = await contextFor(browser, workshop.server.url, 'manager', desktop);
  const page = await context.newPage();
  await page.goto('/workflow-dashboard?view=overdue');
  const cards = page.getByRole('region', { name: 'Phases' }).getByRole('article');
  await expect(cards).toHaveCount(workshop.overdueOrders, { timeout: 30_000 });
  for (const card of await cards.all()) {
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= desktop.width, 'a card in view').toBe(true);
  }
  const width = await measurePageWidth(page);
  expect(width.scrollWidth).toBeLessThanOrEqual(width.innerWidth);

  // The list: one line per job, the same jobs; chosen once, it is what the board opens with next time.
  await page.getByRole('tab', { name: 'List' }).click();
  const rows = page.getByRole('table', { name: 'Jobs by phase' }).locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(workshop.overdueOrders);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'List', selected: true })).toBeVisible();
  await expect(rows).toHaveCount(workshop.overdueOrders);
  // The default theme (dark).
  await page.screenshot({ path: `${SCREENSHOTS}workflow-dashboard-list-dark.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Board' }).click();
  await context.close();

  // Every open job on a phone: the phases stack in one column, the page no wider than the phone.
  const phone = await contextFor(browser, workshop.server.url, 'manager', SCREEN_SIZES[0]);
  const phonePage = await phone.newPage();
  for (const theme of ['light', 'dark'] as const) {
    await phonePage.goto('/workflow-dashboard');
    await phonePage.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, theme] as const);
    await phonePage.reload();
    await expect(
      phonePage.getByRole('region', { name: 'Phases' }).getByRole('article').first(),
    ).toBeVisible();
    const phoneWidth = await measurePageWidth(phonePage);
    expect(phoneWidth.scrollWidth).toBeLessThanOrEqual(phoneWidth.innerWidth);
    await phonePage.screenshot({ path: `${SCREENSHOTS}workflow-dashboard-phone-${theme}.png` });
  }
  await phone.close();
});
