import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { epcisSchemaErrors } from './support/epcis-schema.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';

const env = { SECRET_KEY: 'epcis-capture-test-secret-key-0123456789', WEBHOOK_TIMEOUT_SECONDS: '2' };
const AUTHORIZATION = 'Bearer repository-token-0123456789';

type TCaptured = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** An EPCIS repository on a free local port: records every request, answers as `answers` says (202 after). */
async function startRepository() {
  const received: TCaptured[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = answers.shift() ?? 202;
      if (response.statusCode === 202) response.setHeader('location', '/capture/job-1');
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/epcis`,
    received,
    answers,
    eventIds: (index: number) =>
      (JSON.parse(received[index]?.body ?? '{}').epcisBody?.eventList ?? []).map(
        (event: { eventID: string }) => event.eventID,
      ) as string[],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tagged order read at a station, through the API: three events (commissioning, arriving). */
async function tagAndRead(t: TTestApp, client: TTestClient) {
  const fx = createTrackingFixtures(t.database.db, t.clock);
  const department = await fx.department({ name: `Bench ${crypto.randomUUID().slice(0, 6)}` });
  const station = await fx.station(department.id);
  const order = await fx.order();
  const epc = fx.epc();
  const assigned = await client.request('POST', '/api/v1/tracking/assign-epc', {
    body: { orderId: order.id, epcCode: epc, orderNumber: order.orderNumber },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  // One second, well inside the first retry's 10 s backoff: however late the assignment's capture attempt ends,
  // the move's own sweep finds the retry not yet due (CI once saw a 60 s step make it due and accepted).
  t.clock.advance(1_000);
  const moved = await client.request('POST', '/api/v1/tracking/orders/update-location', {
    body: { orderId: order.id, epcCode: epc, departmentId: department.id, stationId: station.id },
  });
  expect(moved.statusCode, moved.body).toBe(200);
}

/** EPCIS capture (issue 41): the settings, the test event, and capture after each change, through a restart. */
describe.each(TEST_DATABASES)('EPCIS capture settings on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let repository: Awaited<ReturnType<typeof startRepository>>;

  beforeAll(async () => {
    repository = await startRepository();
    t = await createTestApp({ database, env });
    admin = (await t.clientAs('admin')).client;
  });
  afterAll(async () => {
    await t.close();
    await repository.close();
  });

  const save = (body: Record<string, unknown>, client = admin) =>
    client.request('PUT', '/api/v1/integrations/epcis-capture', { body });

  it('keeps the repository’s Authorization sealed, sends a test event with it, and lets only admins in', async () => {
    const empty = await admin.request('GET', '/api/v1/integrations/epcis-capture');
    expect(empty.json().data).toEqual({
      url: '',
      enabled: false,
      hasAuthorization: false,
      allowPrivateNetwork: false,
      lastCaptureAt: null,
      lastError: null,
      pending: 0,
    });
    const untested = await admin.request('POST', '/api/v1/integrations/epcis-capture/test');
    expect(untested.statusCode).toBe(409);
    expect(untested.json()).toMatchObject({ code: 'EPCIS_CAPTURE_NOT_CONFIGURED' });

    const refused = await save({ url: repository.url, enabled: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'URL_NOT_ALLOWED' });

    const saved = await save({
      url: repository.url,
      enabled: false,
      authorization: AUTHORIZATION,
      allowPrivateNetwork: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ url: repository.url, hasAuthorization: true });
    expect(saved.body).not.toContain('repository-token');
    expect((await admin.request('GET', '/api/v1/integrations/epcis-capture')).body).not.toContain(
      'repository-token',
    );

    const tested = await admin.request('POST', '/api/v1/integrations/epcis-capture/test');
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toMatchObject({ ok: true, statusCode: 202, error: null });
    const request = repository.received.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/epcis/capture' });
    expect(request?.headers.authorization).toBe(AUTHORIZATION);
    expect(request?.headers['content-type']).toBe('application/ld+json');
    const document = JSON.parse(request?.body ?? '{}');
    expect(epcisSchemaErrors(document)).toEqual([]);
    expect(document.epcisBody.eventList).toHaveLength(1);

    repository.answers.push(503);
    const failing = await admin.request('POST', '/api/v1/integrations/epcis-capture/test');
    expect(failing.json().data).toMatchObject({
      ok: false,
      statusCode: 503,
      error: 'The repository answered 503',
    });

    // A new address without the Authorization again: it was sealed for the old one.
    const moved = await save({ url: 'http://127.0.0.2:9/epcis', enabled: false, allowPrivateNetwork: true });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ code: 'SECRET_REQUIRED' });

    const { client: manager } = await t.clientAs('manager');
    expect((await manager.request('GET', '/api/v1/integrations/epcis-capture')).statusCode).toBe(403);
    expect((await save({ url: repository.url, enabled: true }, manager)).statusCode).toBe(403);
  });
});

describe('EPCIS capture across a restart', () => {
  let repository: Awaited<ReturnType<typeof startRepository>>;
  let dataDir: string;

  beforeAll(async () => {
    repository = await startRepository();
    dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-epcis-capture-'));
  });
  afterAll(async () => {
    await repository.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('captures each change’s events, retries a 500 after a restart, and sends them once accepted', async () => {
    const first = await createTestApp({
      openedDatabase: await openDatabase({ kind: 'pglite', dataDir }),
      env,
    });
    const { client: admin } = await first.clientAs('admin');
    const saved = await admin.request('PUT', '/api/v1/integrations/epcis-capture', {
      body: { url: repository.url, enabled: true, allowPrivateNetwork: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // What happened before capture was turned on is exported, not pushed.
    expect(saved.json().data.pending).toBe(0);

    // The repository fails the first capture.
    repository.answers.push(500);
    await tagAndRead(first, admin);
    await first.app.loupe.epcisCapture.idle();
    expect(repository.received.length).toBeGreaterThanOrEqual(1);
    const firstIds = repository.eventIds(0);
    expect(firstIds.length).toBeGreaterThanOrEqual(1);
    const failed = (await admin.request('GET', '/api/v1/integrations/epcis-capture')).json().data;
    expect(failed).toMatchObject({ lastError: 'The repository answered 500', lastCaptureAt: null });
    expect(failed.pending).toBeGreaterThan(0);
    const attemptsBefore = repository.received.length;
    await first.close();

    const second = await createTestApp({
      openedDatabase: await openDatabase({ kind: 'pglite', dataDir }),
      env,
      clock: first.clock,
    });
    try {
      // Not due yet: the backoff holds the retry.
      expect(await second.app.loupe.epcisCapture.captureDue()).toBe(0);
      expect(repository.received).toHaveLength(attemptsBefore);
      second.clock.advance(11_000);
      const sent = await second.app.loupe.epcisCapture.captureDue();
      const acceptedAt = second.clock().toISOString();
      expect(sent).toBe(2);
      const accepted = repository.received.at(-1);
      expect(accepted?.url).toBe('/epcis/capture');
      const document = JSON.parse(accepted?.body ?? '{}');
      expect(epcisSchemaErrors(document)).toEqual([]);
      const acceptedIds = repository.eventIds(repository.received.length - 1);
      expect(acceptedIds).toEqual(expect.arrayContaining(firstIds));
      expect(document.epcisBody.eventList.map((event: { bizStep: string }) => event.bizStep)).toEqual([
        'commissioning',
        'arriving',
      ]);
      // Accepted once: nothing more goes out.
      second.clock.advance(3_600_000);
      expect(await second.app.loupe.epcisCapture.captureDue()).toBe(0);
      expect(repository.received).toHaveLength(attemptsBefore + 1);
      const { client } = await second.clientAs('admin', { email: 'after-restart@loupe.test' });
      const view = (await client.request('GET', '/api/v1/integrations/epcis-capture')).json().data;
      expect(view).toMatchObject({ lastError: null, pending: 0, lastCaptureAt: acceptedAt });
    } finally {
      await second.close();
    }
  });
});
