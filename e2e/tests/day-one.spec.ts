import type { TRole } from '@loupe/domain/auth/roles';
import type { Page } from '@playwright/test';
import type { LoupeApi } from '../support/api';
import { ADMIN, expect, setTheme, signIn, test, toastOf, uniqueEmail } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';
import { createStation, type TData } from '../support/workshop';

// What a workshop's staff hit first in the demo (issue 11), as a person sees it.

/** A department with one station, an order and a repair for a new customer: something for every link. */
async function workshopWithJobs(api: LoupeApi, suffix: string) {
  const { departmentId, stationId } = await createStation(api, {
    department: `Setting ${suffix}`,
    station: 'Setter 1',
  });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Abigail Foster ${suffix}`,
    phone: '+1 555 010 4477',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Sapphire halo ring, size 6',
    isRush: true,
    priceCents: 240_000,
  });
  const repair = await api.request<TData<{ id: string; repairNumber: string }>>('POST', '/repairs', {
    customerId: customer.data.id,
    itemDescription: 'Gold chain, broken clasp',
    repairTypes: ['sizing'],
  });
  return {
    departmentId: departmentId,
    stationId: stationId,
    customerId: customer.data.id,
    order: order.data,
    repair: repair.data,
  };
}

async function signInAs(page: Page, api: LoupeApi, role: TRole): Promise<void> {
  if (role === 'admin') return signIn(page, ADMIN.email, ADMIN.password);
  const email = uniqueEmail(role);
  const password = `temporary ${role} passphrase`;
  await api.inviteUser({ email, role, temporaryPassword: password });
  await signIn(page, email, password);
}

test('an order reads in words, keeps its timeline after its tag moves on, and changes status in one click', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const shop = await workshopWithJobs(api, suffix);
  const epc = `E2801160${Date.now().toString(16).toUpperCase().padStart(16, '0')}`;
  await api.request('POST', '/tracking/assign-epc', { orderId: shop.order.id, epcCode: epc });
  await api.request('POST', '/tracking/orders/update-location', {
    orderId: shop.order.id,
    epcCode: epc,
    departmentId: shop.departmentId,
    stationId: shop.stationId,
  });
  // The tag goes on the next job: the first order's past stays with it.
  const next = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: shop.customerId,
    description: 'Matching band',
  });
  await api.request('POST', '/tracking/assign-epc', { orderId: next.data.id, epcCode: epc });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/orders/${shop.order.id}`);
  const history = page.getByRole('list', { name: 'Change history' });
  await expect(history.getByText('Tag moved to another job')).toBeVisible();
  await expect(history.getByText(`moved to ${next.data.orderNumber}`)).toBeVisible();
  await expect(history.getByText(`Customer: Abigail Foster ${suffix}`)).toBeVisible();
  await expect(history).not.toContainText('{');
  await expect(history).not.toContainText('epcReassignedTo');
  await expect(history).not.toContainText('by ,');

  await expect(
    page.getByText('No longer tracked: where this order was while it carried a tag.'),
  ).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Location timeline' });
  await timeline.getByRole('link', { name: `Setting ${suffix} - Setter 1` }).click();
  await expect(page).toHaveURL(new RegExp(`/stations/${shop.stationId}$`));
  await page.goBack();

  // Its read at Setting moved its status with its phase (issue 32); by hand it goes back to design.
  await expect(history.getByText('Status changed from New to In production')).toBeVisible();
  const actions = page.getByRole('region', { name: 'Change status' });
  await actions.getByRole('button', { name: 'In design' }).click();
  await expect(page.getByText('In design', { exact: true }).first()).toBeVisible();
  await expect(history.getByText('Status changed from In production to In design')).toBeVisible();
  await expect(history.getByText('Back to Design for rework (Status set by hand)')).toBeVisible();

  await setTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}order-detail-light.png`, fullPage: true });
  await setTheme(page, 'Dark');
  await saveScreenshot(page, { path: `${SCREENSHOTS}order-detail-dark.png`, fullPage: true });

  // On a phone, where the piece is comes before its details.
  await page.setViewportSize({ width: 390, height: 844 });
  const tracking = await page.getByRole('heading', { name: 'Tracking', exact: true }).boundingBox();
  const details = await page.getByRole('heading', { name: 'Change history' }).boundingBox();
  expect(tracking?.y).toBeLessThan(details?.y ?? 0);
});

test('the orders list moves a selection to a status at once and marks rush jobs', async ({ page, api }) => {
  const suffix = Date.now().toString(36);
  const shop = await workshopWithJobs(api, suffix);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/orders?q=${encodeURIComponent(`Foster ${suffix}`)}`);
  await page.getByRole('checkbox', { name: `Select ${shop.order.orderNumber}` }).check();
  const bar = page.getByRole('region', { name: 'Selected orders' });
  await chooseOption(bar.getByRole('combobox', { name: 'Move selected to' }), 'In design');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('link', { name: new RegExp(shop.order.orderNumber) })).toContainText(
    'In design',
  );
  await setTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}orders-list-light.png` });
  await setTheme(page, 'Dark');
  await saveScreenshot(page, { path: `${SCREENSHOTS}orders-list-dark.png` });
});

test('the dashboard leads from a location to its departments and each station page', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const shop = await workshopWithJobs(api, suffix);
  await signInAs(page, api, 'production');
  // The tagline introduces the dashboard's departments (the sidebar's header repeats it, truncated).
  await expect(
    page
      .getByRole('region', { name: 'Departments and stations' })
      .getByText('Select a location to view departments and track items across our facilities'),
  ).toBeVisible();
  const card = page.getByRole('article', { name: `Setting ${suffix}` });
  await expect(card).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}dashboard-dark.png`, fullPage: true });
  await setTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}dashboard-light.png`, fullPage: true });
  await card.getByRole('link', { name: 'Setter 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/departments/${shop.departmentId}/stations/${shop.stationId}$`));
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
});

