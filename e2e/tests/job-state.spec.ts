import type { Locator, Page } from '@playwright/test';
import type { LoupeApi } from '../support/api';
import { ADMIN, expect, setTheme, signIn, test } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';

// Issue 32: one truth about a job. A dashboard tile's count is what its links open, the board filters by the
// same job views, and the screens use the views' words ("late" is none of them).

type TData<T> = { data: T };

/** Orders and repairs for a new customer: overdue (promised in January 2025), rush, and one on time. */
async function jobs(api: LoupeApi, suffix: string) {
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Grace Hopper ${suffix}`,
    phone: '+1 555 010 1906',
  });
  const order = (fields: Record<string, unknown>) =>
    api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
      customerId: customer.data.id,
      description: 'Emerald signet ring',
      ...fields,
    });
  const repair = (fields: Record<string, unknown>) =>
    api.request<TData<{ id: string; repairNumber: string }>>('POST', '/repairs', {
      customerId: customer.data.id,
      itemDescription: 'Pearl necklace, restring',
      repairTypes: ['sizing'],
      ...fields,
    });
  const overdueOrder = await order({ promisedDate: '2025-01-06', isRush: true });
  const onTimeOrder = await order({ promisedDate: '2099-12-31' });
  await repair({ promisedDate: '2025-01-07' });
  await repair({ promisedDate: '2099-12-31', isRush: true });
  return { overdueOrder: overdueOrder.data, onTimeOrder: onTimeOrder.data };
}

/** What a list says it holds: "3 orders", or its no-match state for 0. */
async function expectListTotal(page: Page, noun: 'order' | 'repair', count: number): Promise<void> {
  if (count === 0) {
    await expect(page.getByRole('heading', { name: `No ${noun}s match these filters` })).toBeVisible();
    return;
  }
  await expect(
    page.getByRole('main').getByText(`${count} ${count === 1 ? noun : `${noun}s`}`, { exact: true }),
  ).toBeVisible();
}

/** The count a tile's accessible name ends with: "Overdue: 7" → 7. */
async function countIn(element: Locator): Promise<number> {
  const name = (await element.getAttribute('aria-label')) ?? '';
  const count = /: (\d+)(?: \w+)?$/.exec(name)?.[1];
  if (count === undefined) throw new Error(`no count in "${name}"`);
  return Number(count);
}

test("each dashboard tile counts exactly the orders and repairs its links open, in the job views' words", async ({
  page,
  api,
}) => {
  await jobs(api, Date.now().toString(36));
  await signIn(page, ADMIN.email, ADMIN.password);
  const tiles = page.getByRole('region', { name: 'Jobs at a glance' });
  const overdue = tiles.getByRole('group', { name: /^Overdue: \d+$/ });
  await expect(overdue).toBeVisible();
  await expect(overdue).toHaveAttribute('title', 'In work and past its promised date');
  await expect(tiles).not.toContainText(/\blate\b/i);

  const views = [
    ['Overdue', 'overdue'],
    ['Due today', 'due-today'],
    ['Due this week', 'due-this-week'],
    ['At risk', 'at-risk'],
    ['Rush', 'rush'],
    ['Ready for pickup', 'ready-for-pickup'],
    ['Awaiting approval', 'awaiting-approval'],
  ] as const;
  // Every tile's figures first, then every list they open (nothing changes the jobs in between).
  const figures: { label: string; view: string; total: number; orders: number; repairs: number }[] = [];
  for (const [label, view] of views) {
    const tile = tiles.getByRole('group', { name: new RegExp(`^${label}: \\d+$`) });
    const orders = tile.getByRole('link', { name: new RegExp(`^${label}: \\d+ orders?$`) });
    const repairs = tile.getByRole('link', { name: new RegExp(`^${label}: \\d+ repairs?$`) });
    await expect(orders).toHaveAttribute('href', `/orders?view=${view}`);
    await expect(repairs).toHaveAttribute('href', `/repairs?view=${view}`);
    figures.push({
      label,
      view,
      total: await countIn(tile),
      orders: await countIn(orders),
      repairs: await countIn(repairs),
    });
  }
  const offsiteTile = tiles.getByRole('link', { name: /^Offsite: \d+$/ });
  await expect(offsiteTile).toHaveAttribute('href', '/offsite');
  const offsite = await countIn(offsiteTile);

  // The tracking figures' offsite cards count one kind each, and open that kind's offsite list (issue 35).
  const trackingFigures = page.getByRole('region', { name: 'Tracking figures' });
  const statCards: { noun: 'order' | 'repair'; value: number; href: string | null }[] = [];
  for (const [term, noun] of [
    ['Orders offsite', 'order'],
    ['Repairs offsite', 'repair'],
  ] as const) {
    const card = trackingFigures.locator('div').filter({ has: page.getByText(term, { exact: true }) });
    statCards.push({
      noun,
      value: Number(await card.locator('dd').first().textContent()),
      href: await card.getByRole('link').getAttribute('href'),
    });
  }

  const overdueFigures = figures[0];
  expect(overdueFigures?.orders).toBeGreaterThan(0);
  expect(overdueFigures?.repairs).toBeGreaterThan(0);
  for (const figure of figures) expect(figure.total, figure.label).toBe(figure.orders + figure.repairs);

  await setTheme(page, 'Light');
  await saveScreenshot(tiles, {
    path: `${SCREENSHOTS}dashboard-workflow-tiles-light.png`,
    animations: 'disabled',
  });
  await setTheme(page, 'Dark');
  await saveScreenshot(tiles, {
    path: `${SCREENSHOTS}dashboard-workflow-tiles-dark.png`,
    animations: 'disabled',
  });

  // As a person would: the overdue repairs link opens the repairs list on that view, with its chip.
  await overdue.getByRole('link', { name: /repairs?$/ }).click();
  await expect(page).toHaveURL(/\/repairs\?view=overdue$/);
  await expect(page.getByRole('button', { name: 'Remove the filter Overdue' })).toBeVisible();
  await expectListTotal(page, 'repair', overdueFigures?.repairs ?? -1);
  await expect(page.getByRole('main')).not.toContainText(/\blate\b/i);

  for (const figure of figures) {
    await page.goto(`/orders?view=${figure.view}`);
    await expectListTotal(page, 'order', figure.orders);
    await page.goto(`/repairs?view=${figure.view}`);
    await expectListTotal(page, 'repair', figure.repairs);
  }
  for (const card of statCards) {
    expect(card.href).toBe(`/${card.noun}s?view=offsite`);
    await page.goto(card.href ?? '');
    await expectListTotal(page, card.noun, card.value);
  }
  // Offsite opens /offsite, which lists both kinds: as many pieces as the tile says.
  await page.goto('/offsite');
  if (offsite === 0) await expect(page.getByRole('heading', { name: 'Nothing is offsite' })).toBeVisible();
  else
    await expect(page.getByRole('list', { name: 'Offsite items' }).getByRole('listitem')).toHaveCount(
      offsite,
    );
});

test('the board narrows to a job view, opens an old ?due= link on its view, and shows each card’s state in words', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const { overdueOrder, onTimeOrder } = await jobs(api, suffix);
  await signIn(page, ADMIN.email, ADMIN.password);
  const card = (number: string) => page.getByRole('article', { name: new RegExp(`^${number},`) });

  // A link made before the job views: ?due=overdue opens the Overdue view.
  await page.goto('/workflow-dashboard?due=overdue');
  const show = page.getByRole('combobox', { name: 'Show' });
  await expect(show).toHaveText('Overdue');
  const overdue = card(overdueOrder.orderNumber);
  await expect(overdue).toBeVisible();
  await expect(card(onTimeOrder.orderNumber)).toHaveCount(0);
  // Each badge is a word with an icon, its meaning read out after it.
  const badge = (locator: Locator, flag: string) => locator.locator(`[data-job-state="${flag}"]`);
  await expect(badge(overdue, 'rush')).toHaveText('Rush: open and marked rush');
  await expect(badge(overdue, 'overdue')).toHaveText(
    /^Overdue\d+ days?: in work and past its promised date$/,
  );
  await expect(overdue.getByText(/^[\d.]+ h of [\d.]+ h target$/)).toBeVisible();
  await expect(overdue.getByText('Promised Jan 6, 2025')).toBeVisible();
  const board = page.getByRole('main');
  await expect(board).not.toContainText(/\blate\b/i);
  await expect(board).not.toContainText(/phase due/i);

  await show.click();
  await expect(page.getByRole('option')).toHaveText([
    'Every open job',
    'Overdue',
    'Due today',
    'Due this week',
    'At risk',
    'Over phase target',
    'Rush',
    'Offsite',
  ]);
  await chooseOption(show, 'Every open job');
  await expect(page).toHaveURL(/\/workflow-dashboard$/);
  await expect(card(onTimeOrder.orderNumber)).toBeVisible();
  await expect(badge(card(onTimeOrder.orderNumber), 'overdue')).toHaveCount(0);

  await chooseOption(show, 'Rush');
  await expect(page).toHaveURL(/\/workflow-dashboard\?view=rush$/);
  await expect(card(overdueOrder.orderNumber)).toBeVisible();
  await expect(card(onTimeOrder.orderNumber)).toHaveCount(0);

  await page.goto('/workflow-dashboard?view=overdue');
  await expect(overdue).toBeVisible();
  await setTheme(page, 'Light');
  await saveScreenshot(page, {
    path: `${SCREENSHOTS}workflow-dashboard-overdue-light.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await setTheme(page, 'Dark');
  await saveScreenshot(page, {
    path: `${SCREENSHOTS}workflow-dashboard-overdue-dark.png`,
    fullPage: true,
    animations: 'disabled',
  });
});
