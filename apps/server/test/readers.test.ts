import type { TAntennaMapping, TReader } from '@loupe/domain/registry/readers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readers } from '../src/db/schema/registry.ts';
import { auditLog } from '../src/db/schema/system.ts';
import { createReadersRepository, type TReadersRepository } from '../src/modules/readers/repository.ts';
import { createReadersService } from '../src/modules/readers/service.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

describe.each(TEST_DATABASES)('RFID readers on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let adminId: string;
  let manager: TTestClient;
  let repository: TReadersRepository;
  let counter = 0;
  const uniqueId = (base: string) => `${base}-${++counter}`;

  beforeAll(async () => {
    t = await createTestApp({ database });
    const signedIn = await t.clientAs('admin');
    admin = signedIn.client;
    adminId = signedIn.user.id;
    manager = (await t.clientAs('manager')).client;
    repository = createReadersRepository(t.database.db);
  });
  afterAll(() => t.close());

  async function newReader(body: Record<string, unknown> = {}): Promise<{ reader: TReader; apiKey: string }> {
    const response = await admin.request('POST', '/api/v1/readers', {
      body: { id: uniqueId('fx-casting'), name: 'Casting FX9600', kind: 'zebra', ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  /** A department with two stations, and a second department with one, through the registry API. */
  async function newDepartments() {
    const make = async (name: string) =>
      (await admin.request('POST', '/api/v1/departments', { body: { name: `${name} ${++counter}` } })).json()
        .data;
    const station = async (departmentId: string, name: string) =>
      (await admin.request('POST', `/api/v1/departments/${departmentId}/stations`, { body: { name } })).json()
        .data;
    const casting = await make('Casting');
    const polishing = await make('Polishing');
    return {
      casting,
      polishing,
      bench1: await station(casting.id, 'Bench 1'),
      bench2: await station(casting.id, 'Bench 2'),
      wheel: await station(polishing.id, 'Wheel'),
    };
  }

  describe('keys', () => {
    it('shows a new reader’s API key once, stores only its digest and prefix', async () => {
      const { reader, apiKey } = await newReader({ name: 'Polishing R700', kind: 'impinj' });
      expect(apiKey).toMatch(/^lpr_[A-Za-z0-9_-]{43}$/);
      expect(reader).toEqual({
        id: expect.any(String),
        name: 'Polishing R700',
        kind: 'impinj',
        apiKeyPrefix: apiKey.slice(0, 8),
        status: 'offline',
        lastHeartbeat: null,
        antennas: [],
        createdAt: t.clock().toISOString(),
        updatedAt: t.clock().toISOString(),
      });

      const [row] = await t.database.db.select().from(readers).where(eq(readers.id, reader.id));
      expect(JSON.stringify(row)).not.toContain(apiKey);
      expect(JSON.stringify(row)).not.toContain(apiKey.slice(8));
      const read = await admin.request('GET', `/api/v1/readers/${reader.id}`);
      expect(read.json().data).toEqual(reader);
      expect(read.body).not.toContain(apiKey.slice(8));
      const list = await admin.request('GET', '/api/v1/readers?limit=200');
      expect(list.body).not.toContain(apiKey.slice(8));
    });

    it('finds the reader an ingest key belongs to, and nothing for a wrong or empty key', async () => {
      const { reader, apiKey } = await newReader();
      expect((await repository.findReaderByApiKey(apiKey))?.id).toBe(reader.id);
      expect(await repository.findReaderByApiKey(`${apiKey.slice(0, -1)}x`)).toBeUndefined();
      expect(await repository.findReaderByApiKey(reader.apiKeyPrefix)).toBeUndefined();
      expect(await repository.findReaderByApiKey('')).toBeUndefined();
    });

    it('rotates a key: the new one works, the old one stops working at once', async () => {
      const { reader, apiKey: oldKey } = await newReader();
      t.clock.advance(1_000);
      const response = await admin.request('POST', `/api/v1/readers/${reader.id}/api-key`);
      expect(response.statusCode).toBe(200);
      const { reader: rotated, apiKey: newKey } = response.json().data;
      expect(newKey).not.toBe(oldKey);
      expect(rotated).toEqual({
        ...reader,
        apiKeyPrefix: newKey.slice(0, 8),
        updatedAt: t.clock().toISOString(),
      });
      expect(await repository.findReaderByApiKey(oldKey)).toBeUndefined();
      expect((await repository.findReaderByApiKey(newKey))?.id).toBe(reader.id);
    });

    it('audits creation, rotation and deletion without ever writing a key', async () => {
      const { reader, apiKey } = await newReader();
      const rotated = (await admin.request('POST', `/api/v1/readers/${reader.id}/api-key`)).json().data
        .apiKey;
      expect((await admin.request('DELETE', `/api/v1/readers/${reader.id}`)).statusCode).toBe(200);
      const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, reader.id));
      expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
        ['readers.created', adminId],
        ['readers.api_key_rotated', adminId],
        ['readers.deleted', adminId],
      ]);
      expect(entries[0]?.correlationId).toEqual(expect.any(String));
      const written = JSON.stringify(entries);
      expect(written).not.toContain(apiKey.slice(8));
      expect(written).not.toContain(rotated.slice(8));
    });

    it('uses the random source it is given, so a key can be predicted in tests only', async () => {
      const service = createReadersService({
        readers: repository,
        audit: t.app.loupe.audit,
        clock: t.clock,
        randomKey: () => 'known-random-part',
      });
      const created = await service.create(
        { id: adminId, role: 'admin' },
        { id: uniqueId('predictable'), name: 'Bench wedge', kind: 'keyboard' },
        { ip: '127.0.0.1', correlationId: 'test-correlation' },
      );
      expect(created.apiKey).toBe('lpr_known-random-part');
      expect(created.reader.apiKeyPrefix).toBe('lpr_know');
    });
  });

  describe('managing readers', () => {
    it('refuses a reader id that is already taken', async () => {
      const { reader } = await newReader();
      const response = await admin.request('POST', '/api/v1/readers', {
        body: { id: reader.id, name: 'Copy', kind: 'generic' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: `A reader with the id ${reader.id} already exists.`,
      });
    });

    it.each([
      ['an id with spaces', { id: 'reader one', name: 'R', kind: 'zebra' }],
      ['an unknown kind', { id: 'reader-x', name: 'R', kind: 'alien' }],
      ['a blank name', { id: 'reader-y', name: ' ', kind: 'zebra' }],
    ])('refuses %s with VALIDATION_FAILED', async (_label, body) => {
      const response = await admin.request('POST', '/api/v1/readers', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('lists readers with their antennas, searches by id or name, and says when nothing matches', async () => {
      const { reader } = await newReader({ name: 'Rhodium line' });
      const found = (await admin.request('GET', '/api/v1/readers?q=rhodium')).json().data;
      expect(found).toEqual({ items: [reader], total: 1, nextCursor: null });
      const none = (await admin.request('GET', '/api/v1/readers?q=no-such-reader')).json().data;
      expect(none).toEqual({ items: [], total: 0, nextCursor: null });
    });

    it('renames a reader or changes its kind, keeping the rest', async () => {
      const { reader } = await newReader();
      const response = await admin.request('PATCH', `/api/v1/readers/${reader.id}`, {
        body: { kind: 'generic' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        ...reader,
        kind: 'generic',
        updatedAt: t.clock().toISOString(),
      });
    });

    it('deletes a reader with its mappings, and its key stops working', async () => {
      const { casting, bench1 } = await newDepartments();
      const { reader, apiKey } = await newReader();
      await admin.request('PUT', `/api/v1/readers/${reader.id}/antennas/1`, {
        body: { departmentId: casting.id, stationId: bench1.id },
      });
      expect((await admin.request('DELETE', `/api/v1/readers/${reader.id}`)).statusCode).toBe(200);
      expect((await admin.request('GET', `/api/v1/readers/${reader.id}`)).statusCode).toBe(404);
      expect(await repository.findReaderByApiKey(apiKey)).toBeUndefined();
      expect((await repository.listAntennaMappings()).filter((m) => m.readerId === reader.id)).toEqual([]);
    });

    it('answers 404 for an unknown reader', async () => {
      for (const [method, url, body] of [
        ['GET', '/api/v1/readers/nope', undefined],
        ['PATCH', '/api/v1/readers/nope', { name: 'x' }],
        ['DELETE', '/api/v1/readers/nope', undefined],
        ['POST', '/api/v1/readers/nope/api-key', undefined],
        ['PUT', '/api/v1/readers/nope/antennas/1', { isTagAssignment: true }],
        ['DELETE', '/api/v1/readers/nope/antennas/1', undefined],
      ] as const) {
        const response = await admin.request(method, url, { body });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().message).toBe('There is no reader nope.');
      }
    });
  });

  describe('antenna mappings', () => {
    it('maps antennas to stations and tag assignment, and lists them for the ingestion', async () => {
      const { casting, bench2 } = await newDepartments();
      const { reader } = await newReader();
      const mapped = await admin.request('PUT', `/api/v1/readers/${reader.id}/antennas/2`, {
        body: { departmentId: casting.id, stationId: bench2.id },
      });
      expect(mapped.statusCode, mapped.body).toBe(200);
      const expectedStation: TAntennaMapping = {
        readerId: reader.id,
        antenna: 2,
        departmentId: casting.id,
        departmentName: casting.name,
        stationId: bench2.id,
        stationName: 'Bench 2',
        isTagAssignment: false,
        updatedAt: t.clock().toISOString(),
      };
      expect(mapped.json().data).toEqual(expectedStation);

      const tagAssignment = await admin.request('PUT', `/api/v1/readers/${reader.id}/antennas/1`, {
        body: { isTagAssignment: true },
      });
      const expectedTag: TAntennaMapping = {
        readerId: reader.id,
        antenna: 1,
        departmentId: null,
        departmentName: null,
        stationId: null,
        stationName: null,
        isTagAssignment: true,
        updatedAt: t.clock().toISOString(),
      };
      expect(tagAssignment.json().data).toEqual(expectedTag);

      expect((await admin.request('GET', `/api/v1/readers/${reader.id}`)).json().data.antennas).toEqual([
        expectedTag,
        expectedStation,
      ]);
      const all = await repository.listAntennaMappings();
      expect(all.filter((mapping) => mapping.readerId === reader.id)).toEqual([expectedTag, expectedStation]);
    });

    it('replaces an antenna’s mapping when it is mapped again', async () => {
      const { casting, bench1, polishing, wheel } = await newDepartments();
      const { reader } = await newReader();
      await admin.request('PUT', `/api/v1/readers/${reader.id}/antennas/3`, {
        body: { departmentId: casting.id, stationId: bench1.id },
      });
      const again = await admin.request('PUT', `/api/v1/readers/${reader.id}/antennas/3`, {
        body: { departmentId: polishing.id, stationId: wheel.id },
      });
      expect(again.json().data).toMatchObject({ departmentId: polishing.id, stationId: wheel.id });
      expect((await admin.request('GET', `/api/v1/readers/${reader.id}`)).json().data.antennas).toHaveLength(
        1,
      );
    });

    it('refuses a station of another department, and unknown departments and stations, saving nothing', async () => {
      const { casting, wheel, bench1 } = await newDepartments();
      const { reader } = await newReader();
      const cases = [
        [
          { departmentId: casting.id, stationId: wheel.id },
          `Station ${wheel.id} is not in department ${casting.id}. Choose one of its stations.`,
        ],
        [{ departmentId: 'DEPT998', stationId: bench1.id }, 'There is no department DEPT998.'],
        [{ departmentId: casting.id, stationId: 'STATION000000' }, 'There is no station STATION000000.'],
      ] as const;
      for (const [body, message] of cases) {
        const response = await admin.request('PUT', `/api/v1/readers/${reader.id}/antennas/1`, { body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      }
      expect((await admin.request('GET', `/api/v1/readers/${reader.id}`)).json().data.antennas).toEqual([]);
    });

    it.each([
      ['antenna 0', '0', { isTagAssignment: true }],
      ['antenna 65', '65', { isTagAssignment: true }],
      ['a non-numeric antenna', 'two', { isTagAssignment: true }],
      ['a station without its department', '1', { stationId: 'STATION000001' }],
      ['an empty body', '1', {}],
    ])('refuses %s with VALIDATION_FAILED', async (_label, antenna, body) => {
      const { reader } = await newReader();
      const response = await admin.request('PUT', `/api/v1/readers/${reader.id}/antennas/${antenna}`, {
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('removes a mapping, and answers 404 for an antenna that is not mapped', async () => {
      const { reader } = await newReader();
      await admin.request('PUT', `/api/v1/readers/${reader.id}/antennas/4`, {
        body: { isTagAssignment: true },
      });
      const removed = await admin.request('DELETE', `/api/v1/readers/${reader.id}/antennas/4`);
      expect(removed.statusCode).toBe(200);
      const again = await admin.request('DELETE', `/api/v1/readers/${reader.id}/antennas/4`);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(`Antenna 4 of reader ${reader.id} is not mapped.`);
    });
  });

  describe('one truth about readers (issue 11 §6)', () => {
    it('gives a department the connection and heartbeat of the readers mapped to its stations', async () => {
      const { casting, polishing, bench1 } = await newDepartments();
      const { reader } = await newReader();
      await admin.request('PUT', `/api/v1/readers/${reader.id}/antennas/1`, {
        body: { departmentId: casting.id, stationId: bench1.id },
      });
      const departmentOf = async (id: string) =>
        (await admin.request('GET', `/api/v1/departments/${id}`)).json().data;
      expect(await departmentOf(casting.id)).toMatchObject({
        connectionStatus: 'disconnected',
        lastHeartbeat: null,
      });

      // A read proves the reader is there: the department is connected with the reader's heartbeat.
      await t.app.loupe.rfid.ingest(reader.id, 'reads', { epc: 'E2801160600000000000AB01', antenna: 1 });
      expect(await departmentOf(casting.id)).toMatchObject({
        connectionStatus: 'connected',
        lastHeartbeat: t.clock().toISOString(),
      });
      // A department no reader is mapped to keeps what was stored for it.
      expect(await departmentOf(polishing.id)).toMatchObject({ connectionStatus: 'disconnected' });

      await t.database.db.update(readers).set({ status: 'offline' }).where(eq(readers.id, reader.id));
      expect(await departmentOf(casting.id)).toMatchObject({
        connectionStatus: 'disconnected',
        lastHeartbeat: t.clock().toISOString(),
      });
    });

    it('answers the newest stored read of every antenna, whether or not a screen was open', async () => {
      const { reader } = await newReader();
      const at = (seconds: number) => new Date(t.clock().getTime() - seconds * 1000).toISOString();
      for (const [antenna, epc, seconds] of [
        [1, 'E2801160600000000000AB11', 300],
        [1, 'E2801160600000000000AB12', 60],
        [2, 'E2801160600000000000AB21', 120],
      ] as const) {
        await t.app.loupe.rfid.ingest(reader.id, 'reads', { epc, antenna, timestamp: at(seconds) });
      }
      // Stored once the applier has passed the journal's end (decision 025): milliseconds after the answer.
      await t.app.loupe.rfid.pipeline.drain();
      const response = await manager.request('GET', '/api/v1/readers/last-reads');
      expect(response.statusCode).toBe(200);
      const mine = response.json().data.filter((read: { readerId: string }) => read.readerId === reader.id);
      expect(mine).toEqual([
        { readerId: reader.id, antenna: 1, epc: 'E2801160600000000000AB12', timestamp: at(60) },
        { readerId: reader.id, antenna: 2, epc: 'E2801160600000000000AB21', timestamp: at(120) },
      ]);
    });
  });

  describe('permissions (set up by admins, read by managers too)', () => {
    it('lets a manager read the readers, for the RFID simulator, but change nothing', async () => {
      const { reader } = await newReader();
      const list = await manager.request('GET', '/api/v1/readers');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.items).toContainEqual(reader);
      expect((await manager.request('GET', `/api/v1/readers/${reader.id}`)).json().data).toEqual(reader);
      const before = (await t.database.db.select().from(readers)).length;
      for (const [method, url, body] of [
        ['POST', '/api/v1/readers', { id: 'manager-reader', name: 'M', kind: 'zebra' }],
        ['POST', `/api/v1/readers/${reader.id}/api-key`, undefined],
        ['PUT', `/api/v1/readers/${reader.id}/antennas/1`, { isTagAssignment: true }],
      ] as const) {
        const response = await manager.request(method, url, { body });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await t.database.db.select().from(readers)).length).toBe(before);
      expect((await admin.request('GET', `/api/v1/readers/${reader.id}`)).json().data).toEqual(reader);
    });

    it('checks the role in the service too', async () => {
      const service = createReadersService({ readers: repository, audit: t.app.loupe.audit, clock: t.clock });
      await expect(service.list({ role: 'designer' }, { limit: 10 })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(
        service.create(
          { id: 'm', role: 'manager' },
          { id: 'x', name: 'X', kind: 'zebra' },
          { ip: '127.0.0.1', correlationId: 'test' },
        ),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    });
  });
});
