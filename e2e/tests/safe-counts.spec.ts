import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ADMIN, expect, mqttUrl, setTheme, signIn, test, toastOf } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';
import type { TData } from '../support/workshop';

/** Issue 37 §5: a manager chooses the safe, starts a count, watches reads count pieces live, finishes, exports. */
test('a closing count counts the pieces read in the safe as they arrive, and keeps its report to print and export', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  // A location of its own, so the count expects exactly this test's pieces.
  const location = await api.request<TData<{ id: string }>>('POST', '/locations', {
    name: `Vault ${suffix}`,
  });
  const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
    name: `Back office ${suffix}`,
    locationId: location.data.id,
  });
  const station = (name: string) =>
    api.request<TData<{ id: string }>>('POST', `/departments/${department.data.id}/stations`, { name });
  const safe = await station('Safe');
  const bench = await station('Bench');
  const readerId = `safe-${suffix}`;
  const reader = await api.request<TData<{ apiKey: string }>>('POST', '/readers', {
    id: readerId,
    name: 'Safe FX9600',
    kind: 'zebra',
  });
  await api.request('PUT', `/readers/${readerId}/antennas/1`, {
    departmentId: department.data.id,
    stationId: safe.data.id,
  });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Ada Lovelace ${suffix}`,
    email: `ada-${suffix}@example.test`,
  });
  const pieces = [];
  for (const [index, description] of ['Sapphire ring', 'Pearl necklace'].entries()) {
    const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
      customerId: customer.data.id,
      description,
    });
    const epc = `E28011A${index}${Date.now().toString(16).slice(-8).toUpperCase().padStart(8, '0')}`;
    await api.request('POST', '/tracking/assign-epc', {
      orderId: order.data.id,
      epcCode: epc,
      orderNumber: order.data.orderNumber,
    });
    await api.request('POST', '/tracking/orders/update-location', {
      orderId: order.data.id,
      epcCode: epc,
      departmentId: department.data.id,
      stationId: bench.data.id,
    });
    pieces.push({ number: order.data.orderNumber, epc });
  }
  const [ring, necklace] = pieces;
  if (!ring || !necklace) throw new Error('no pieces');

  await signIn(page, ADMIN.email, ADMIN.password);
  await setTheme(page, 'Light');
  await page.getByRole('link', { name: 'Safe Counts' }).click();
  await expect(page.getByRole('heading', { name: 'Safe Counts', level: 1 })).toBeVisible();
  const card = page.getByTestId(`safe-location-${location.data.id}`);
  await expect(card.getByText('No safe chosen yet')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Start count' })).toBeDisabled();

  // The safe is one of the location's stations.
  await chooseOption(card.getByLabel('Safe', { exact: true }), `Safe (Back office ${suffix})`);
  await expect(card.getByText('Its safe is Safe')).toBeVisible();

  // Start with the button (were the calendar's closing passed, the closing count would already run: open it).
  await card.getByRole('button', { name: /Start count|Open the running count/ }).click();
  await expect(page.getByRole('heading', { name: `Safe count, Vault ${suffix}` })).toBeVisible();
  const missing = page.getByTestId('safe-count-missing-list');
  const counted = page.getByTestId('safe-count-counted-list');
  await expect(missing.getByRole('link', { name: ring.number })).toBeVisible();
  await expect(missing.getByRole('link', { name: necklace.number })).toBeVisible();
  await expect(counted.getByText('No piece read in the safe yet.')).toBeVisible();

  // The safe's reader reads the ring's envelope: it moves from missing to counted without a reload.
  const client = await mqtt.connectAsync(mqttUrl(), {
    clientId: readerId,
    username: readerId,
    password: reader.data.apiKey,
  });
  try {
    const event = {
      type: 'SIMPLE',
      timestamp: new Date().toISOString().replace('Z', '+0000'),
      data: {
        eventNum: 1,
        format: 'epc',
        idHex: ring.epc.toLowerCase(),
        antenna: 1,
        peakRssi: -48,
        reads: 3,
      },
    };
    await client.publishAsync(`loupe/readers/${readerId}/zebra/data`, JSON.stringify(event), { qos: 1 });
  } finally {
    await client.endAsync();
  }
  await expect(counted.getByRole('link', { name: ring.number })).toBeVisible({ timeout: 10_000 });
  await expect(missing.getByRole('link', { name: ring.number })).toBeHidden();
  await expect(page.getByTestId('safe-count-counted').getByText('1', { exact: true })).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}safe-count-live-light.png`, fullPage: true });

  await page.getByRole('button', { name: 'Finish count' }).click();
  await expect(toastOf(page, 'Count finished: 1 missing.')).toBeVisible();
  await expect(page.getByText('1 missing', { exact: true })).toBeVisible();

  // The counts kept: the report opens from the list.
  await page.getByRole('button', { name: 'All counts' }).click();
  const row = page.getByTestId('safe-count-row').filter({ hasText: `Vault ${suffix}` });
  await expect(row).toContainText('1');
  await expect(toastOf(page, 'Count finished: 1 missing.')).toBeHidden({ timeout: 15_000 });
  await saveScreenshot(page, { path: `${SCREENSHOTS}safe-counts-light.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByRole('heading', { name: `Safe count, Vault ${suffix}` })).toBeVisible();
  await expect(missing.getByRole('link', { name: necklace.number })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // The CSV for the insurer: a line a piece, what the count found of it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^safe-count-vault-.*\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Result,Job,Kind,Description,Station,Read at');
  expect(csv).toContain(`counted,${ring.number},order,Sapphire ring,Safe,`);
  expect(csv).toContain(`missing,${necklace.number},order,Pearl necklace,Bench,`);

  await saveScreenshot(page, { path: `${SCREENSHOTS}safe-count-report-light.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: `Safe count, Vault ${suffix}` })).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}safe-count-report-phone-light.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await setTheme(page, 'Dark');
  await saveScreenshot(page, { path: `${SCREENSHOTS}safe-count-report-dark.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: `Safe count, Vault ${suffix}` })).toBeVisible();
  await saveScreenshot(page, { path: `${SCREENSHOTS}safe-count-report-phone-dark.png`, fullPage: true });
});
