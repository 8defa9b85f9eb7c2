import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readers } from '../src/db/schema/registry.ts';
import { encodeLlrp } from '../src/modules/llrp/codec.ts';
import { startLlrpEmulator, type TLlrpEmulator } from '../src/modules/llrp/emulator.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { addLlrpReader, count, logCollector } from './support/llrp.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

const POLL = { timeout: 15_000, interval: 50 };
const CONFIGURE = [
  'GET_READER_CAPABILITIES',
  'DELETE_ROSPEC',
  'SET_READER_CONFIG',
  'ADD_ROSPEC',
  'ENABLE_ROSPEC',
  'START_ROSPEC',
];

describe.each(TEST_DATABASES)('LLRP readers on %s (issue 40)', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let fixtures: TTrackingFixtures;
  let speedway: TLlrpEmulator;
  let fx: TLlrpEmulator;
  let silent: TLlrpEmulator;
  let stopManager: () => Promise<void>;
  const log = logCollector();
  const statuses: unknown[] = [];
  const stations: { departmentId: string; stationId: string }[] = [];
  let epcCounter = 0;

  async function mapAntenna(
    readerId: string,
    antenna: number,
    station: { departmentId: string; stationId: string },
  ) {
    const mapped = await admin.request('PUT', `/api/v1/readers/${readerId}/antennas/${antenna}`, {
      body: station,
    });
    expect(mapped.statusCode).toBe(200);
  }

  /** An order carrying a new tag, and where the tracking has it now. */
  async function taggedOrder() {
    const order = await fixtures.order();
    const { user } = await t.clientAs('manager');
    epcCounter += 1;
    const epc = `E28011606000020800${String(epcCounter).padStart(6, '0')}`;
    await t.app.loupe.tracking.assignEpc({ role: 'manager', id: user.id }, 'order', order.id, epc);
    return {
      epc,
      stationNow: async () => (await fixtures.trackedRow('order', order.id))?.currentStationId ?? null,
    };
  }

  const llrpOf = async (readerId: string) =>
    (await admin.request('GET', `/api/v1/readers/${readerId}/llrp`)).json() as {
      data: { connection: Record<string, unknown>; settings: Record<string, unknown> | null };
    };

  beforeAll(async () => {
    t = await createTestApp({
      database,
      env: { LLRP_TIMEOUT_SECONDS: '1', LLRP_KEEPALIVE_SECONDS: '1', RFID_DEDUPE_WINDOW_MS: '1000' },
      logStream: log.stream,
    });
    admin = (await t.clientAs('admin')).client;
    t.app.loupe.events.subscribe((announcement) => {
      if (announcement.name === 'rfid:reader-status') statuses.push(announcement.payload);
    });
    fixtures = createTrackingFixtures(t.database.db, t.clock);
    const department = await fixtures.department({ name: 'Setting' });
    for (const name of ['Bench 1', 'Bench 2']) {
      stations.push({
        departmentId: department.id,
        stationId: (await fixtures.station(department.id, { name })).id,
      });
    }
    speedway = await startLlrpEmulator({ antennas: 4 });
    fx = await startLlrpEmulator({ vendorId: 10642, modelNumber: 9600, firmware: '3.10.30', antennas: 8 });
    silent = await startLlrpEmulator({ isSilent: true });
    stopManager = t.app.loupe.llrpManager.start();
    await addLlrpReader(admin, 'speedway-r420', speedway.port);
    await addLlrpReader(admin, 'fx9600-casting', fx.port);
    for (const [readerId, antenna, station] of [
      ['speedway-r420', 1, 0],
      ['speedway-r420', 2, 1],
      ['fx9600-casting', 1, 1],
    ] as const) {
      await mapAntenna(readerId, antenna, stations[station] as (typeof stations)[number]);
    }
  });
  afterAll(async () => {
    await stopManager();
    await t.close();
    await Promise.all([speedway, fx, silent].map((emulator) => emulator?.close()));
  });

  it('configures the reader: capabilities, a clean slate, keepalives, then its ROSpec with the antennas’ power and session', async () => {
    await expect.poll(() => speedway.received.slice(0, CONFIGURE.length), POLL).toEqual(CONFIGURE);
    const addRoSpec = speedway.messages.find((message) => message.type === 'ADD_ROSPEC');
    if (!addRoSpec) throw new Error('no ADD_ROSPEC');
    const aiSpec = (addRoSpec.data.ROSpec as { AISpec: Record<string, unknown> }).AISpec;
    expect(aiSpec.AntennaIDs).toEqual([1, 2]);
    expect(aiSpec.AISpecStopTrigger).toMatchObject({
      AISpecStopTriggerType: 'Duration',
      DurationTrigger: 200,
    });
    const antennas = (aiSpec.InventoryParameterSpec as { AntennaConfiguration: Record<string, unknown>[] })
      .AntennaConfiguration;
    // The emulator's power table runs from 10.00 dBm (index 1) in 0.25 dB steps.
    expect(
      antennas.map((antenna) => [
        antenna.AntennaID,
        (antenna.RFTransmitter as { TransmitPower: number }).TransmitPower,
      ]),
    ).toEqual([
      [1, 41],
      [2, 63],
    ]);
    expect(antennas[0]).toMatchObject({ C1G2InventoryCommand: { C1G2SingulationControl: { Session: 2 } } });
    const config = speedway.messages.find((message) => message.type === 'SET_READER_CONFIG');
    expect(config?.data).toMatchObject({ KeepaliveSpec: { KeepaliveTriggerType: 'Periodic' } });

    await expect
      .poll(async () => (await llrpOf('speedway-r420')).data.connection, POLL)
      .toMatchObject({
        state: 'connected',
        manufacturer: 'Impinj',
        model: 'Speedway R420',
        firmware: '5.14.0.240',
        antennaCount: 4,
        heldBy: expect.any(String),
        lastError: null,
      });
    const [row] = await t.database.db.select().from(readers).where(eq(readers.id, 'speedway-r420'));
    expect(row?.status).toBe('online');
    // The mapping screen hears it as it hears every reader.
    expect(statuses).toContainEqual(expect.objectContaining({ readerId: 'speedway-r420', status: 'online' }));
  });

  it('turns the reader’s reports into moves, through the same pipeline as every reader', async () => {
    const order = await taggedOrder();
    speedway.setTags([{ epc: order.epc, antenna: 1 }]);
    await expect.poll(order.stationNow, POLL).toBe(stations[0]?.stationId);
    speedway.setTags([{ epc: order.epc, antenna: 2 }]);
    await expect.poll(order.stationNow, POLL).toBe(stations[1]?.stationId);
    await expect
      .poll(async () => (await llrpOf('speedway-r420')).data.connection.lastReportAt, POLL)
      .not.toBeNull();
    speedway.setTags([]);
  });

  it('notices a dropped connection, connects again and reads on', async () => {
    await expect.poll(() => speedway.connections(), POLL).toBe(1);
    const before = speedway.connectionCount();
    speedway.dropConnections();
    await expect.poll(() => speedway.connectionCount(), POLL).toBeGreaterThan(before);
    const order = await taggedOrder();
    speedway.setTags([{ epc: order.epc, antenna: 1 }]);
    await expect.poll(order.stationNow, POLL).toBe(stations[0]?.stationId);
    speedway.setTags([]);
  });

  it('drops a connection gone silent (no keepalive for three periods) and connects again', async () => {
    await expect.poll(() => speedway.connections(), POLL).toBe(1);
    const before = speedway.connectionCount();
    speedway.hang();
    await expect.poll(() => speedway.connectionCount(), POLL).toBeGreaterThan(before);
    expect(log.lines.some((line) => line.includes('No keepalive from'))).toBe(true);
    await expect
      .poll(async () => (await llrpOf('speedway-r420')).data.connection.state, POLL)
      .toBe('connected');
  });

  it('applies its ROSpec again after the reader restarts, which forgets it', async () => {
    await expect.poll(() => speedway.connections(), POLL).toBe(1);
    const added = count(speedway.received, 'ADD_ROSPEC');
    await speedway.restart();
    await expect.poll(() => count(speedway.received, 'START_ROSPEC'), POLL).toBeGreaterThan(added);
    const order = await taggedOrder();
    speedway.setTags([{ epc: order.epc, antenna: 2 }]);
    await expect.poll(order.stationNow, POLL).toBe(stations[1]?.stationId);
    speedway.setTags([]);
  });

  it('logs malformed bytes and unexpected messages, never crashes, and another reader keeps reading', async () => {
    await expect.poll(() => speedway.connections(), POLL).toBe(1);
    // A well-framed message of a type LLRP does not have, a message a client never gets, then garbage.
    speedway.sendRaw(Buffer.from('0401000000110000000700000000000000', 'hex'));
    speedway.sendMessage('ADD_ROSPEC_RESPONSE', {
      LLRPStatus: { StatusCode: 'M_Success', ErrorDescription: '' },
    });
    await expect.poll(() => log.lines.some((line) => line.includes('could not be decoded')), POLL).toBe(true);
    await expect.poll(() => log.lines.some((line) => line.includes('unexpected message')), POLL).toBe(true);
    const before = speedway.connectionCount();
    speedway.sendRaw(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    await expect.poll(() => speedway.connectionCount(), POLL).toBeGreaterThan(before);
    // A keepalive out of turn is answered like any other.
    speedway.sendRaw(encodeLlrp('KEEPALIVE', 77));
    const order = await taggedOrder();
    fx.setTags([{ epc: order.epc, antenna: 1 }]);
    await expect.poll(order.stationNow, POLL).toBe(stations[1]?.stationId);
    fx.setTags([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('does not let a reader that never answers hold up the others', async () => {
    await addLlrpReader(admin, 'hung-reader', silent.port);
    await expect.poll(() => silent.connectionCount(), POLL).toBeGreaterThan(0);
    const order = await taggedOrder();
    fx.setTags([{ epc: order.epc, antenna: 1 }]);
    await expect.poll(order.stationNow, POLL).toBe(stations[1]?.stationId);
    fx.setTags([]);
    await expect
      .poll(async () => (await llrpOf('hung-reader')).data.connection, POLL)
      .toMatchObject({
        state: 'error',
        lastError: expect.stringContaining('did not answer GET_READER_CAPABILITIES'),
      });
    const [row] = await t.database.db
      .select()
      .from(readers)
      .where(and(eq(readers.id, 'hung-reader'), eq(readers.status, 'error')));
    expect(row).toBeDefined();
  });
});
