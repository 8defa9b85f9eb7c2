import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import type { LoupeApi } from '../support/api';
import { ADMIN, expect, loupeUrl, setTheme, signIn, test, toastOf } from '../support/fixtures';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';
import type { TData } from '../support/workshop';

// Issue 39 §1, §2: bags between a workshop and a store. Packed by a button and by a read at the shipping
// station, sent with a carrier; the store's reads tick the envelopes off on the open bag page; a bag closed
// with an envelope still out is received short and says which one.

type TPiece = { readonly id: string; readonly number: string; readonly epc: string };
type TBagSetup = {
  readonly workshop: { readonly id: string; readonly name: string };
  readonly store: { readonly id: string; readonly name: string };
  /** Reads at the workshop's shipping station, and at the store's counter. */
  readonly readAtShipping: (epc: string) => Promise<void>;
  readonly readAtStore: (epc: string) => Promise<void>;
  readonly pieces: readonly TPiece[];
};

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

let epcSequence = 0;
function uniqueEpc(): string {
  epcSequence += 1;
  const stamp = Date.now().toString(16).toUpperCase().padStart(12, '0');
  return `E2803900${stamp}${epcSequence.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** An Impinj R700 on one station: its webhook, as the reader posts it (reader-integration.spec.ts). */
async function readerAt(api: LoupeApi, id: string, departmentId: string, stationId: string) {
  const created = await api.request<TData<{ apiKey: string }>>('POST', '/readers', {
    id,
    name: id,
    kind: 'impinj',
  });
  await api.request('PUT', `/readers/${id}/antennas/1`, { departmentId, stationId });
  return async (epc: string) => {
    const response = await fetch(`${loupeUrl()}/api/v1/rfid/impinj`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(id, created.data.apiKey) },
      body: JSON.stringify([
        {
          timestamp: new Date().toISOString(),
          hostname: id,
          eventType: 'tagInventory',
          tagInventoryEvent: { epcHex: epc, antennaPort: 1, antennaName: '1', peakRssiCdbm: -5200 },
        },
      ]),
    });
    expect(response.status).toBe(200);
  };
}

/** A workshop and a store of this test's own, each with a station and a reader, and pieces at the workshop. */
async function setUp(api: LoupeApi, pieceCount: number): Promise<TBagSetup> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const location = async (name: string, kind: string) =>
    (await api.request<TData<{ id: string; name: string }>>('POST', '/locations', { name, kind })).data;
  const workshop = await location(`Workshop ${suffix}`, 'workshop');
  const store = await location(`Store ${suffix}`, 'store');
  const department = async (locationId: string, name: string) =>
    (await api.request<TData<{ id: string }>>('POST', '/departments', { name, locationId })).data.id;
  const station = async (departmentId: string, name: string, role: string) =>
    (
      await api.request<TData<{ id: string }>>('POST', `/departments/${departmentId}/stations`, {
        name,
        role,
      })
    ).data.id;
  const dispatch = await department(workshop.id, `Dispatch ${suffix}`);
  const bench = await station(dispatch, 'Bench', 'work');
  const shipping = await station(dispatch, 'Shipping', 'shipping');
  const front = await department(store.id, `Front ${suffix}`);
  const counter = await station(front, 'Counter', 'work');
  const readAtShipping = await readerAt(api, `ship-${suffix}`, dispatch, shipping);
  const readAtStore = await readerAt(api, `store-${suffix}`, front, counter);

  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Katherine Johnson ${suffix}`,
    email: `katherine-${suffix}@example.test`,
  });
  const pieces: TPiece[] = [];
  for (const description of ['Sapphire ring', 'Pearl necklace', 'Gold bangle'].slice(0, pieceCount)) {
    const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
      customerId: customer.data.id,
      description,
    });
    const epc = uniqueEpc();
    await api.request('POST', '/tracking/assign-epc', {
      orderId: order.data.id,
      epcCode: epc,
      orderNumber: order.data.orderNumber,
    });
    await api.request('POST', '/tracking/orders/update-location', {
      orderId: order.data.id,
      epcCode: epc,
      departmentId: dispatch,
      stationId: bench,
    });
    pieces.push({ id: order.data.id, number: order.data.orderNumber, epc });
  }
  return { workshop, store, readAtShipping, readAtStore, pieces };
}

