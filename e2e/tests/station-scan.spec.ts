import { ADMIN, expect, signIn, test } from '../support/fixtures';
import { scanWithWedge } from '../support/scanner';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { createStation, type TData } from '../support/workshop';

test('a wedge scanner at a station without a reader moves the scanned order there', async ({ page, api }) => {
  const suffix = Date.now().toString(36);
  const { stationId } = await createStation(api, {
    department: `Finishing ${suffix}`,
    station: 'Scan bench',
    jewelerName: 'Rosa Quint',
  });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Ada Lovelace ${suffix}`,
    email: `ada-${suffix}@example.test`,
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Platinum band',
  });
  const epc = `E2801180${Date.now().toString(16).slice(-8).toUpperCase().padStart(8, '0')}`;
  await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/departments');
  // Other tests share this server: look in this test's own department.
  await page
    .getByRole('list', { name: `Stations of Finishing ${suffix}` })
    .getByRole('link', { name: 'Scan bench' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan bench' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing here right now' })).toBeVisible();

  await page.getByRole('button', { name: 'Start scan mode' }).click();
  const field = page.getByRole('textbox', { name: 'Scanned tag' });
  await expect(field).toBeFocused();
  // A keyboard-wedge scanner is a keyboard: it types the EPC, spaced as printed, then Enter.
  await page.keyboard.type(
    epc
      .replace(/(.{4})/g, '$1 ')
      .trim()
      .toLowerCase(),
    { delay: 5 },
  );
  await page.keyboard.press('Enter');

  const log = page.getByRole('list', { name: 'Scan log' });
  await expect(log.getByText('Moved here')).toBeVisible();
  await expect(log.getByRole('link', { name: order.data.orderNumber })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  const here = page.getByRole('list', { name: 'Items at Scan bench' });
  await expect(here.getByRole('link', { name: order.data.orderNumber })).toBeVisible();

  // The same envelope scanned again stays put.
  await page.keyboard.type(epc);
  await page.keyboard.press('Enter');
  await expect(log.getByText('Already here')).toBeVisible();

  const tracked = await api.request<TData<{ currentStationId: string }>>(
    'GET',
    `/tracking/orders/${order.data.id}`,
  );
  expect(tracked.data.currentStationId).toBe(stationId);
});

test('a touch kiosk at a bench hears the scanner with no field focused, checks a piece in and checks it out', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const { departmentId, stationId } = await createStation(api, {
    department: `Kiosk ${suffix}`,
    station: 'Touch bench',
  });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Mary Anning ${suffix}`,
    phone: '+44 1297 443 370',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Ammonite pendant',
  });
  const epc = `E2801190${Date.now().toString(16).slice(-8).toUpperCase().padStart(8, '0')}`;
  await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/departments/${departmentId}/stations/${stationId}`);
  await page.getByRole('button', { name: 'Kiosk' }).click();
  const kiosk = page.getByRole('dialog', { name: 'Kiosk: Touch bench' });
  await expect(kiosk).toBeVisible();
  const last = kiosk.getByRole('region', { name: 'Last scan' });

  // The scanner types into no field: the kiosk hears the burst anyway.
  await scanWithWedge(page, epc);
  await expect(last.getByText(`${order.data.orderNumber} checked in`)).toBeVisible();
  await expect(kiosk.getByRole('list', { name: 'Kiosk scans' }).getByText('Scanned')).toBeVisible();

  await kiosk.getByRole('button', { name: /Check out/ }).click();
  await scanWithWedge(page, epc);
  await expect(last.getByText(`${order.data.orderNumber} checked out`)).toBeVisible();
  await expect(last.getByText(/^Next: /)).toBeVisible();
  await saveScreenshot(page, {
    path: `${SCREENSHOTS}station-kiosk-dark.png`,
  });

  const tracked = await api.request<TData<{ currentStationId: string }>>(
    'GET',
    `/tracking/orders/${order.data.id}`,
  );
  expect(tracked.data.currentStationId).toBe(stationId);
  await kiosk.getByRole('button', { name: 'Exit kiosk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Touch bench' })).toBeVisible();
});
