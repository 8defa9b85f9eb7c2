import mqtt from 'mqtt';
import { ADMIN, expect, loupeUrl, mqttUrl, signIn, test } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';

// Readers set up only through their vendors' own settings screens (issue 21): an Impinj R700 webhook and a
// Zebra FX HTTP POST endpoint each take a URL, a user name and a password, nothing else.

type TData<T> = { data: T };

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

test('an R700 webhook and a Zebra HTTP POST endpoint with Basic authentication move a piece; a reader on a foreign topic is shown refused', async ({
  page,
  api,
}) => {
  const suffix = Date.now().toString(36);
  const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
    name: `QA ${suffix}`,
  });
  const station = async (name: string) =>
    (
      await api.request<TData<{ id: string }>>('POST', `/departments/${department.data.id}/stations`, {
        name,
      })
    ).data.id;
  const inspection = await station('Inspection');
  const packing = await station('Packing');
  const reader = async (id: string, kind: string, antenna: number, stationId: string) => {
    const created = await api.request<TData<{ apiKey: string }>>('POST', '/readers', { id, name: id, kind });
    await api.request('PUT', `/readers/${id}/antennas/${antenna}`, {
      departmentId: department.data.id,
      stationId,
    });
    return created.data.apiKey;
  };
  const r700 = `r700-${suffix}`;
  const fx = `fx9600-${suffix}`;
  const r700Key = await reader(r700, 'impinj', 1, inspection);
  const fxKey = await reader(fx, 'zebra', 2, packing);
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Mary Jackson ${suffix}`,
    phone: '+1 555 010 9911',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Pearl studs',
  });
  const epc = `E2801190${Date.now().toString(16).toUpperCase().padStart(16, '0')}`;
  await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });

  // The R700 posts its webhook array with the user name and password of its webhook settings.
  const webhook = await fetch(`${loupeUrl()}/api/v1/rfid/impinj`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basic(r700, r700Key) },
    body: JSON.stringify([
      {
        timestamp: new Date().toISOString(),
        hostname: 'impinj-14-ed-f5',
        eventType: 'tagInventory',
        tagInventoryEvent: { epcHex: epc, antennaPort: 1, antennaName: '1', peakRssiCdbm: -5200 },
      },
    ]),
  });
  expect(webhook.status).toBe(200);
  // A 2xx means journaled; the piece moves once the applier has passed it, milliseconds later (decision 025).
  const currentStation = async () =>
    (await api.request<TData<{ currentStationId: string }>>('GET', `/tracking/orders/${order.data.id}`)).data
      .currentStationId;
  await expect.poll(currentStation).toBe(inspection);

  // A second later the Zebra FX reads it at packing: its HTTP POST endpoint, Basic authentication.
  const zebra = await fetch(`${loupeUrl()}/api/v1/rfid/zebra`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basic(fx, fxKey) },
    body: JSON.stringify({
      type: 'SIMPLE',
      timestamp: new Date(Date.now() + 1000).toISOString().replace('Z', '+0000'),
      data: { eventNum: 7, format: 'epc', idHex: epc.toLowerCase(), antenna: 2, peakRssi: -49, reads: 3 },
    }),
  });
  expect(zebra.status).toBe(200);
  await expect.poll(currentStation).toBe(packing);

  // The FX publishes on the R700's topic: refused and disconnected, and the mapping screen says why.
  const client = await mqtt.connectAsync(mqttUrl(), {
    clientId: fx,
    username: fx,
    password: fxKey,
    reconnectPeriod: 0,
  });
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  client.publish(`loupe/readers/${r700}/impinj`, '[]', { qos: 1 });
  await closed;
  await client.endAsync(true);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/rfid-mapping');
  const fxCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: fx }) });
  await expect(fxCard.getByText(/Refused by the MQTT broker once/)).toBeVisible();
  await expect(fxCard.getByText(`loupe/readers/${r700}/impinj`)).toBeVisible();
  await expect(fxCard.getByRole('row', { name: 'Antenna 2' })).toContainText(epc);
  const r700Card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: r700 }) });
  await expect(r700Card.getByRole('row', { name: 'Antenna 1' })).toContainText(epc);
  await fxCard.scrollIntoViewIfNeeded();
  await saveScreenshot(page, { path: `${SCREENSHOTS}rfid-mapping-dark.png` });
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await saveScreenshot(page, { path: `${SCREENSHOTS}rfid-mapping-light.png` });
});