/** A bag sent from the workshop to the store through the API, for the tests that start at the other end. */
async function sentBag(api: LoupeApi, setup: TBagSetup) {
  const bag = await api.request<TData<{ id: string; number: string }>>('POST', '/transfers', {
    fromLocationId: setup.workshop.id,
    toLocationId: setup.store.id,
    items: setup.pieces.map((piece) => ({ itemKind: 'order', itemId: piece.id })),
  });
  await api.request('POST', `/transfers/${bag.data.id}/send`, { carrier: 'Courier', trackingNumber: 'C-42' });
  return bag.data;
}

const manifestRow = (page: Page, number: string) =>
  page.getByTestId('manifest-row').filter({ hasText: number });

/** Light, dark and phone pictures of the page as it is, each checked for serious accessibility issues. */
async function screenshots(page: Page, name: string, heading: RegExp | string) {
  await setTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}${name}-light.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await setTheme(page, 'Dark');
  await saveScreenshot(page, { path: `${SCREENSHOTS}${name}-dark.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  // No page-level sideways scrolling on a phone: wide tables scroll inside their card. Polled: the shell lays
  // itself out for a phone once React has seen the resize (the sidebar goes).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${heading} fits a phone`,
    })
    .toBeLessThanOrEqual(390);
  await saveScreenshot(page, { path: `${SCREENSHOTS}${name}-phone-dark.png`, fullPage: true });
  await setTheme(page, 'Light');
  await saveScreenshot(page, { path: `${SCREENSHOTS}${name}-phone-light.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('sending: a bag packed by the New bag button and by a read at the shipping station leaves with its carrier', async ({
  page,
  api,
}) => {
  const setup = await setUp(api, 2);
  const [ring, necklace] = setup.pieces;
  if (!ring || !necklace) throw new Error('no pieces');

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Transfers' }).click();
  await expect(page.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New bag' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bag' });
  await chooseOption(dialog.getByLabel('From'), setup.workshop.name);
  await chooseOption(dialog.getByLabel('To'), setup.store.name);
  await dialog.getByLabel('Bag label (optional)').fill('Blue pouch');
  await dialog.getByRole('searchbox', { name: 'Search orders and repairs' }).fill(ring.number);
  await dialog.getByRole('button', { name: new RegExp(ring.number) }).click();
  await expect(dialog.getByRole('list', { name: 'Envelopes in the bag' })).toContainText(ring.number);
  await dialog.getByRole('button', { name: 'Create bag' }).click();

  await expect(page.getByRole('heading', { name: /^Bag TRF-/, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Packing');
  await expect(manifestRow(page, ring.number)).toContainText('Expected');

  // The necklace's envelope is read at the workshop's shipping station: it goes in the bag being packed there.
  await setup.readAtShipping(necklace.epc);
  await expect(manifestRow(page, necklace.number)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('transfer-counts')).toContainText('0/2 received');

  await page.getByRole('button', { name: 'Send' }).click();
  const send = page.getByRole('dialog', { name: /^Send TRF-/ });
  await send.getByLabel('Carrier').fill('FedEx');
  await send.getByLabel('Tracking number (optional)').fill('7712 3456 9901');
  await send.getByRole('button', { name: 'Send bag' }).click();
  await expect(toastOf(page, `is on its way to ${setup.store.name}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('In transit');
  await expect(page.getByTestId('transfer-carrier')).toHaveText('FedEx · 7712 3456 9901');
  // Sent: the manifest is fixed, and the receiving end's scan box is there.
  await expect(page.getByRole('button', { name: `Take ${ring.number} out of the bag` })).toBeHidden();
  await expect(page.getByLabel('Scan an envelope')).toBeVisible();

  // The store's list shows it coming in.
  await page.goto(`/transfers?location=${setup.store.id}&direction=incoming`);
  const row = page.getByTestId('transfer-row').filter({ hasText: 'Blue pouch' });
  await expect(row).toContainText('FedEx · 7712 3456 9901');
  await expect(row).toContainText('0/2');
  await screenshots(page, 'transfers-list', 'Transfers');
});

