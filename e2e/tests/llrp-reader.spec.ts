import net from 'node:net';
import type { Page } from '@playwright/test';
import { startLlrpEmulator, type TLlrpEmulator } from '../../apps/server/src/modules/llrp/emulator';
import { ADMIN, expect, setTheme, signIn, test, toastOf } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';

// An LLRP reader the workshop already owns (issue 40 §1, §4): added on /rfid-mapping by its address, tested,
// its antennas' power set; Loupe connects to it and a tag it reports moves a piece. The reader is the
// server's LLRP emulator, listening on this test's machine.

type TData<T> = { data: T };

/** The part of the ROSpec Loupe added that this test reads. */
type TAntennaConfiguration = { AntennaID: number; RFTransmitter?: { TransmitPower: number } };
type TAiSpec = {
  AntennaIDs?: number[];
  InventoryParameterSpec?: { AntennaConfiguration?: TAntennaConfiguration | TAntennaConfiguration[] };
};

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function openAddLlrpReader(page: Page, { id, host, port }: { id: string; host: string; port: number }) {
  await page.getByRole('button', { name: 'Add reader' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a reader' });
  await dialog.getByRole('textbox', { name: 'Reader id' }).fill(id);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(id);
  await chooseOption(dialog.getByRole('combobox', { name: 'Kind' }), /^LLRP reader/);
  await dialog.getByRole('textbox', { name: 'Host' }).fill(host);
  await dialog.getByRole('spinbutton', { name: 'Port' }).fill(String(port));
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  return dialog;
}

let emulator: TLlrpEmulator | null = null;
test.afterEach(async () => {
  await emulator?.close();
  emulator = null;
});

test('an LLRP reader is added by its address, tested, its antenna power saved, and a tag it reports moves a piece', async ({
  page,
  api,
}) => {
  emulator = await startLlrpEmulator({ port: 0, antennas: 4 });
  const suffix = Date.now().toString(36);
  const readerId = `speedway-${suffix}`;
  const department = await api.request<TData<{ id: string }>>('POST', '/departments', {
    name: `Setting ${suffix}`,
  });
  const station = await api.request<TData<{ id: string }>>(
    'POST',
    `/departments/${department.data.id}/stations`,
    { name: 'Prong bench' },
  );
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Ada Park ${suffix}`,
    phone: '+1 555 010 4477',
  });
  const order = await api.request<TData<{ id: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Sapphire halo ring',
  });
  const epc = `E2801170${Date.now().toString(16).toUpperCase().padStart(16, '0')}`;
  await api.request('POST', '/tracking/assign-epc', { orderId: order.data.id, epcCode: epc });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/rfid-mapping');
  const dialog = await openAddLlrpReader(page, { id: readerId, host: '127.0.0.1', port: emulator.port });
  const result = dialog.getByRole('status').filter({ hasText: 'Connected to' });
  await expect(result).toContainText('Connected to Impinj Speedway R420');
  await expect(result).toContainText('5.14.0.240');
  await expect(result).toContainText('4 antennas');
  const antennas = dialog.getByRole('table', { name: 'Antennas and transmit power' });
  await expect(antennas.getByRole('spinbutton')).toHaveCount(4);
  await antennas.getByRole('spinbutton', { name: 'Transmit power of antenna 1 (dBm)' }).fill('18');
  await antennas.getByRole('checkbox', { name: 'Read with antenna 4' }).click();
  await dialog.getByRole('button', { name: 'Add reader' }).click();
  const added = toastOf(page, `Reader ${readerId} was added`);
  await expect(added).toBeVisible();
  // Closed, so that it does not cover the pictures below.
  await added.getByRole('button', { name: 'Close' }).click();
  await expect(added).toBeHidden();

  // Loupe connects to the reader: the card follows its connection live.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: readerId }) });
  await expect(card.getByText('Connected', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(`127.0.0.1:${emulator.port}`)).toBeVisible();
  await expect(card.getByText('Impinj Speedway R420, firmware 5.14.0.240')).toBeVisible();
  await expect(card.getByText('API key')).toHaveCount(0);
  // The reader was told to read with antennas 1-3, antenna 1 at 18 dBm: its table's 10.00 dBm + 32 × 0.25 dB.
  const rospec = emulator.messages.findLast((message) => message.type === 'ADD_ROSPEC');
  const aiSpec = (rospec?.data.ROSpec as { AISpec?: TAiSpec } | undefined)?.AISpec;
  expect(aiSpec?.AntennaIDs).toEqual([1, 2, 3]);
  const configurations = [aiSpec?.InventoryParameterSpec?.AntennaConfiguration ?? []].flat();
  expect(configurations.find((configuration) => configuration.AntennaID === 1)?.RFTransmitter).toMatchObject({
    TransmitPower: 33,
  });

  // Antenna 1 at the prong bench; the tag the reader reports there moves the ring to it.
  await card.getByRole('button', { name: `Map antenna 1 of ${readerId}` }).click();
  const mapping = page.getByRole('dialog', { name: `Map antenna 1 of ${readerId}` });
  await chooseOption(mapping.getByRole('combobox', { name: 'Department' }), `Setting ${suffix}`);
  await chooseOption(mapping.getByRole('combobox', { name: 'Station' }), 'Prong bench');
  await mapping.getByRole('button', { name: 'Save mapping' }).click();
  await expect(mapping).toBeHidden();
  await expect(card.getByRole('row', { name: 'Antenna 1' })).toContainText(`Setting ${suffix} - Prong bench`);
  emulator.setTags([{ epc, antenna: 1 }]);
  await expect
    .poll(
      async () =>
        (
          await api.request<TData<{ currentStationId: string | null }>>(
            'GET',
            `/tracking/orders/${order.data.id}`,
          )
        ).data.currentStationId,
      { timeout: 20_000 },
    )
    .toBe(station.data.id);
  await expect(card.getByRole('row', { name: 'Antenna 1' })).toContainText(epc);

  // The saved power comes back in the LLRP settings; pictures of them light, dark and on a phone.
  const settingsButton = card.getByRole('button', { name: `LLRP settings of ${readerId}` });
  const settings = page.getByRole('dialog', { name: `LLRP settings of ${readerId}` });
  const power = settings.getByRole('spinbutton', { name: 'Transmit power of antenna 1 (dBm)' });
  for (const [theme, viewport, name] of [
    ['Light', DESKTOP, 'llrp-settings-light'],
    ['Dark', DESKTOP, 'llrp-settings-dark'],
    ['Light', PHONE, 'llrp-settings-phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    await setTheme(page, theme);
    await settingsButton.click();
    await expect(power).toHaveValue('18');
    await expect(settings.getByRole('checkbox', { name: 'Read with antenna 4' })).not.toBeChecked();
    await saveScreenshot(page, { path: `${SCREENSHOTS}${name}.png` });
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await expect(settings).toBeHidden();
  }
});

test('a reader that does not answer shows why, in the server’s words', async ({ page }) => {
  const port = await closedPort();
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/rfid-mapping');
  const dialog = await openAddLlrpReader(page, {
    id: `nowhere-${Date.now().toString(36)}`,
    host: '127.0.0.1',
    port,
  });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The connection test failed', { timeout: 30_000 });
  await expect(alert).toContainText(`Could not reach an LLRP reader at 127.0.0.1:${port}`);
});
