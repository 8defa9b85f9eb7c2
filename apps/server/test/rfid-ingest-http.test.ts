import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ZValidationDetailsSchema } from '@loupe/domain/errors/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readers } from '../src/db/schema/registry.ts';
import { rfidUnresolvedReads } from '../src/db/schema/rfid.ts';
import { READER_SILENCE_MS } from '../src/modules/ingest/service.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures/rfid', name), 'utf8');

describe.each(TEST_DATABASES)('HTTP ingest from readers on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let fixtures: TTrackingFixtures;
  let zebraKey: string;
  let impinjKey: string;
  let station: { departmentId: string; stationId: string };

  async function createReader(id: string, kind: string): Promise<string> {
    const response = await admin.request('POST', '/api/v1/readers', { body: { id, name: id, kind } });
    expect(response.statusCode).toBe(201);
    return (response.json() as { data: { apiKey: string } }).data.apiKey;
  }

  /** Posts a payload and waits for the applier: a 2xx means journaled, applied just after (decision 025). */
  const post = async (url: string, key: string | null, payload: string, contentType = 'application/json') => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, ...(key ? { 'x-api-key': key } : {}) },
      payload,
    });
    await t.app.loupe.rfid.pipeline.drain();
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp({ database, env: { RFID_DEDUPE_WINDOW_MS: '1000' } });
    admin = (await t.clientAs('admin')).client;
    fixtures = createTrackingFixtures(t.database.db, t.clock);
    const department = await fixtures.department({ name: 'Setting' });
    station = { departmentId: department.id, stationId: (await fixtures.station(department.id)).id };
    zebraKey = await createReader('bench-fx9600', 'zebra');
    impinjKey = await createReader('qa-r700', 'impinj');
    for (const [readerId, antenna] of [
      ['bench-fx9600', 2],
      ['bench-fx9600', 4],
      ['qa-r700', 1],
    ] as const) {
      const mapped = await admin.request('PUT', `/api/v1/readers/${readerId}/antennas/${antenna}`, {
        body: station,
      });
      expect(mapped.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('refuses a request without a valid reader key, and a person’s id token is no key', async () => {
    expect((await post('/api/v1/rfid/zebra', null, fixture('zebra-fx9600-single.json'))).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/v1/rfid/zebra', 'lpr_wrong', fixture('zebra-fx9600-single.json'))).statusCode,
    ).toBe(401);
    const asPerson = await admin.request('POST', '/api/v1/rfid/reads', { body: { epc: 'E2801160' } });
    expect(asPerson.statusCode).toBe(401);
  });

  describe('as the vendors configure their HTTP endpoints (issue 21 §1, §2)', () => {
    const basic = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

    it('takes an Impinj R700 webhook authenticated the only way it can: HTTP Basic, the key as the password', async () => {
      // The R700's webhook settings hold a URL, a user name and a password; it posts its event array so.
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/rfid/impinj',
        headers: { 'content-type': 'application/json', authorization: basic('qa-r700', impinjKey) },
        payload: fixture('impinj-r700-webhook.json'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ data: { accepted: 2, ignored: 1, rejected: [] } });
      expect(response.headers['www-authenticate']).toBeUndefined();
    });

    it('takes a Zebra FX HTTP POST endpoint with Basic authentication, whatever user name it was given', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/rfid/zebra',
        headers: { 'content-type': 'application/json', authorization: basic('zebra', zebraKey) },
        payload: fixture('zebra-fx9600-array.json'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ data: { accepted: 2 } });
    });

    it('refuses Basic with a wrong or missing password, and challenges the reader to send its credentials', async () => {
      for (const authorization of [
        basic('qa-r700', 'lpr_wrong'),
        basic('qa-r700', ''),
        'Basic !!!',
        basic(impinjKey, ''),
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/rfid/impinj',
          headers: { 'content-type': 'application/json', authorization },
          payload: '[]',
        });
        expect(response.statusCode, authorization).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Basic realm="Loupe RFID ingest", charset="UTF-8"');
      }
    });

    it('describes the ingest bodies as the vendors send them, with every accepted authentication', async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<
          string,
          { post: { security: unknown; requestBody: { content: Record<string, { schema: unknown }> } } }
        >;
        components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      };
      for (const path of ['/api/v1/rfid/zebra', '/api/v1/rfid/impinj']) {
        const operation = document.paths[path]?.post;
        expect(operation?.security).toEqual([
          { readerApiKey: [] },
          { readerBearer: [] },
          { readerBasic: [] },
        ]);
        const schema = JSON.stringify(operation?.requestBody.content['application/json']?.schema);
        expect(schema).not.toMatch(/^\{"type":"string"/);
        expect(schema).toContain(path.endsWith('zebra') ? 'idHex' : 'tagInventoryEvent');
      }
      expect(
        document.paths['/api/v1/rfid/impinj']?.post.requestBody.content['application/json']?.schema,
      ).toMatchObject({
        type: 'array',
      });
      expect(document.components.securitySchemes).toMatchObject({
        readerApiKey: { type: 'apiKey' },
        readerBearer: { type: 'http', scheme: 'bearer' },
        readerBasic: { type: 'http', scheme: 'basic' },
      });
    });
  });

  it('moves a tagged order when its Zebra reader reports it, answering once the read is journaled', async () => {
    const order = await fixtures.order();
    const { user } = await t.clientAs('manager');
    await t.app.loupe.tracking.assignEpc(
      { role: 'manager', id: user.id },
      'order',
      order.id,
      'E2801160600002089D7C0DBA',
    );
    const response = await post('/api/v1/rfid/zebra', zebraKey, fixture('zebra-fx9600-single.json'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { accepted: 1, repeats: 0, rejected: [] } });
    expect(await fixtures.trackedRow('order', order.id)).toMatchObject({
      currentStationId: station.stationId,
    });
  });

  it.each([
    ['an array', 'zebra-fx9600-array.json', 'application/json', 2],
    ['NDJSON', 'zebra-ndjson.txt', 'application/x-ndjson', 2],
    ['objects glued }{', 'zebra-glued.txt', 'text/plain', 2],
  ])('reads a Zebra payload sent as %s', async (_name, file, contentType, accepted) => {
    const response = await post('/api/v1/rfid/zebra', zebraKey, fixture(file), contentType);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: { accepted: number } }).data.accepted).toBe(accepted);
  });

  it('takes an Impinj keep-alive as a heartbeat and marks the reader online', async () => {
    const response = await post('/api/v1/rfid/impinj', impinjKey, fixture('impinj-r700-keepalive.json'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { accepted: 0, heartbeats: 1 } });
    const [reader] = await t.database.db.select().from(readers).where(eq(readers.id, 'qa-r700'));
    expect(reader?.status).toBe('online');
    expect(reader?.lastHeartbeat).toBeInstanceOf(Date);
  });

  it('shows a reader offline once it has been silent for a while, and online again when it speaks', async () => {
    await post('/api/v1/rfid/impinj', impinjKey, '[]');
    expect(await t.app.loupe.rfid.markSilentReadersOffline()).not.toContain('qa-r700');
    t.clock.advance(READER_SILENCE_MS + 1000);
    expect(await t.app.loupe.rfid.markSilentReadersOffline()).toContain('qa-r700');
    const [silent] = await t.database.db.select().from(readers).where(eq(readers.id, 'qa-r700'));
    expect(silent?.status).toBe('offline');
    await post('/api/v1/rfid/impinj', impinjKey, '[]');
    const [back] = await t.database.db.select().from(readers).where(eq(readers.id, 'qa-r700'));
    expect(back?.status).toBe('online');
  });

  it('reads an Impinj webhook array and counts the other event types', async () => {
    const response = await post('/api/v1/rfid/impinj', impinjKey, fixture('impinj-r700-webhook.json'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { accepted: 2, ignored: 1, rejected: [] } });
  });

  it('answers 400 with every reason when nothing in a payload can be read', async () => {
    const response = await post(
      '/api/v1/rfid/zebra',
      zebraKey,
      '{"data":{"idHex":"xyz"},"timestamp":"2026-11-21T09:00:00Z"}{oops',
    );
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; message: string; details: unknown };
    expect(body.code).toBe('VALIDATION_FAILED');
    // The one documented shape of validation details, as for any form (issue 21 §6).
    expect(ZValidationDetailsSchema.parse(body.details).issues).toEqual([
      { field: 'body[0]', message: expect.stringContaining('hexadecimal') },
      { field: 'body[1]', message: expect.stringContaining('Malformed JSON') },
    ]);
  });

  // Issue 34 §3: 349,521 empty objects took 8.3 s to refuse, with a 27 MB answer and a log line each.
  it('refuses a payload of more reads than RFID_MAX_READS_PER_PAYLOAD whole, with one short answer', async () => {
    const received = t.app.loupe.rfid.pipeline.counters().received;
    const empties = Array.from({ length: 349_521 }, () => '{}');
    for (const [url, payload] of [
      ['/api/v1/rfid/reads', `[${empties.join(',')}]`],
      ['/api/v1/rfid/zebra', empties.join('\n')],
      ['/api/v1/rfid/impinj', `[${empties.slice(0, 5_001).join(',')}]`],
    ] as const) {
      const response = await post(url, zebraKey, payload);
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toMatchObject({
        status: 413,
        code: 'TOO_MANY_READS',
        message: expect.stringContaining('at most 5,000 reads'),
        details: { maxReadsPerPayload: 5_000 },
      });
      expect(response.body.length, url).toBeLessThan(1_000);
    }
    // Nothing of them was read.
    expect(t.app.loupe.rfid.pipeline.counters().received).toBe(received);
    // At the limit, a payload is read.
    const atLimit = await post('/api/v1/rfid/impinj', zebraKey, `[${empties.slice(0, 5_000).join(',')}]`);
    expect(atLimit.statusCode).toBe(400);
  });

  it('answers a payload of many bad parts with the first reasons and how many more there were', async () => {
    const response = await post('/api/v1/rfid/reads', zebraKey, JSON.stringify(Array(4_000).fill({})));
    expect(response.statusCode).toBe(400);
    const { issues } = ZValidationDetailsSchema.parse(response.json().details);
    expect(issues).toHaveLength(21);
    expect(issues[0]).toMatchObject({ field: 'body[0]' });
    expect(issues[20]).toEqual({ field: 'body', message: '3980 more parts could not be read either.' });
    expect(response.body.length).toBeLessThan(5_000);
  });

  it('shows admins the pipeline counters with the reads of unmapped antennas, and no one else', async () => {
    const unmapped = await post(
      '/api/v1/rfid/reads',
      zebraKey,
      JSON.stringify([
        { epc: 'E2809999', antenna: 9 },
        { epc: 'E2809998', antenna: 9 },
      ]),
    );
    expect(unmapped.statusCode).toBe(200);
    const status = await admin.request('GET', '/api/v1/rfid/status');
    expect(status.statusCode).toBe(200);
    const data = (status.json() as { data: { received: number; unmapped: unknown[] } }).data;
    expect(data.unmapped).toContainEqual({
      readerId: 'bench-fx9600',
      antenna: 9,
      reads: 2,
      lastEpc: expect.stringMatching(/^E280999[89]$/),
      firstSeenAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    expect(data.received).toBeGreaterThanOrEqual(2);
    const { client: manager } = await t.clientAs('manager');
    expect((await manager.request('GET', '/api/v1/rfid/status')).statusCode).toBe(403);
  });

  it('keeps the unplaceable reads in the database: true after a restart and for every instance (issue 21 §5)', async () => {
    await post('/api/v1/rfid/reads', zebraKey, JSON.stringify([{ epc: 'E28077770001', antenna: 2 }]));
    const [stored] = await t.database.db
      .select()
      .from(rfidUnresolvedReads)
      .where(
        and(eq(rfidUnresolvedReads.reason, 'unknown-tag'), eq(rfidUnresolvedReads.readerId, 'bench-fx9600')),
      );
    expect(stored).toMatchObject({ antenna: 2, lastEpc: 'E28077770001' });
    // Counted by another instance (or before a restart): this instance's status shows it all the same.
    await t.database.db.insert(rfidUnresolvedReads).values({
      reason: 'unmapped-antenna',
      readerId: 'qa-r700',
      antenna: 8,
      reads: 41,
      lastEpc: 'E28066660001',
      firstSeenAt: new Date('2026-01-01T08:00:00Z'),
      lastSeenAt: new Date('2026-01-02T08:00:00Z'),
    });
    const data = (await admin.request('GET', '/api/v1/rfid/status')).json().data as {
      unknownTag: number;
      unknownTags: unknown[];
      unmapped: unknown[];
    };
    expect(data.unknownTags).toContainEqual(
      expect.objectContaining({ readerId: 'bench-fx9600', antenna: 2, lastEpc: 'E28077770001' }),
    );
    expect(data.unknownTag).toBeGreaterThanOrEqual(1);
    expect(data.unmapped).toContainEqual({
      readerId: 'qa-r700',
      antenna: 8,
      reads: 41,
      lastEpc: 'E28066660001',
      firstSeenAt: '2026-01-01T08:00:00.000Z',
      lastSeenAt: '2026-01-02T08:00:00.000Z',
    });
  });

  it('keeps each reader’s last refusal by the broker, counted, for /rfid-mapping (issue 21 §5)', async () => {
    const refusal = { readerId: 'qa-r700', reason: 'Published on a topic it may not use.', topic: 'loupe/x' };
    await t.app.loupe.rfid.recordRejection(refusal);
    t.clock.advance(60_000);
    await t.app.loupe.rfid.recordRejection({ ...refusal, reason: 'Refused at connect.', topic: null });
    const data = (await admin.request('GET', '/api/v1/rfid/status')).json().data as { rejections: unknown[] };
    expect(data.rejections).toContainEqual({
      readerId: 'qa-r700',
      reason: 'Refused at connect.',
      topic: null,
      count: 2,
      firstAt: new Date(t.clock().getTime() - 60_000).toISOString(),
      lastAt: t.clock().toISOString(),
    });
  });

  it('shows admins how readers reach this instance over MQTT, with the reader topics', async () => {
    const before = await admin.request('GET', '/api/v1/settings/mqtt');
    expect(before.json()).toMatchObject({ data: { mode: 'none', port: null } });
    t.app.loupe.rfid.setMqttTransport({ mode: 'embedded', port: 18_830, connectedClients: () => 3 });
    const after = (await admin.request('GET', '/api/v1/settings/mqtt')).json() as {
      data: { mode: string; port: number; connectedClients: number; topics: { topic: string }[] };
    };
    expect(after.data).toMatchObject({ mode: 'embedded', port: 18_830, connectedClients: 3 });
    expect(after.data.topics.map((topic) => topic.topic)).toEqual([
      'loupe/readers/{readerId}/zebra',
      'loupe/readers/{readerId}/impinj',
      'loupe/readers/{readerId}/reads',
    ]);
  });

  it('takes generic reads for the key’s own reader only', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rfid/reads',
      headers: { 'x-api-key': zebraKey },
      payload: [
        { epc: 'e2-80-11-60', antenna: 2 },
        { epcCode: 'E2801161', readerId: 'qa-r700' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { accepted: 1, rejected: [{ index: 1, message: expect.stringContaining('not the reader') }] },
    });
  });

  // Issue 34 §1: such a read reached the database and failed its whole batch (a 500 here, and the batch's
  // other readers refused with it).
  it('refuses a read stamped at a time no database holds, and records the rest of its payload', async () => {
    const epc = fixtures.epc();
    const response = await post(
      '/api/v1/rfid/reads',
      zebraKey,
      JSON.stringify([
        { epc: fixtures.epc(), antenna: 2, timestamp: '0000-01-01T00:00:00Z' },
        { epc, antenna: 2, timestamp: new Date(t.clock().getTime() - 60_000).toISOString() },
        { epc: fixtures.epc(), antenna: 2, timestamp: 253_402_300_800_000 },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      accepted: 1,
      rejected: [{ index: 0 }, { index: 2 }],
    });
    const zebra = await post(
      '/api/v1/rfid/zebra',
      zebraKey,
      JSON.stringify({ timestamp: '0000-12-31T23:00:00+0100', data: { idHex: fixtures.epc(), antenna: 2 } }),
    );
    expect(zebra.statusCode, zebra.body).toBe(400);
    expect(zebra.json().details.issues[0].message).toContain('between 0001-01-01 and 9999-12-31');
  });

  it('applies an antenna mapped, moved or unmapped on the readers API from the very next read', async () => {
    const order = await fixtures.order();
    const epc = fixtures.epc();
    const { user } = await t.clientAs('manager');
    await t.app.loupe.tracking.assignEpc({ role: 'manager', id: user.id }, 'order', order.id, epc);
    const other = await fixtures.station(station.departmentId, { name: 'Second bench' });
    const read = (at: string) =>
      post('/api/v1/rfid/reads', zebraKey, JSON.stringify({ epc, antenna: 7, timestamp: at }));

    // Antenna 7 is not mapped yet: the read is counted as unmapped and moves nothing.
    expect((await read('2026-11-21T10:00:00.000Z')).statusCode).toBe(200);
    expect(await fixtures.trackedRow('order', order.id)).toMatchObject({ currentStationId: null });

    const mapped = await admin.request('PUT', '/api/v1/readers/bench-fx9600/antennas/7', {
      body: { departmentId: station.departmentId, stationId: other.id },
    });
    expect(mapped.statusCode).toBe(200);
    expect((await read('2026-11-21T10:01:00.000Z')).statusCode).toBe(200);
    expect(await fixtures.trackedRow('order', order.id)).toMatchObject({ currentStationId: other.id });

    const remapped = await admin.request('PUT', '/api/v1/readers/bench-fx9600/antennas/7', {
      body: station,
    });
    expect(remapped.statusCode).toBe(200);
    expect((await read('2026-11-21T10:02:00.000Z')).statusCode).toBe(200);
    expect(await fixtures.trackedRow('order', order.id)).toMatchObject({
      currentStationId: station.stationId,
    });

    expect((await admin.request('DELETE', '/api/v1/readers/bench-fx9600/antennas/7')).statusCode).toBe(200);
    expect((await read('2026-11-21T10:03:00.000Z')).statusCode).toBe(200);
    expect(await fixtures.trackedRow('order', order.id)).toMatchObject({
      currentStationId: station.stationId,
    });
    expect(t.app.loupe.rfid.pipeline.counters().unmapped['bench-fx9600/7']).toBe(2);
  });
});
