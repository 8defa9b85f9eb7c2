import { readFileSync } from 'node:fs';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { epcUriOf } from '@loupe/domain/integrations/epcis-events';
import { WEBHOOK_HEADERS, WEBHOOK_TEST_EVENT_TYPE } from '@loupe/domain/integrations/webhooks';
import type { Page } from '@playwright/test';
import { signWebhook } from '../../apps/server/src/modules/webhooks/signature';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { LoupeApi } from '../support/api';
import { ADMIN, expect, loupeUrl, setTheme, signIn, test, toastOf, uniqueEmail } from '../support/fixtures';
import { startHttpReceiver, type THttpReceiver, type TReceivedRequest } from '../support/http-receiver';
import { SCREENSHOTS, saveScreenshot } from '../support/screenshots';
import { createStation, type TData } from '../support/workshop';

// Issue 41: Settings › Integrations sends workshop events to other systems. Admins only.

/** The header's one value (node gives a string for these). */
function header(request: TReceivedRequest, name: string): string {
  const value = request.headers[name];
  if (typeof value !== 'string') throw new Error(`no ${name} header`);
  return value;
}

/** Whether a delivery carries the Standard Webhooks signature made with `secret`. */
function isSignedWith(request: TReceivedRequest, secret: string): boolean {
  const expected = signWebhook({
    secret,
    id: header(request, WEBHOOK_HEADERS.id),
    timestamp: Number(header(request, WEBHOOK_HEADERS.timestamp)),
    body: request.body,
  });
  return header(request, WEBHOOK_HEADERS.signature).split(' ').includes(expected);
}

/** Adds a webhook for order creation through the dialog; returns the secret it showed, once. */
async function addWebhook(page: Page, url: string): Promise<string> {
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const form = page.getByRole('form', { name: 'New webhook' });
  await form.getByRole('textbox', { name: 'Address' }).fill(url);
  await form.getByLabel('Description').fill('Shop till');
  await form.getByLabel('Order created').check();
  // The server refuses an address on the workshop's own network unless the admin opted in.
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(form.getByText(/This address is on a private network/)).toBeVisible();
  await form.getByLabel('Allow an address on our own network').check();
  await form.getByRole('button', { name: 'Add webhook' }).click();
  const shown = page.getByRole('dialog').getByRole('textbox', { name: 'Signing secret', exact: true });
  await expect(shown).toHaveValue(/^whsec_/);
  const secret = await shown.inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  return secret;
}

