import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TWebhookDelivery, TWebhookSubscription } from '@loupe/domain/integrations/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { webhookSubscriptions } from '../src/db/schema/webhooks.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';
import { createWebhooksRepository } from '../src/modules/webhooks/repository.ts';
import { fakeDns } from './support/fake-dns.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

const SECRET_KEY = 'webhooks-test-secret-key-0123456789abcdef';
const env = { SECRET_KEY, WEBHOOK_TIMEOUT_SECONDS: '1' };
// A public-looking name that a DNS server answers with 127.0.0.1: refused after resolution unless allowed.
const outboundLookup = fakeDns({ 'hooks.receiver.test': '127.0.0.1' });

type TReceived = { headers: IncomingHttpHeaders; body: string };
type TAnswer = number | 'hang';

/** A webhook receiver on a free local port: records every request, answers as `answers` says (200 after). */
async function startReceiver() {
  const received: TReceived[] = [];
  const answers: TAnswer[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') {
        hanging.push(response);
        return;
      }
      response.statusCode = answer;
      response.end(answer < 300 ? 'ok' : 'boom');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    /** The webhook-ids received, each once: what a receiver that dedupes keeps. */
    deduped: () => [...new Set(received.map((request) => String(request.headers['webhook-id'])))],
    reset() {
      received.length = 0;
      answers.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function verify(secret: string, request: TReceived): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(request.headers['webhook-signature']).split(' ').includes(expected);
}

const AT = '2026-11-28T10:00:00.000Z';
const orderEvent = (n: number) => ({
  orderId: `order-${n}`,
  orderNumber: `ORD-${n}`,
  status: 'new',
  timestamp: AT,
});

describe('webhooks', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: TTestApp;
  let admin: TTestClient;
  let adminEmail: string;
  let adminId: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ env, outboundLookup });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  // Tests move the clock by a day: each signs in afresh, so its token is valid at its own time.
  beforeEach(async () => {
    const signedIn = await t.clientAs('admin');
    admin = signedIn.client;
    adminEmail = signedIn.user.email;
    adminId = signedIn.user.id;
  });
  afterEach(async () => {
    receiver.reset();
    await t.database.db.delete(webhookSubscriptions);
  });

  async function subscribe(body: Record<string, unknown>, as = admin) {
    const response = await as.request('POST', '/api/v1/webhooks', {
      body: { eventTypes: ['order.created'], allowPrivateNetwork: true, url: receiver.url, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { subscription: TWebhookSubscription; secret: string };
  }

  async function deliveries(subscriptionId: string): Promise<TWebhookDelivery[]> {
    const response = await admin.request(
      'GET',
      `/api/v1/webhooks/deliveries?subscriptionId=${subscriptionId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.items;
  }

  async function announce(app: TTestApp, n: number) {
    app.app.loupe.events.publish('order:created', orderEvent(n));
    await app.app.loupe.webhooks.idle();
  }

  it('delivers a real order creation, signed so the receiver verifies it with the secret', async () => {
    const { subscription, secret } = await subscribe({});
    const customer = await admin.request('POST', '/api/v1/customers', {
      body: { name: 'Ada Lovelace', phone: '+1 555 010 2030' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const order = await admin.request('POST', '/api/v1/orders', {
      body: {
        customerId: customer.json().data.id,
        description: 'Ring',
        priceCents: 99_000,
        promisedDate: '2031-06-14',
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    await t.app.loupe.webhooks.idle();
    // Nothing went out during the request: the outbox holds it until the dispatcher's sweep.
    expect(receiver.received).toHaveLength(0);

    expect(await t.app.loupe.webhooks.deliverDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    if (!request) throw new Error('no request');
    expect(verify(secret, request)).toBe(true);
    expect(verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request)).toBe(false);
    expect(request.headers['content-type']).toBe('application/json');
    expect(Number(request.headers['webhook-timestamp'])).toBe(Math.floor(t.clock().getTime() / 1000));
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      type: 'order.created',
      data: { orderId: order.json().data.id, orderNumber: order.json().data.orderNumber },
    });
    const [logged] = await deliveries(subscription.id);
    expect(logged).toMatchObject({
      id: request.headers['webhook-id'],
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
    });
  });

  it('retries a 500 and delivers once, the log showing both status codes', async () => {
    const { subscription } = await subscribe({});
    receiver.answers.push(500);
    await announce(t, 1);
    await t.app.loupe.webhooks.deliverDue();
    let [delivery] = await deliveries(subscription.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    // Not before its wait (10 s).
    expect(await t.app.loupe.webhooks.deliverDue()).toBe(0);
    t.clock.advance(10_000);
    await t.app.loupe.webhooks.deliverDue();
    [delivery] = await deliveries(subscription.id);
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.deduped()).toEqual([delivery?.id]);
  });

  it('counts no answer within WEBHOOK_TIMEOUT_SECONDS as a failed attempt, then delivers', async () => {
    const { subscription } = await subscribe({});
    receiver.answers.push('hang');
    await announce(t, 2);
    const started = Date.now();
    await t.app.loupe.webhooks.deliverDue();
    expect(Date.now() - started).toBeLessThan(5_000);
    let [delivery] = await deliveries(subscription.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(delivery?.lastError).toMatch(/No answer within 1 s/);
    t.clock.advance(10_000);
    await t.app.loupe.webhooks.deliverDue();
    [delivery] = await deliveries(subscription.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    expect(receiver.deduped()).toEqual([delivery?.id]);
  });

  it('refuses a private target unless the admin allows it, and checks the address again after DNS', async () => {
    const refused = await admin.request('POST', '/api/v1/webhooks', {
      body: { url: receiver.url, eventTypes: ['order.created'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    // A name passes the check when saved; it resolves to 127.0.0.1 when sending: refused there.
    const { subscription } = await subscribe({
      url: `http://hooks.receiver.test:${receiver.port}/hooks`,
      allowPrivateNetwork: false,
    });
    await announce(t, 3);
    await t.app.loupe.webhooks.deliverDue();
    const [delivery] = await deliveries(subscription.id);
    expect(delivery?.status).toBe('pending');
    expect(delivery?.lastError).toMatch(/resolves to 127\.0\.0\.1/);
    expect(receiver.received).toHaveLength(0);
    // The admin allows the on-premises target: it goes out.
    const allowed = await admin.request('PATCH', `/api/v1/webhooks/${subscription.id}`, {
      body: { allowPrivateNetwork: true },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    t.clock.advance(10_000);
    await t.app.loupe.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
  });

  it('shows the secret once and stores it sealed; rotating makes a new one', async () => {
    const { subscription, secret } = await subscribe({});
    expect(secret).toMatch(/^whsec_/);
    const listed = await admin.request('GET', '/api/v1/webhooks');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toContain(secret.slice('whsec_'.length));
    expect(listed.json().data).toEqual([subscription]);
    const [row] = await t.database.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, subscription.id));
    expect(row?.secretSealed).not.toContain(secret.slice('whsec_'.length));
    expect(createSecretBox(() => SECRET_KEY).open(row?.secretSealed ?? '')).toBe(secret);

    const rotated = await admin.request('POST', `/api/v1/webhooks/${subscription.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json().data.secret as string;
    expect(newSecret).not.toBe(secret);
    const test = await admin.request('POST', `/api/v1/webhooks/${subscription.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    await t.app.loupe.webhooks.idle();
    const [request] = receiver.received;
    if (!request) throw new Error('the test event did not arrive');
    expect(JSON.parse(request.body)).toMatchObject({ type: 'webhook.test' });
    expect(verify(newSecret, request)).toBe(true);
    expect(verify(secret, request)).toBe(false);
  });

  it('replays a delivery with the same webhook-id; a pending one is refused', async () => {
    const { subscription } = await subscribe({});
    await announce(t, 4);
    let [delivery] = await deliveries(subscription.id);
    const pending = await admin.request('POST', `/api/v1/webhooks/deliveries/${delivery?.id}/replay`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'WEBHOOK_DELIVERY_PENDING' });
    await t.app.loupe.webhooks.deliverDue();
    const replay = await admin.request('POST', `/api/v1/webhooks/deliveries/${delivery?.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.status).toBe('pending');
    await t.app.loupe.webhooks.deliverDue();
    [delivery] = await deliveries(subscription.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([
      delivery?.id,
      delivery?.id,
    ]);
    expect(receiver.received[0]?.body).toBe(receiver.received[1]?.body);
    const missing = await admin.request(
      'POST',
      '/api/v1/webhooks/deliveries/00000000-0000-4000-8000-000000000000/replay',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
  });

  it('queues events announced together (a batch of moves) each once, for the subscriptions wanting its type', async () => {
    const orders = await subscribe({});
    const repairs = await subscribe({ eventTypes: ['repair.created'] });
    for (const n of [20, 21, 22]) t.app.loupe.events.publish('order:created', orderEvent(n));
    await t.app.loupe.webhooks.idle();
    const queued = await deliveries(orders.subscription.id);
    expect(queued.map((item) => (item.payload as { data: { orderId: string } }).data.orderId).sort()).toEqual(
      ['order-20', 'order-21', 'order-22'],
    );
    expect(await deliveries(repairs.subscription.id)).toEqual([]);
  });

  it('pages the delivery log, newest first', async () => {
    const { subscription } = await subscribe({});
    for (const n of [10, 11, 12]) {
      await announce(t, n);
      t.clock.advance(1_000);
    }
    const first = await admin.request(
      'GET',
      `/api/v1/webhooks/deliveries?subscriptionId=${subscription.id}&limit=2`,
    );
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data;
    expect(page.total).toBe(3);
    expect(
      page.items.map(
        (item: TWebhookDelivery) => (item.payload as { data: { orderId: string } }).data.orderId,
      ),
    ).toEqual(['order-12', 'order-11']);
    const second = await admin.request(
      'GET',
      `/api/v1/webhooks/deliveries?subscriptionId=${subscription.id}&limit=2&cursor=${page.nextCursor}`,
    );
    const rest = second.json().data;
    expect(
      rest.items.map(
        (item: TWebhookDelivery) => (item.payload as { data: { orderId: string } }).data.orderId,
      ),
    ).toEqual(['order-10']);
    expect(rest.nextCursor).toBeNull();
    // A cursor this list did not make is refused, not sent to the database.
    for (const cursor of ['not-a-cursor', encodeURIComponent(JSON.stringify({ value: 'soon', id: 'x' }))]) {
      const bad = await admin.request(
        'GET',
        `/api/v1/webhooks/deliveries?cursor=${encodeURIComponent(cursor)}`,
      );
      expect(bad.statusCode, bad.body).toBe(400);
    }
  });

  it('disables a subscription after 24 h of failures and tells its admin', async () => {
    const { subscription } = await subscribe({});
    const started = t.clock().getTime();
    await announce(t, 5);
    let attempts = 0;
    // Read through the service: an id token would expire as the clock moves through the day.
    const actor = { id: adminId, role: 'admin' as const };
    for (;;) {
      receiver.answers.push(500);
      await t.app.loupe.webhooks.deliverDue();
      attempts += 1;
      const [delivery] = (
        await t.app.loupe.webhooks.deliveries(actor, { subscriptionId: subscription.id, limit: 5 })
      ).items;
      if (delivery?.status !== 'pending' || !delivery.nextAttemptAt) break;
      // Still enabled before the day is up.
      expect((await t.app.loupe.webhooks.list(actor))[0]?.enabled).toBe(true);
      t.clock.set(new Date(delivery.nextAttemptAt));
      if (attempts > 40) throw new Error('never gave up');
    }
    expect(t.clock().getTime() - started).toBe(24 * 3_600_000);
    admin = (await t.clientAs('admin')).client;
    const [delivery] = await deliveries(subscription.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts, lastStatusCode: 500 });
    expect(delivery?.attemptLog.every((attempt) => attempt.statusCode === 500)).toBe(true);

    const listed = (await admin.request('GET', '/api/v1/webhooks')).json().data as TWebhookSubscription[];
    expect(listed[0]).toMatchObject({ enabled: false, disabledAt: t.clock().toISOString() });
    expect(listed[0]?.disabledReason).toMatch(/24 hours/);
    // Events for a disabled subscription are not queued.
    await announce(t, 6);
    expect(await deliveries(subscription.id)).toHaveLength(1);

    // The admin who added it has a notice (signed in afresh: a day has passed).
    const creator = t.client();
    creator.idToken = (await t.signIn(adminEmail)).IdToken;
    const notices = await creator.request('GET', '/api/v1/notifications');
    expect(notices.statusCode, notices.body).toBe(200);
    expect(JSON.stringify(notices.json().data)).toContain('A webhook was disabled');

    // Off, it sends nothing: no test event, no replay.
    const test = await admin.request('POST', `/api/v1/webhooks/${subscription.id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json()).toMatchObject({ code: 'WEBHOOK_DISABLED' });
    const replay = await admin.request('POST', `/api/v1/webhooks/deliveries/${delivery?.id}/replay`);
    expect(replay.json()).toMatchObject({ code: 'WEBHOOK_DISABLED' });

    // Turned on again, it is a fresh start.
    const reenabled = await admin.request('PATCH', `/api/v1/webhooks/${subscription.id}`, {
      body: { enabled: true },
    });
    expect(reenabled.json().data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('lets only admins manage webhooks', async () => {
    const { subscription } = await subscribe({});
    for (const role of ['manager', 'salesperson'] as const) {
      const { client } = await t.clientAs(role);
      expect((await client.request('GET', '/api/v1/webhooks')).statusCode).toBe(403);
      const create = await client.request('POST', '/api/v1/webhooks', {
        body: { url: receiver.url, eventTypes: ['order.created'], allowPrivateNetwork: true },
      });
      expect(create.statusCode).toBe(403);
      expect((await client.request('POST', `/api/v1/webhooks/${subscription.id}/test`)).statusCode).toBe(403);
      expect((await client.request('GET', '/api/v1/webhooks/deliveries')).statusCode).toBe(403);
    }
  });

  it('documents every event body in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json();
    expect(document.components.schemas['Webhook.order.created'].properties.type.enum).toEqual([
      'order.created',
    ]);
    expect(document.components.schemas['Webhook.design.approved'].description).toMatch(/webhook-signature/);
    expect(document.paths['/api/v1/webhooks']).toBeDefined();
  });
});

describe('webhooks across a restart', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let dataDir: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-webhooks-'));
  });
  afterAll(async () => {
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends after a restart what was queued or in flight before it, each event once', async () => {
    const first = await createTestApp({
      openedDatabase: await openDatabase({ kind: 'pglite', dataDir }),
      env,
      outboundLookup,
    });
    const { client: admin } = await first.clientAs('admin');
    const created = await admin.request('POST', '/api/v1/webhooks', {
      body: { url: receiver.url, eventTypes: ['order.created'], allowPrivateNetwork: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = created.json().data;
    // One delivered before the restart.
    first.app.loupe.events.publish('order:created', orderEvent(1));
    await first.app.loupe.webhooks.idle();
    await first.app.loupe.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    // Two announced just before the app stops: closing waits for them to reach the outbox. A third is in
    // flight when the instance stops: claimed under a lease, never answered.
    first.app.loupe.events.publish('order:created', orderEvent(2));
    await first.app.loupe.webhooks.idle();
    const now = first.clock();
    const inFlight = await createWebhooksRepository(first.database.db).claimDue(
      now,
      new Date(now.getTime() + 70_000),
    );
    expect(inFlight).toHaveLength(1);
    first.app.loupe.events.publish('order:created', orderEvent(3));
    first.app.loupe.events.publish('order:created', orderEvent(4));
    await first.close();
    expect(receiver.received).toHaveLength(1);

    const second = await createTestApp({
      openedDatabase: await openDatabase({ kind: 'pglite', dataDir }),
      env,
      outboundLookup,
      clock: first.clock,
    });
    try {
      // The receiver fails the first attempt after the restart once.
      receiver.answers.push(500);
      expect(await second.app.loupe.webhooks.deliverDue()).toBe(2);
      second.clock.advance(10_000);
      expect(await second.app.loupe.webhooks.deliverDue()).toBe(1);
      // The one in flight waits for its lease to run out, then goes, under the same id.
      second.clock.advance(60_000);
      expect(await second.app.loupe.webhooks.deliverDue()).toBe(1);
      second.clock.advance(3_600_000);
      expect(await second.app.loupe.webhooks.deliverDue()).toBe(0);
      // Four events, four ids, every request verified; the one that met a 500 arrived twice under one id.
      expect(receiver.deduped()).toHaveLength(4);
      expect(receiver.deduped()).toContain(inFlight[0]?.id);
      const bodies = new Map(
        receiver.received.map((request) => [request.headers['webhook-id'], request.body]),
      );
      expect([...bodies.values()].map((body) => JSON.parse(body).data.orderId).sort()).toEqual([
        'order-1',
        'order-2',
        'order-3',
        'order-4',
      ]);
      expect(receiver.received.every((request) => verify(secret, request))).toBe(true);
      expect(receiver.received).toHaveLength(5);
    } finally {
      await second.close();
    }
  });
});
