import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/config.ts';
import { startLlrpEmulator, type TLlrpEmulator } from '../src/modules/llrp/emulator.ts';
import { createPostgresTestDatabase } from './support/databases.ts';
import { addLlrpReader, count } from './support/llrp.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/** An instance that is gone takes a lease's length plus one renewal period to be replaced. */
const takeoverMs = (leaseSeconds: number) => leaseSeconds * 1000 * 1.25;

describe('LLRP lease timing (issue 40 §5)', () => {
  it('lets another instance take a reader over within 30 s, by default and at the longest lease allowed', () => {
    const schema = CONFIG_VARIABLES.LLRP_LEASE_SECONDS.schema;
    expect(takeoverMs(schema.parse(undefined))).toBeLessThanOrEqual(30_000);
    expect(schema.safeParse('25').success).toBe(false);
    expect(takeoverMs(schema.parse('24'))).toBeLessThanOrEqual(30_000);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'LLRP readers held by one of several instances on PostgreSQL',
  () => {
    let database: { url: string; drop: () => Promise<void> };
    const instances: TTestApp[] = [];
    let emulator: TLlrpEmulator;

    beforeAll(async () => {
      database = await createPostgresTestDatabase({ migrated: true });
      emulator = await startLlrpEmulator({ antennas: 4 });
      for (let i = 0; i < 2; i += 1) {
        instances.push(
          await createTestApp({
            sharedDatabaseUrl: database.url,
            env: { LLRP_LEASE_SECONDS: '2', LLRP_TIMEOUT_SECONDS: '1' },
          }),
        );
      }
      for (const instance of instances) instance.app.loupe.llrpManager.start();
    });
    afterAll(async () => {
      for (const instance of instances) await instance.close();
      await emulator?.close();
      await database?.drop();
    });

    const holders = () =>
      instances.filter((instance) => instance.app.loupe.llrpManager.held().includes('dock-r420'));

    it('connects from exactly one instance, and another takes over when that one dies', async () => {
      const admin = (await instances[0]?.clientAs('admin'))?.client;
      if (!admin) throw new Error('no instance');
      await addLlrpReader(admin, 'dock-r420', emulator.port);
      await expect.poll(() => emulator.received.includes('START_ROSPEC'), { timeout: 15_000 }).toBe(true);
      // Several passes of both instances: never two holders, one connection to the reader.
      for (let pass = 0; pass < 3; pass += 1) {
        await Promise.all(instances.map((instance) => instance.app.loupe.llrpManager.refresh()));
        expect(holders()).toHaveLength(1);
        expect(emulator.connections()).toBe(1);
      }
      const [holder] = holders();
      if (!holder) throw new Error('no holder');
      const survivor = instances.find((instance) => instance !== holder);
      // Killed: its connection drops, its lease stays in the table until it expires.
      await holder.app.loupe.llrpManager.stop({ releaseLeases: false });
      const applied = count(emulator.received, 'START_ROSPEC');
      await expect
        .poll(() => survivor?.app.loupe.llrpManager.held() ?? [], { timeout: 30_000, interval: 100 })
        .toContain('dock-r420');
      await expect
        .poll(() => count(emulator.received, 'START_ROSPEC'), { timeout: 10_000 })
        .toBeGreaterThan(applied);
      const view = await admin.request('GET', '/api/v1/readers/dock-r420/llrp');
      expect(view.json()).toMatchObject({ data: { connection: { state: 'connected' } } });
    }, 90_000);
  },
);
