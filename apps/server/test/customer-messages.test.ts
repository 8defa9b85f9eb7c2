import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_DELIVERY_ATTEMPTS } from '@loupe/domain/customer-messages/customer-messages';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settings as settingsTable } from '../src/db/schema/system.ts';
import { trackedItems } from '../src/db/schema/tracking.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { fakeDns } from './support/fake-dns.ts';
import { startSmtpServer } from './support/smtp-server.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

const SECRET_KEY = 'customer-messages-test-secret-key-0123456789';
const ACCOUNT_SID = 'AC0123456789abcdef';
const AUTH_TOKEN = 'twilio-auth-token-do-not-leak';
const FROM = '+15550100000';

type TSmsRequest = {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
};

/** A local server speaking Twilio's Messages API: records each request, answers as `answer` says. */
async function startSmsProvider() {
  const requests: TSmsRequest[] = [];
  const state = { failuresLeft: 0 };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      response.setHeader('content-type', 'application/json');
      if (state.failuresLeft > 0) {
        state.failuresLeft -= 1;
        response.statusCode = 503;
        response.end(JSON.stringify({ code: 20503, message: 'Service unavailable', status: 503 }));
        return;
      }
      response.statusCode = 201;
      response.end(
        JSON.stringify({ sid: `SM${requests.length.toString().padStart(32, '0')}`, status: 'queued' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(TEST_DATABASES)('customer messages on %s', (database) => {
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TTestApp;
  let admin: TTestClient;
  let sales: TTestClient;

  beforeAll(async () => {
    sms = await startSmsProvider();
    smtp = await startSmtpServer();
    t = await createTestApp({
      database,
      env: {
        SECRET_KEY,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        SMTP_ALLOW_PRIVATE_NETWORK: 'true',
        MAIL_FROM: 'Atelier <shop@atelier.test>',
      },
      // A provider's public-looking name that a DNS server answers with a private address (rebinding).
      outboundLookup: fakeDns({ 'sms.provider.test': '127.0.0.1' }),
    });
    admin = (await t.clientAs('admin')).client;
    const general = await admin.request('PUT', '/api/v1/settings/general', {
      body: { companyName: 'Atelier Nord', shopPhone: '+1 555 010 9999' },
    });
    expect(general.statusCode, general.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
    await smtp.close();
  });
  // Tests move the clock by days: each signs in afresh, so its tokens are valid at its own time.
  async function signInAfresh() {
    admin = (await t.clientAs('admin')).client;
    sales = (await t.clientAs('salesperson')).client;
  }
  beforeEach(signInAfresh);
  afterEach(() => {
    sms.state.failuresLeft = 0;
  });

  async function configure(body: Record<string, unknown>) {
    const response = await admin.request('PUT', '/api/v1/settings/customer-messages', { body });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  // The test's provider listens on 127.0.0.1: an on-premises gateway, which the admin allows.
  const smsSettings = () => ({
    accountSid: ACCOUNT_SID,
    fromNumber: FROM,
    baseUrl: sms.baseUrl,
    authToken: AUTH_TOKEN,
    allowPrivateNetwork: true,
  });

  async function createCustomer(body: Record<string, unknown>) {
    const response = await admin.request('POST', '/api/v1/customers', { body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  }

  async function createOrder(customerId: string) {
    const response = await sales.request('POST', '/api/v1/orders', {
      body: { customerId, description: 'Ring', priceCents: 99_000, promisedDate: '2031-06-14' },
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.app.loupe.customerMessages.idle();
    return response.json().data as { id: string; orderNumber: string };
  }

  async function outboxFor(jobId: string) {
    const response = await admin.request('GET', '/api/v1/customer-messages?limit=200');
    expect(response.statusCode, response.body).toBe(200);
    return (
      response.json().data as {
        jobId: string;
        channel: string;
        status: string;
        attempts: number;
        event: string;
        lastError: string | null;
        nextAttemptAt: string | null;
        body: string;
        id: string;
      }[]
    ).filter((message) => message.jobId === jobId);
  }

  it('sends an SMS through the Twilio-compatible API, retrying a failure only after its backoff has passed', async () => {
    await configure({ sendMode: 'automatic', sms: smsSettings() });
    const customerId = await createCustomer({
      name: 'Ada Lovelace',
      phone: '+1 (555) 010-2030',
      contactPreferences: ['sms'],
    });
    const order = await createOrder(customerId);
    const [queued, ...others] = await outboxFor(order.id);
    expect(others).toEqual([]);
    expect(queued).toMatchObject({ event: 'received', channel: 'sms', status: 'queued', attempts: 0 });

    sms.state.failuresLeft = 1;
    const before = sms.requests.length;
    await t.app.loupe.customerMessages.sweep();
    expect(sms.requests.length).toBe(before + 1);
    const [failedOnce] = await outboxFor(order.id);
    expect(failedOnce).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failedOnce?.lastError).toContain('503');
    expect(Date.parse(failedOnce?.nextAttemptAt ?? '')).toBe(t.clock().getTime() + 60_000);

    // Not before its wait is over.
    t.clock.advance(59_000);
    await t.app.loupe.customerMessages.sweep();
    expect(sms.requests.length).toBe(before + 1);

    t.clock.advance(1_000);
    await t.app.loupe.customerMessages.sweep();
    expect(sms.requests.length).toBe(before + 2);
    const [sent] = await outboxFor(order.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    const request = sms.requests.at(-1);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(request?.form.get('To')).toBe('+15550102030');
    expect(request?.form.get('From')).toBe(FROM);
    const text = request?.form.get('Body') ?? '';
    expect(text).toContain(`Hi Ada, Atelier Nord has received your order ${order.orderNumber}.`);
    // The tracking link was issued for the message, and it opens the job's public page.
    const token = /http:\/\/loupe\.test\/t\/([\w-]+)/.exec(text)?.[1];
    expect(token).toBeDefined();
    const page = await t.client().request('GET', `/api/v1/public/tracking/${token}`);
    expect(page.json().data).toMatchObject({ number: order.orderNumber });
  });

  it('gives up after the last attempt, and the outbox retry sends it again', async () => {
    await configure({ sendMode: 'automatic', sms: smsSettings() });
    const customerId = await createCustomer({
      name: 'Alan Turing',
      phone: '+44 20 7946 0001',
      contactPreferences: ['sms'],
    });
    const order = await createOrder(customerId);
    sms.state.failuresLeft = MAX_DELIVERY_ATTEMPTS;
    for (let attempt = 0; attempt < MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      await t.app.loupe.customerMessages.sweep();
      t.clock.advance(60 * 60_000);
    }
    await signInAfresh();
    const [failed] = await outboxFor(order.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS, nextAttemptAt: null });

    const retried = await admin.request('POST', `/api/v1/customer-messages/${failed?.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'queued', attempts: 0 });
    await t.app.loupe.customerMessages.sweep();
    expect((await outboxFor(order.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // Only managers see and retry the outbox.
    expect((await sales.request('POST', `/api/v1/customer-messages/${failed?.id}/retry`)).statusCode).toBe(
      403,
    );
  });

  it('sends an e-mail through SMTP when an order is ready', async () => {
    await configure({ sendMode: 'automatic' });
    const customerId = await createCustomer({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      contactPreferences: ['email'],
    });
    const order = await createOrder(customerId);
    for (const status of ['in_production', 'quality_check', 'ready']) {
      const moved = await sales.request('PATCH', `/api/v1/orders/${order.id}`, { body: { status } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    await t.app.loupe.customerMessages.idle();
    expect((await outboxFor(order.id)).map((message) => message.event).sort()).toEqual([
      'in_progress',
      'ready',
      'received',
    ]);
    await t.app.loupe.customerMessages.sweep();
    expect((await outboxFor(order.id)).every((message) => message.status === 'sent')).toBe(true);
    const mail = smtp.received.find(
      (received) => received.to.includes('grace@example.com') && received.raw.includes('is ready for pickup'),
    );
    expect(mail?.raw).toContain(`Subject: Your order ${order.orderNumber} is ready for pickup`);
    expect(mail?.raw).toContain('From: Atelier <shop@atelier.test>');
  });

  it("honours a customer's opt-out: nothing queued on a channel they did not agree to, nothing sent after they withdrew", async () => {
    await configure({ sendMode: 'automatic', sms: smsSettings() });
    const unwilling = await createCustomer({
      name: 'No Texts',
      phone: '+1 555 010 3333',
      contactPreferences: ['phone'],
    });
    expect(await outboxFor((await createOrder(unwilling)).id)).toEqual([]);

    const customerId = await createCustomer({
      name: 'Changed Mind',
      phone: '+1 555 010 4444',
      contactPreferences: ['sms'],
    });
    const order = await createOrder(customerId);
    expect(await outboxFor(order.id)).toHaveLength(1);
    const optOut = await admin.request('PATCH', `/api/v1/customers/${customerId}`, {
      body: { contactPreferences: ['phone'] },
    });
    expect(optOut.statusCode, optOut.body).toBe(200);
    const before = sms.requests.length;
    await t.app.loupe.customerMessages.sweep();
    expect(sms.requests.length).toBe(before);
    expect((await outboxFor(order.id))[0]).toMatchObject({
      status: 'failed',
      lastError: 'The customer opted out of SMS.',
    });
  });

  it('never gives the SMS auth token back, and stores it sealed', async () => {
    await configure({ sms: smsSettings() });
    const response = await admin.request('GET', '/api/v1/settings/customer-messages');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(AUTH_TOKEN);
    expect(response.json().data.sms).toEqual({
      accountSid: ACCOUNT_SID,
      fromNumber: FROM,
      baseUrl: sms.baseUrl,
      isAuthTokenSet: true,
      allowPrivateNetwork: true,
    });
    const [row] = await t.database.db
      .select()
      .from(settingsTable)
      .where(eq(settingsTable.key, 'customer-messages'));
    expect(JSON.stringify(row?.value)).not.toContain(AUTH_TOKEN);
    const put = await admin.request('PUT', '/api/v1/settings/customer-messages', {
      body: { stillWaitingDays: 9 },
    });
    expect(put.body).not.toContain(AUTH_TOKEN);
    expect(put.json().data.sms.isAuthTokenSet).toBe(true);
    // Managers only (spec §6 style: like Settings › general).
    expect((await sales.request('GET', '/api/v1/settings/customer-messages')).statusCode).toBe(403);
    // Cleared with null.
    const cleared = await admin.request('PUT', '/api/v1/settings/customer-messages', {
      body: { sms: { authToken: null } },
    });
    expect(cleared.json().data.sms.isAuthTokenSet).toBe(false);
  });

  // Issue 34 §2: a manager changed only sms.baseUrl to a listener of theirs, and the stored token went there.
  describe('the SMS provider (issue 34 §2)', () => {
    let listener: Awaited<ReturnType<typeof startSmsProvider>>;
    beforeAll(async () => {
      listener = await startSmsProvider();
    });
    afterAll(() => listener.close());

    const smsCustomer = async (name: string, phone: string) =>
      createCustomer({ name, phone, contactPreferences: ['sms'] });
    const put = (client: TTestClient, body: Record<string, unknown>) =>
      client.request('PUT', '/api/v1/settings/customer-messages', { body });
    const storedSms = async () =>
      (await admin.request('GET', '/api/v1/settings/customer-messages')).json().data.sms as {
        baseUrl: string;
        isAuthTokenSet: boolean;
      };
    const tokensSeenBy = (server: { requests: TSmsRequest[] }) =>
      server.requests.map((request) => request.authorization ?? '').join(' ');

    it('is an admin’s to change: a manager keeps the templates and sending, not the provider', async () => {
      await configure({ sendMode: 'automatic', sms: smsSettings() });
      const { client: manager } = await t.clientAs('manager');
      const refused = await put(manager, { sms: { baseUrl: listener.baseUrl } });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'FORBIDDEN',
        details: { issues: [{ field: 'body.sms' }] },
      });
      for (const sms of [
        { authToken: 'a-token-of-the-manager' },
        { allowPrivateNetwork: true },
        { accountSid: 'AC1' },
      ]) {
        expect((await put(manager, { sms })).statusCode).toBe(403);
      }
      expect((await put(manager, { stillWaitingDays: 21, sendMode: 'automatic' })).statusCode).toBe(200);
      expect((await storedSms()).baseUrl).toBe(sms.baseUrl);
    });

    it('asks for the token again when the address changes, and never sends the stored one elsewhere', async () => {
      await configure({ sendMode: 'automatic', sms: smsSettings() });
      const moved = await put(admin, { sms: { baseUrl: listener.baseUrl } });
      expect(moved.statusCode, moved.body).toBe(400);
      expect(moved.json()).toMatchObject({
        code: 'SECRET_REQUIRED',
        details: { issues: [{ field: 'body.sms.authToken' }] },
      });
      expect(await storedSms()).toMatchObject({ baseUrl: sms.baseUrl, isAuthTokenSet: true });
      // The same address spelled with a trailing slash is the same address.
      expect((await put(admin, { sms: { baseUrl: `${sms.baseUrl}/` } })).statusCode).toBe(200);

      const order = await createOrder(await smsCustomer('Ada Byron', '+1 555 010 7001'));
      await t.app.loupe.customerMessages.sweep();
      expect((await outboxFor(order.id))[0]).toMatchObject({ status: 'sent' });

      // With the token of the new address, it goes there: that token, never the stored one.
      expect(
        (await put(admin, { sms: { baseUrl: listener.baseUrl, authToken: 'the-listeners-own-token' } }))
          .statusCode,
      ).toBe(200);
      const next = await createOrder(await smsCustomer('Ada King', '+1 555 010 7002'));
      await t.app.loupe.customerMessages.sweep();
      expect((await outboxFor(next.id))[0]).toMatchObject({ status: 'sent' });
      expect(tokensSeenBy(listener)).toContain(
        Buffer.from(`${ACCOUNT_SID}:the-listeners-own-token`).toString('base64'),
      );
      expect(tokensSeenBy(listener)).not.toContain(
        Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64'),
      );
    });

    it('sends nothing when the stored address moved without the form (the token is sealed for its address)', async () => {
      await configure({ sendMode: 'automatic', sms: smsSettings() });
      const [row] = await t.database.db
        .select()
        .from(settingsTable)
        .where(eq(settingsTable.key, 'customer-messages'));
      const value = row?.value as { sms: Record<string, unknown> };
      await t.database.db
        .update(settingsTable)
        .set({ value: { ...value, sms: { ...value.sms, baseUrl: listener.baseUrl } } })
        .where(eq(settingsTable.key, 'customer-messages'));
      const before = listener.requests.length;
      const order = await createOrder(await smsCustomer('Moved Behind', '+1 555 010 7003'));
      await t.app.loupe.customerMessages.sweep();
      expect(listener.requests.length).toBe(before);
      expect((await outboxFor(order.id))[0]?.lastError).toContain('entered for another address');
    });

    it.each([
      ['localhost', 'http://localhost:8080'],
      ['an IP', 'http://127.0.0.1:8080'],
      ['a private network', 'https://192.168.1.20'],
      ['another scheme', 'ftp://sms.example.com'],
    ])('refuses %s without the on-premises opt-in (URL_NOT_ALLOWED)', async (_name, baseUrl) => {
      const response = await put(admin, {
        sms: { baseUrl, authToken: 'a-token-for-it', allowPrivateNetwork: false },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(['URL_NOT_ALLOWED', 'VALIDATION_FAILED']).toContain(response.json().code);
      expect(response.json().details.issues[0].field).toBe('body.sms.baseUrl');
    });

    it('resolves the name when sending: one that resolves to a private address gets nothing', async () => {
      const port = new URL(sms.baseUrl).port;
      await configure({
        sendMode: 'automatic',
        sms: {
          ...smsSettings(),
          baseUrl: `http://sms.provider.test:${port}`,
          authToken: AUTH_TOKEN,
          allowPrivateNetwork: false,
        },
      });
      const to = (request: TSmsRequest) => request.form.get('To');
      const order = await createOrder(await smsCustomer('Rebound', '+1 555 010 7004'));
      await t.app.loupe.customerMessages.sweep();
      expect(sms.requests.filter((request) => to(request) === '+15550107004')).toEqual([]);
      const [message] = await outboxFor(order.id);
      expect(message).toMatchObject({ status: 'queued', attempts: 1 });
      expect(message?.lastError).toContain('sms.provider.test resolves to 127.0.0.1');
      // The admin's opt-in lets it through to the gateway on the LAN.
      await configure({ sms: { allowPrivateNetwork: true } });
      t.clock.advance(60_000);
      await t.app.loupe.customerMessages.sweep();
      expect(sms.requests.filter((request) => to(request) === '+15550107004')).toHaveLength(1);
    });
  });

  it('refuses a template with a placeholder Loupe does not know', async () => {
    const response = await admin.request('PUT', '/api/v1/settings/customer-messages', {
      body: {
        templates: { ready: { enabled: true, sms: 'Pay {{price}}', emailSubject: 'x', emailBody: 'y' } },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('with "ask", queues nothing by itself and sends the previewed message in one click', async () => {
    await configure({ sendMode: 'ask', sms: smsSettings() });
    const customerId = await createCustomer({
      name: 'Katherine Johnson',
      phone: '+1 555 010 5555',
      email: 'kj@example.com',
      contactPreferences: ['sms'],
    });
    const order = await createOrder(customerId);
    const moved = await sales.request('PATCH', `/api/v1/orders/${order.id}`, {
      body: { status: 'in_production' },
    });
    expect(moved.statusCode).toBe(200);
    await t.app.loupe.customerMessages.idle();
    expect(await outboxFor(order.id)).toEqual([]);

    const draft = await sales.request('GET', `/api/v1/orders/${order.id}/customer-message`);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({
      event: 'in_progress',
      messages: [{ channel: 'sms', recipient: '+15550105555', subject: null }],
      skipped: [{ channel: 'email', reason: 'no-consent' }],
    });
    // The preview issues no link.
    expect(
      (await sales.request('GET', `/api/v1/orders/${order.id}/tracking-link`)).json().data.link,
    ).toBeNull();

    const sent = await sales.request('POST', `/api/v1/orders/${order.id}/customer-message`, {
      body: { event: 'in_progress' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await outboxFor(order.id)).toMatchObject([
      { event: 'in_progress', channel: 'sms', status: 'queued' },
    ]);
    const designer = (await t.clientAs('designer')).client;
    expect(
      (
        await designer.request('POST', `/api/v1/orders/${order.id}/customer-message`, {
          body: { event: 'ready' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('tells the customer when their piece goes to a vendor on purpose, and not when it is merely unseen', async () => {
    await configure({ sendMode: 'automatic', sms: smsSettings() });
    const customerId = await createCustomer({
      name: 'Marie Curie',
      phone: '+33 1 555 0123',
      contactPreferences: ['sms'],
    });
    const planned = await createOrder(customerId);
    const unseen = await createOrder(customerId);
    const longAgo = new Date(t.clock().getTime() - 5 * 60 * 60_000);
    for (const [order, expectedOffsite, epc] of [
      [planned, true, 'E2000000000000000000A001'],
      [unseen, false, 'E2000000000000000000A002'],
    ] as const) {
      await t.database.db.insert(trackedItems).values({
        itemKind: 'order',
        itemId: order.id,
        epc,
        status: 'active',
        lastSeenAt: longAgo,
        arrivedAt: longAgo,
        expectedOffsite,
      });
    }
    const detected = await t.app.loupe.tracking.detectOffsite(t.clock());
    expect(detected.map((item) => item.itemId).sort()).toEqual([planned.id, unseen.id].sort());
    await t.app.loupe.customerMessages.idle();
    expect((await outboxFor(planned.id)).map((message) => message.event).sort()).toEqual([
      'received',
      'sent_to_vendor',
    ]);
    expect((await outboxFor(unseen.id)).map((message) => message.event)).toEqual(['received']);
    const toVendor = (await outboxFor(planned.id)).find((message) => message.event === 'sent_to_vendor');
    expect(toVendor?.body).toContain('is with one of our specialist partners');
  });

  it('queues "still waiting" once a job has been quiet for the chosen days', async () => {
    await configure({
      sendMode: 'automatic',
      stillWaitingDays: 3,
      templates: {
        still_waiting: {
          enabled: true,
          sms: '{{jobNumber}} is still with us: {{stage}}',
          emailSubject: 's',
          emailBody: 'b',
        },
      },
      sms: smsSettings(),
    });
    const customerId = await createCustomer({
      name: 'Quiet Job',
      phone: '+1 555 010 6666',
      contactPreferences: ['sms'],
    });
    const order = await createOrder(customerId);
    await t.app.loupe.customerMessages.sweep();
    t.clock.advance(2 * 24 * 60 * 60_000);
    await t.app.loupe.customerMessages.sweep();
    await signInAfresh();
    expect((await outboxFor(order.id)).map((message) => message.event)).toEqual(['received']);
    t.clock.advance(2 * 24 * 60 * 60_000);
    await t.app.loupe.customerMessages.sweep();
    await signInAfresh();
    const events = (await outboxFor(order.id)).map((message) => message.event);
    expect(events).toEqual(['still_waiting', 'received']);
    // Once per quiet stretch: the next sweep adds nothing.
    await t.app.loupe.customerMessages.sweep();
    expect(await outboxFor(order.id)).toHaveLength(2);
    await configure({
      templates: { still_waiting: { enabled: false, sms: 'x', emailSubject: 's', emailBody: 'b' } },
    });
  });
});