test('receiving: reads at the destination tick the envelopes off live on the open bag page', async ({
  page,
  api,
}) => {
  const setup = await setUp(api, 2);
  const [ring, necklace] = setup.pieces;
  if (!ring || !necklace) throw new Error('no pieces');
  const bag = await sentBag(api, setup);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/transfers/${bag.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`Bag ${bag.number}`), level: 1 })).toBeVisible();
  await expect(manifestRow(page, ring.number)).toContainText('Expected');

  await setup.readAtStore(ring.epc);
  await expect(manifestRow(page, ring.number)).toContainText('Received', { timeout: 15_000 });
  await expect(manifestRow(page, necklace.number)).toContainText('Expected');
  await expect(page.getByTestId('transfer-counts')).toContainText('1/2 received');

  await setup.readAtStore(necklace.epc);
  await expect(manifestRow(page, necklace.number)).toContainText('Received', { timeout: 15_000 });
  await expect(page.getByTestId('transfer-counts')).toContainText('2/2 received');

  // Both arrived: the bag closes by itself, received in full.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Received');
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('short');
  await expect(page.getByRole('button', { name: 'Close bag' })).toBeHidden();
});

test('a short bag: closing with an envelope still out asks first, then the bag is received short with it missing', async ({
  page,
  api,
}) => {
  const setup = await setUp(api, 3);
  const [ring, necklace, bangle] = setup.pieces;
  if (!ring || !necklace || !bangle) throw new Error('no pieces');
  const bag = await sentBag(api, setup);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/transfers/${bag.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`Bag ${bag.number}`), level: 1 })).toBeVisible();
  await setup.readAtStore(ring.epc);
  await expect(manifestRow(page, ring.number)).toContainText('Received', { timeout: 15_000 });
  // The necklace is scanned in by hand at the counter.
  await page.getByLabel('Scan an envelope').fill(necklace.number);
  await page.getByRole('button', { name: 'Receive' }).click();
  await expect(manifestRow(page, necklace.number)).toContainText('Received');
  await expect(manifestRow(page, bangle.number)).toContainText('Expected');
  await screenshots(page, 'transfer-bag', new RegExp(`Bag ${bag.number}`));

  // The store's day: the bag coming in.
  await page.goto(`/locations/${setup.store.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(setup.store.name), level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Coming in' }).getByRole('link', { name: bag.number }),
  ).toBeVisible();
  await screenshots(page, 'location-view', new RegExp(setup.store.name));

  await page.getByRole('table', { name: 'Coming in' }).getByRole('link', { name: bag.number }).click();
  await page.getByRole('button', { name: 'Close bag' }).click();
  const confirm = page.getByRole('dialog', { name: `Close ${bag.number}?` });
  await expect(confirm).toContainText('Received short: 1 envelope missing.');
  await confirm.getByRole('button', { name: 'Close received short' }).click();
  await expect(toastOf(page, 'Received short: 1 envelope missing.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Received short');
  await expect(manifestRow(page, bangle.number)).toContainText('Missing');
  await expect(manifestRow(page, ring.number)).toContainText('Received');
  await expect(page.getByTestId('transfer-counts')).toContainText('2/3 received · 1 missing');

  // The printed manifest: only the envelopes, a box to tick for each, and lines to sign — no app shell.
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('[data-print-transfer]');
  await expect(printed).toBeVisible();
  await expect(printed).toContainText(`Manifest ${bag.number}`);
  for (const piece of setup.pieces) await expect(printed).toContainText(piece.number);
  await expect(printed).toContainText('Received by — name, signature, date');
  await expect(page.getByRole('main')).toBeHidden();
  await saveScreenshot(page, { path: `${SCREENSHOTS}transfer-manifest-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
});