let receiver: THttpReceiver;
test.beforeEach(async () => {
  receiver = await startHttpReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test('an admin points EPCIS capture at a local repository, which gets a test document and the events as they happen', async ({
  page,
  api,
}) => {
  receiver.answerWith(202);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/settings/integrations');
  const form = page.getByRole('form', { name: 'EPCIS capture' });
  await form.getByRole('textbox', { name: 'Repository address' }).fill(receiver.url);
  await form.getByLabel('Authorization header').fill('Bearer e2e-repository-token');
  await form.getByRole('switch', { name: 'Capture events' }).click();
  // On 127.0.0.1: refused until the admin opts in to a target on the workshop's own network.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(/This address is on a private network/)).toBeVisible();
  await form.getByLabel('Allow an address on our own network').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toastOf(page, 'EPCIS capture saved')).toBeVisible();
  // Write-only: the page says a value is stored, and holds it nowhere.
  await expect(form.getByText('set', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Authorization header')).toHaveValue('');

  await page.getByRole('button', { name: 'Send a test document' }).click();
  const probe = await receiver.waitFor((request) => request.path === '/capture');
  expect(probe.method).toBe('POST');
  expect(probe.headers.authorization).toBe('Bearer e2e-repository-token');
  const sent = JSON.parse(probe.body) as { type: string; epcisBody: { eventList: unknown[] } };
  expect(sent.type).toBe('EPCISDocument');
  expect(sent.epcisBody.eventList).toHaveLength(1);
  await expect(
    page.getByText(/^The repository answered 202 in \d+ ms: it took the test document\.$/),
  ).toBeVisible();

  // Capture on: a tagged order's events reach the repository without anyone asking.
  const epc = await trackedOrder(api);
  const captured = await receiver.waitFor(
    (request) => request.path === '/capture' && request.body.includes(epcUriOf(epc)),
    60_000,
  );
  expect((JSON.parse(captured.body) as { type: string }).type).toBe('EPCISDocument');
  await expect(page.getByLabel('EPCIS capture status').getByText('none yet')).toHaveCount(0, {
    timeout: 20_000,
  });

  // Off again (this file's later tests close the repository); the settings stay, for the screenshots.
  await form.getByRole('switch', { name: 'Capture events' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('EPCIS capture status').getByText('Off', { exact: true })).toBeVisible();
});

test('an admin subscribes a local receiver, which gets a signed test event; a failed attempt is retried and replayed; turned off, then removed', async ({
  page,
}) => {
  // A failed attempt is retried after 10 s, and the log refreshes every 10 s.
  test.setTimeout(360_000);
  const url = `${receiver.url}/loupe-events`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/settings/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 2 })).toBeVisible();
  await expect(page.getByText('No webhooks')).toBeVisible();

  const secret = await addWebhook(page, url);
  // Shown once: the page keeps it nowhere once the dialog is closed.
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.locator(`input[value="${secret}"]`)).toHaveCount(0);
  const item = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem', { name: url });
  await expect(item).toContainText('Order created');
  await expect(item.getByText('Own network')).toBeVisible();

  // "Send test event": the receiver gets it, signed with the secret the page showed.
  await item.getByRole('button', { name: 'Send test event' }).click();
  const first = await receiver.waitFor((request) => request.path === '/loupe-events');
  expect(first.method).toBe('POST');
  expect(JSON.parse(first.body)).toMatchObject({ type: WEBHOOK_TEST_EVENT_TYPE });
  expect(isSignedWith(first, secret)).toBe(true);
  expect(isSignedWith(first, `whsec_${Buffer.from('another key').toString('base64')}`)).toBe(false);
  const log = page.getByRole('list', { name: 'Webhook deliveries' });
  const delivered = log.getByRole('listitem').filter({ hasText: header(first, WEBHOOK_HEADERS.id) });
  await expect(delivered).toHaveAccessibleName('Test event Delivered', { timeout: 20_000 });
  await expect(delivered).toContainText('Answers: 200');

  // A receiver answering 500: the attempt shows as failed, and it is tried again.
  receiver.answerWith(500);
  await item.getByRole('button', { name: 'Send test event' }).click();
  const failedAttempt = await receiver.waitFor((request) => request !== first);
  const deliveryId = header(failedAttempt, WEBHOOK_HEADERS.id);
  const retried = log.getByRole('listitem').filter({ hasText: deliveryId });
  // "Pending" is also what the row says before the attempt is recorded: wait for its answer through a whole
  // refresh of the log (every 10 s), as CI once read the row between the receiver's 500 and its record.
  await expect(retried).toHaveAccessibleName('Test event Pending', { timeout: 20_000 });
  await expect(retried).toContainText('Answers: 500', { timeout: 20_000 });
  await expect(retried).toContainText('The receiver answered 500');
  await expect(retried.getByRole('button', { name: 'Replay' })).toHaveCount(0);
  receiver.answerWith(200);
  await expect(retried).toHaveAccessibleName('Test event Delivered', { timeout: 60_000 });
  await expect(retried).toContainText('Answers: 500, 200');

  await page.setViewportSize({ width: 1280, height: 900 });
  for (const theme of ['Light', 'Dark'] as const) {
    await setTheme(page, theme);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, {
      path: `${SCREENSHOTS}integrations-${theme.toLowerCase()}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  // Polled: the shell lays itself out for a phone once React has seen the resize (the sidebar goes).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: 'Integrations fits a phone',
    })
    .toBeLessThanOrEqual(390);
  await saveScreenshot(page, { path: `${SCREENSHOTS}integrations-phone-dark.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Replay sends the same delivery (same webhook-id) again.
  const before = receiver.requests.length;
  await retried.getByRole('button', { name: 'Replay' }).click();
  await expect(toastOf(page, 'The delivery will be sent again.')).toBeVisible();
  const replayed = await receiver.waitFor(
    (request) =>
      receiver.requests.indexOf(request) >= before && header(request, WEBHOOK_HEADERS.id) === deliveryId,
  );
  expect(isSignedWith(replayed, secret)).toBe(true);
  await expect(retried).toContainText('Answers: 500, 200, 200', { timeout: 20_000 });

  // Turned off: no test event can be sent to it; then removed.
  await item.getByRole('button', { name: 'Turn off' }).click();
  await expect(item.getByText('Off', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Send test event' })).toBeDisabled();
  await item.getByRole('button', { name: 'Remove' }).click();
  await expect(toastOf(page, 'Webhook removed.')).toBeVisible();
  await expect(page.getByText('No webhooks')).toBeVisible();
});

test('a manager cannot open Settings › Integrations, and the server refuses them its API', async ({
  browser,
  api,
}) => {
  const email = uniqueEmail('manager');
  const password = 'set the stones with care';
  await api.inviteUser({ email, role: 'manager', temporaryPassword: password });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, email, password);
    await page.goto('/settings');
    await expect(page.getByRole('navigation', { name: 'Settings sections' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Integrations' }),
    ).toHaveCount(0);
    await page.goto('/settings/integrations');
    await expect(page.getByRole('heading', { name: ERROR_MESSAGES.accessDenied })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add webhook' })).toHaveCount(0);
  } finally {
    await context.close();
  }
  // The server decides: its webhooks API answers the manager 403 (signed in once above, the invite is taken).
  const manager = new LoupeApi(loupeUrl());
  await manager.signIn(email, password);
  await expect(manager.request('GET', '/webhooks')).rejects.toThrow(/answered 403/);
  await expect(manager.request('GET', '/integrations/epcis-capture')).rejects.toThrow(/answered 403/);
});

/** An order tagged and read at a station through the API: EPCIS events in Loupe's history. Returns its EPC. */
async function trackedOrder(api: LoupeApi): Promise<string> {
  const suffix = Date.now().toString(36);
  const place = await createStation(api, { department: `Setting ${suffix}`, station: 'Bench 3' });
  const customer = await api.request<TData<{ id: string }>>('POST', '/customers', {
    name: `Mary Anning ${suffix}`,
    phone: '+44 20 7946 0958',
  });
  const order = await api.request<TData<{ id: string; orderNumber: string }>>('POST', '/orders', {
    customerId: customer.data.id,
    description: 'Ammonite pendant, reset',
  });
  const epc = `E28011B0${Date.now().toString(16).slice(-8).toUpperCase().padStart(16, '0')}`;
  await api.request('POST', '/tracking/assign-epc', {
    orderId: order.data.id,
    epcCode: epc,
    orderNumber: order.data.orderNumber,
  });
  await api.request('POST', '/tracking/orders/update-location', {
    orderId: order.data.id,
    epcCode: epc,
    departmentId: place.departmentId,
    stationId: place.stationId,
  });
  return epc;
}

test('an admin exports the week’s EPCIS events as an EPCIS 2.0 document; a range without events says so', async ({
  page,
  api,
}) => {
  const epc = await trackedOrder(api);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/settings/integrations');
  const exporter = page.getByRole('form', { name: 'Export EPCIS events' });
  // The last seven workshop days, today included, unless chosen otherwise.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exporter.getByRole('button', { name: 'Export events' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^loupe-epcis-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.jsonld$/);
  const document = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    type: string;
    epcisBody: { eventList: { type: string; epcList?: string[] }[] };
  };
  expect(document.type).toBe('EPCISDocument');
  const ours = document.epcisBody.eventList.filter((event) => event.epcList?.includes(epcUriOf(epc)));
  expect(ours.length).toBeGreaterThan(0);
  expect(ours.every((event) => event.type === 'ObjectEvent')).toBe(true);
  await expect(exporter.getByRole('status')).toContainText(/^Exported \d+ events? from/);

  await exporter.getByLabel('First day').fill('2020-01-01');
  await exporter.getByLabel('Last day').fill('2020-01-31');
  await exporter.getByRole('button', { name: 'Export events' }).click();
  await expect(exporter.getByRole('status')).toHaveText(/^No events from .*: there is nothing to export\.$/);
});
