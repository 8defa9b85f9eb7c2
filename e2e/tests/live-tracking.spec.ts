import mqtt from 'mqtt';
import { ADMIN, expect, mqttUrl, signIn, test } from '../support/fixtures';
import { createStation, type TData } from '../support/workshop';

test('a Zebra read published over MQTT moves an order on an open /orders page and shows the scan toast', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  // The workshop: a station, a reader whose antenna 3 stands for it, and a tagged order.
  const { departmentId, stationId } = await createStation(api, {
    department: `Setting ${suffix}`,
    station: 'Bench 7',
  });
  const readerId = `fx-${suffix}`;
  const reader = await api.request<TData<{ apiKey: string }>>('POST', '/readers', {
    id: readerId,
    name: 'Setting bench FX9600',
    kind: 'zebra',
  });
  await api.request('PUT', `/readers/${readerId}/antennas/3`, {
    departmentId: departmentId,
    stationId: stationId,
  });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Grace Hopper ${suffix}`,
    email: `grace-${suffix}@example.test`,
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Emerald pendant',
  });
  const epc = `E2801170${Date.now().toString(16).slice(-8).toUpperCase().padStart(8, '0')}`;
  await api.request('POST', '/tracking/assign-epc', {
    orderId: order.data.id,
    epcCode: epc,
    orderNumber: order.data.orderNumber,
  });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/orders');
  await expect(page.getByText(order.data.orderNumber)).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // The reader publishes a tag data event the way the Zebra IoT Connector does.
  const client = await mqtt.connectAsync(mqttUrl(), {
    clientId: readerId,
    username: readerId,
    password: reader.data.apiKey,
  });
  try {
    const event = {
      type: 'SIMPLE',
      timestamp: new Date().toISOString().replace('Z', '+0000'),
      data: { eventNum: 1, format: 'epc', idHex: epc.toLowerCase(), antenna: 3, peakRssi: -51, reads: 4 },
    };
    await client.publishAsync(`loupe/readers/${readerId}/zebra/data`, JSON.stringify(event), { qos: 1 });

    // Radix also reads the toast out through a live region, so its text is there twice.
    const toast = page.getByText(`${order.data.orderNumber} detected at Setting ${suffix} - Bench 7`).first();
    // Issue 6: on screen within 2 seconds of the reader's publish.
    await expect(toast).toBeVisible({ timeout: 2_000 });
    await expect(page.getByText(`EPC: ${epc}`).first()).toBeVisible();
    // The list row follows without a reload.
    await expect(page.getByText(`Setting ${suffix} - Bench 7`).first()).toBeVisible();
  } finally {
    await client.endAsync();
  }
});
