import type { LoupeApi } from '../support/api';
import { ADMIN, expect, signIn, test } from '../support/fixtures';
import { chooseOption } from '../support/select';
import { createStation, type TData } from '../support/workshop';

type TTrackedOrder = { currentDepartment: { name: string } | null; currentStation: { name: string } | null };

/** A reader whose antenna 1 stands for a station and antenna 2 is the tag-assignment antenna. */
async function workshop(api: LoupeApi, suffix: string) {
  const { departmentId, stationId } = await createStation(api, {
    department: `Polishing ${suffix}`,
    station: 'Wheel 3',
  });
  const readerId = `sim-${suffix}`;
  await api.request('POST', '/readers', { id: readerId, name: `Bench reader ${suffix}`, kind: 'generic' });
  await api.request('PUT', `/readers/${readerId}/antennas/1`, {
    departmentId: departmentId,
    stationId: stationId,
  });
  await api.request('PUT', `/readers/${readerId}/antennas/2`, { isTagAssignment: true });
  return { readerId, readerName: `Bench reader ${suffix}`, place: `Polishing ${suffix} - Wheel 3` };
}

async function newOrder(api: LoupeApi, suffix: string) {
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Katherine Johnson ${suffix}`,
    email: `katherine-${suffix}@example.test`,
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Sapphire cocktail ring',
  });
  return order.data;
}

function uniqueEpc(prefix: string): string {
  return `${prefix}${Date.now().toString(16).slice(-8).toUpperCase().padStart(8, '0')}`;
}

test('an admin sends a read from Settings › RFID simulator: the order moves and the scan toast shows', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const { readerName, readerId, place } = await workshop(api, suffix);
  const order = await newOrder(api, suffix);
  const epc = uniqueEpc('E2801180');
  await api.request('POST', '/tracking/assign-epc', {
    orderId: order.id,
    epcCode: epc,
    orderNumber: order.orderNumber,
  });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'RFID Simulator' })
    .click();
  await page.waitForURL('**/settings/rfid-simulator');
  const form = page.getByRole('form', { name: 'Send a read' });
  await expect(form).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  await chooseOption(form.getByRole('combobox', { name: 'Reader' }), `${readerName} (${readerId})`);
  await chooseOption(form.getByRole('combobox', { name: 'Antenna' }), `Antenna 1 — ${place}`);
  await chooseOption(
    form.getByRole('combobox', { name: 'Tracked item' }),
    new RegExp(`^${order.orderNumber} — ${epc}`),
  );
  await expect(form.getByRole('textbox', { name: 'EPC' })).toHaveValue(epc);
  await form.getByRole('button', { name: 'Send read' }).click();

  // The server's answer on the page, the scan toast by itself (Radix reads it out too: the text is twice).
  const outcome = page.getByRole('status', { name: 'Test read sent' });
  await expect(outcome).toContainText('The pipeline accepted the read.');
  await expect(outcome).toContainText(`${order.orderNumber} moves to ${place}, and its scan toast shows.`);
  await expect(page.getByText(`${order.orderNumber} detected at ${place}`).first()).toBeVisible();
  await expect(page.getByText(`EPC: ${epc}`).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('rfid-simulator.png'), fullPage: true });

  const tracked = await api.request<TData<TTrackedOrder>>('GET', `/tracking/orders/${order.id}`);
  expect(`${tracked.data.currentDepartment?.name} - ${tracked.data.currentStation?.name}`).toBe(place);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText(place).first()).toBeVisible();
});

test('a tag placed on the tag-assignment antenna is offered on an open order screen', async ({
  page,
  context,
  api,
}) => {
  const suffix = `${Date.now().toString(36)}t`;
  const { readerName, readerId } = await workshop(api, suffix);
  const order = await newOrder(api, suffix);
  const epc = uniqueEpc('E2801190');

  await signIn(page, ADMIN.email, ADMIN.password);
  // The order screen is open in one tab; the tag is "placed" from the simulator in another.
  const orderPage = await context.newPage();
  await orderPage.goto(`/orders/${order.id}`);
  await expect(orderPage.getByRole('heading', { level: 1 })).toHaveText(order.orderNumber);
  await expect(orderPage.getByText('Live', { exact: true })).toBeVisible();

  await page.goto('/settings/rfid-simulator');
  const form = page.getByRole('form', { name: 'Send a read' });
  await chooseOption(form.getByRole('combobox', { name: 'Reader' }), `${readerName} (${readerId})`);
  await chooseOption(form.getByRole('combobox', { name: 'Antenna' }), 'Antenna 2 — Tag assignment');
  await form.getByRole('textbox', { name: 'EPC' }).fill(epc);
  await form.getByRole('button', { name: 'Send read' }).click();
  await expect(page.getByRole('status', { name: 'Test read sent' })).toBeVisible();

  const offer = orderPage.getByRole('region', { name: 'Tag just placed' });
  await expect(offer).toContainText(`Tag ${epc} just placed on reader ${readerId} (antenna 2).`);
  await offer.getByRole('button', { name: 'Use this tag' }).click();
  await expect(orderPage.getByLabel('Tag EPC')).toHaveValue(epc);
  await orderPage.getByRole('button', { name: 'Assign tag' }).click();
  await expect(orderPage.getByText(epc).first()).toBeVisible();
  await expect(offer).toBeHidden();
});
