import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlrpEmulator, type TLlrpEmulator } from '../src/modules/llrp/emulator.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { closedPort, llrpSettings, startNotLlrpServer } from './support/llrp.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

describe.each(TEST_DATABASES)('Settings › readers for LLRP readers on %s (issue 40 §4)', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let emulator: TLlrpEmulator;

  beforeAll(async () => {
    t = await createTestApp({ database, env: { LLRP_TIMEOUT_SECONDS: '1' } });
    admin = (await t.clientAs('admin')).client;
    emulator = await startLlrpEmulator({ antennas: 4 });
    for (const [id, kind] of [
      ['dock-r420', 'llrp'],
      ['bench-fx', 'zebra'],
    ] as const) {
      expect(
        (await admin.request('POST', '/api/v1/readers', { body: { id, name: id, kind } })).statusCode,
      ).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
    await emulator.close();
  });

  it('tests a connection: the reader’s maker, model, firmware, antennas and highest power', async () => {
    const response = await admin.request('POST', '/api/v1/readers/llrp/test', {
      body: { host: '127.0.0.1', port: emulator.port },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: {
        manufacturer: 'Impinj',
        model: 'Speedway R420',
        firmware: '5.14.0.240',
        antennaCount: 4,
        maxTxPowerDbm: 32.5,
      },
    });
    expect(emulator.received).toEqual(['GET_READER_CAPABILITIES', 'CLOSE_CONNECTION']);
    await expect.poll(() => emulator.connections()).toBe(0);
  });

  it('answers LLRP_UNREACHABLE, naming host and port, when nothing listens there', async () => {
    const port = await closedPort();
    const response = await admin.request('POST', '/api/v1/readers/llrp/test', {
      body: { host: '127.0.0.1', port },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'LLRP_UNREACHABLE',
      message: expect.stringContaining(`127.0.0.1:${port}`),
    });
  });

  it('answers LLRP_PROTOCOL when what answers is not an LLRP reader', async () => {
    const web = await startNotLlrpServer();
    try {
      const response = await admin.request('POST', '/api/v1/readers/llrp/test', {
        body: { host: '127.0.0.1', port: web.port },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'LLRP_PROTOCOL' });
    } finally {
      await web.close();
    }
  });

  it('saves the settings with their defaults and shows a connection not yet made', async () => {
    const empty = await admin.request('GET', '/api/v1/readers/dock-r420/llrp');
    expect(empty.json()).toMatchObject({
      data: { settings: null, connection: { state: 'disconnected', heldBy: null } },
    });
    const { session: _session, ...withoutSession } = llrpSettings(emulator.port);
    const saved = await admin.request('PUT', '/api/v1/readers/dock-r420/llrp', { body: withoutSession });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      data: { settings: { port: emulator.port, session: 1, useTls: false } },
    });
    const read = await admin.request('GET', '/api/v1/readers/dock-r420/llrp');
    expect(read.json()).toMatchObject({ data: { settings: { host: '127.0.0.1', reportEveryMs: 200 } } });
  });

  it.each([
    [{ antennas: [{ antenna: 1, enabled: false, txPowerDbm: 20 }] }, 'body.antennas'],
    [{ antennas: [{ antenna: 1, enabled: true, txPowerDbm: 40 }] }, 'body.antennas.0.txPowerDbm'],
    [{ host: 'http://reader/' }, 'body.host'],
  ])('refuses settings that cannot work: %j', async (override, field) => {
    const response = await admin.request('PUT', '/api/v1/readers/dock-r420/llrp', {
      body: { ...llrpSettings(emulator.port), ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it('keeps LLRP settings to LLRP readers', async () => {
    const response = await admin.request('PUT', '/api/v1/readers/bench-fx/llrp', {
      body: llrpSettings(emulator.port),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'READER_NOT_LLRP' });
    expect((await admin.request('GET', '/api/v1/readers/nobody/llrp')).statusCode).toBe(404);
  });

  it('lets only administrators see or change an LLRP reader', async () => {
    const manager = (await t.clientAs('manager')).client;
    expect((await manager.request('GET', '/api/v1/readers/dock-r420/llrp')).statusCode).toBe(403);
    expect(
      (await manager.request('POST', '/api/v1/readers/llrp/test', { body: { host: '127.0.0.1', port: 1 } }))
        .statusCode,
    ).toBe(403);
  });
});