test('scan toasts only for what the user has open, placed clear of the controls, and mutable', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const shop = await workshopWithJobs(api, suffix);
  const other = await workshopWithJobs(api, `${suffix}b`);
  const hex = Date.now().toString(16).toUpperCase().padStart(16, '0');
  const tag = async (orderId: string, epc: string) => {
    await api.request('POST', '/tracking/assign-epc', { orderId, epcCode: epc });
  };
  const read = (orderId: string, epc: string, departmentId: string, stationId: string) =>
    api.request('POST', '/tracking/orders/update-location', {
      orderId,
      epcCode: epc,
      departmentId,
      stationId,
    });
  await tag(shop.order.id, `E2801160${hex}`);
  await tag(other.order.id, `E2801161${hex}`);

  await page.setViewportSize({ width: 390, height: 844 });
  // A user of their own: muting is theirs alone, and must not silence other tests' admin.
  await signInAs(page, api, 'manager');
  await page.goto(`/orders/${shop.order.id}`);
  await expect(page.getByRole('heading', { name: 'Tracking', exact: true })).toBeVisible();

  // A piece nobody here is looking at moves, then the open one: only the open one is announced.
  await read(other.order.id, `E2801161${hex}`, other.departmentId, other.stationId);
  await read(shop.order.id, `E2801160${hex}`, shop.departmentId, shop.stationId);
  const toast = toastOf(page, 'detected at');
  await expect(toast).toContainText(`${shop.order.orderNumber} detected at Setting ${suffix} - Setter 1`);
  await expect(page.getByText(`${other.order.orderNumber} detected at`)).toHaveCount(0);
  // On a phone it sits at the bottom, clear of the page title and the menu button.
  const toastBox = await toast.boundingBox();
  for (const control of [
    page.getByRole('heading', { level: 1 }),
    page.getByRole('button', { name: 'Toggle sidebar' }),
  ]) {
    const box = await control.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan(toastBox?.y ?? 0);
  }

  // Muted in Settings › notifications: the next scan of the open piece moves it without a toast.
  await page.goto('/settings/notifications');
  await page.getByRole('switch', { name: 'Scan pop-ups' }).click();
  await expect(page.getByRole('switch', { name: 'Scan pop-ups' })).not.toBeChecked();
  await saveScreenshot(page, { path: `${SCREENSHOTS}settings-notifications-dark.png` });
  await setTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}settings-notifications-light.png` });
  await setTheme(page, 'Dark');
  await page.goto(`/orders/${shop.order.id}`);
  await read(shop.order.id, `E2801160${hex}`, other.departmentId, other.stationId);
  await expect(page.getByRole('list', { name: 'Location timeline' })).toContainText(`Setting ${suffix}b`);
  await expect(page.getByText('detected at')).toHaveCount(0);
});

for (const size of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`every navigation entry can be reached on a ${size.name} (${size.width}×${size.height})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, ADMIN.email, ADMIN.password);
    if (size.name === 'phone') await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const links = navigation.getByRole('link');
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) {
      await link.scrollIntoViewIfNeeded();
      // Visible and on top: nothing (the account block, the edge of the screen) covers its middle.
      const isOnTop = await link.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const hit = document.elementFromPoint(x, y);
        return y > 0 && y < window.innerHeight && hit !== null && element.contains(hit);
      });
      expect(isOnTop, `${await link.textContent()} is reachable`).toBe(true);
    }
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await saveScreenshot(page, { path: `${SCREENSHOTS}navigation-${size.name}-dark.png` });
  });
}
