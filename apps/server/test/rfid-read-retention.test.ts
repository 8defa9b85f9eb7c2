import type { TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfidReads } from '../src/db/schema/rfid.ts';
import { transactional } from '../src/db/transaction.ts';
import { emptyResult, type TAdapterResult } from '../src/modules/ingest/adapters/types.ts';
import { createRfidJournalRepository } from '../src/modules/ingest/journal-repository.ts';
import { createIngestPipeline } from '../src/modules/ingest/pipeline.ts';
import { createRfidRepository, type TFreshReadRow } from '../src/modules/ingest/repository.ts';
import { READ_SWEEP_BATCH } from '../src/modules/ingest/service.ts';
import { createReadersRepository } from '../src/modules/readers/repository.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { installReader } from './support/floor.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTestClock } from './support/test-clock.ts';
import { createTrackingFixtures } from './support/tracking-fixtures.ts';

const DAY_MS = 86_400_000;
const NOW = new Date(Date.UTC(2026, 10, 26, 9, 0, 0));
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

/** Reads of reader `readerId`, as an adapter hands them to the pipeline. */
function readsOf(readerId: string, list: { epc: string; antenna: number; at: Date }[]): TAdapterResult {
  return {
    ...emptyResult(),
    reads: list.map(
      ({ at, ...read }): TTagReadEvent => ({
        readerId,
        readerName: null,
        rssi: -50,
        location: null,
        ...read,
        timestamp: at.toISOString(),
      }),
    ),
  };
}

/** Fresh reads written straight to rfid_reads: unknown tags, one millisecond apart from `from` on. */
function storedReads(readerId: string, count: number, from: Date): TFreshReadRow[] {
  return Array.from({ length: count }, (_, index) => {
    const readAt = new Date(from.getTime() + index);
    const epc = `E2801190${String(index).padStart(16, '0')}`;
    return {
      readKey: `${readerId}/1/${epc}/${readAt.getTime()}`,
      readerId,
      antenna: 1,
      epc,
      readAt,
      rssi: null,
    };
  });
}

async function readsOfReader(t: TTestApp, readerId: string) {
  return t.database.db.select().from(rfidReads).where(eq(rfidReads.readerId, readerId));
}

describe.each(TEST_DATABASES)('RFID read retention on %s', (database) => {
  describe('with the default retention of 90 days', () => {
    let t: TTestApp;

    beforeAll(async () => {
      t = await createTestApp({ database, clock: createTestClock(NOW) });
      expect(t.config.RFID_READ_RETENTION_DAYS).toBe(90);
    });
    afterAll(() => t.close());

    it('deletes the reads older than the retention and keeps recent reads and the location history', async () => {
      const { db } = t.database;
      const fixtures = createTrackingFixtures(db, t.clock);
      const casting = await fixtures.department({ name: 'Casting' });
      const polishing = await fixtures.department({ name: 'Polishing' });
      const castingBench = await fixtures.station(casting.id, { name: 'Bench 1' });
      const polishingWheel = await fixtures.station(polishing.id, { name: 'Wheel 2' });
      await installReader(
        t,
        { id: 'portal-r700', name: 'Portal', kind: 'impinj', apiKeyPrefix: 'lpr_rtnt' },
        [
          { antenna: 1, departmentId: casting.id, stationId: castingBench.id },
          { antenna: 2, departmentId: polishing.id, stationId: polishingWheel.id },
        ],
      );
      const admin = { role: 'admin' as const, id: (await t.createUser({ role: 'admin' })).id };

      // A ring tagged 100 days ago, read at casting then, and at polishing 10 days ago.
      const epc = fixtures.epc();
      const order = await fixtures.order();
      t.clock.set(daysAgo(100));
      await t.app.loupe.tracking.assignEpc(admin, 'order', order.id, epc);
      await t.app.loupe.rfid.pipeline.ingest(readsOf('portal-r700', [{ epc, antenna: 1, at: daysAgo(100) }]));
      await t.app.loupe.rfid.pipeline.drain();
      t.clock.set(daysAgo(10));
      await t.app.loupe.rfid.pipeline.ingest(readsOf('portal-r700', [{ epc, antenna: 2, at: daysAgo(10) }]));
      await t.app.loupe.rfid.pipeline.drain();
      t.clock.set(NOW);
      // More old reads than one statement deletes, and one just inside the retention.
      const repository = createRfidRepository(db);
      await repository.recordFreshReads(storedReads('portal-r700', READ_SWEEP_BATCH + 1, daysAgo(200)));
      await repository.recordFreshReads(
        storedReads('portal-r700', 1, new Date(daysAgo(90).getTime() + 60_000)),
      );

      const historyBefore = await fixtures.historyRows('order', order.id);
      expect(historyBefore.map((row) => row.stationId).sort()).toEqual(
        [castingBench.id, polishingWheel.id].sort(),
      );
      const trackedBefore = await fixtures.trackedRow('order', order.id);
      expect(await readsOfReader(t, 'portal-r700')).toHaveLength(READ_SWEEP_BATCH + 4);

      expect(await t.app.loupe.rfid.sweepExpiredReads()).toBe(READ_SWEEP_BATCH + 2);

      const kept = await readsOfReader(t, 'portal-r700');
      expect(kept.map((row) => row.readAt.getTime()).sort()).toEqual(
        [daysAgo(90).getTime() + 60_000, daysAgo(10).getTime()].sort(),
      );
      expect(await fixtures.historyRows('order', order.id)).toEqual(historyBefore);
      expect(await fixtures.trackedRow('order', order.id)).toEqual(trackedBefore);
      expect(await t.app.loupe.rfid.sweepExpiredReads()).toBe(0);

      // The deleted read sent again to a new process (no dedupe memory): the history's copy of its key
      // keeps it from being applied twice.
      const restarted = createIngestPipeline({
        readRecords: createRfidRepository,
        journal: transactional(db, createRfidJournalRepository),
        applyMoves: (moves, steps) => t.app.loupe.tracking.applyMoves(moves, steps),
        itemsCarrying: (epcs) => t.app.loupe.tracking.itemsCarrying(epcs),
        loadMappings: () => createReadersRepository(db).listAntennaMappings(),
        onHeartbeat: async () => {},
        events: t.app.loupe.events,
        clock: t.clock,
        logger: t.app.log,
      });
      await restarted.ingest(readsOf('portal-r700', [{ epc, antenna: 1, at: daysAgo(100) }]));
      await restarted.drain();
      expect(await fixtures.historyRows('order', order.id)).toEqual(historyBefore);
      expect(await fixtures.trackedRow('order', order.id)).toEqual(trackedBefore);
    });

    it('deletes the oldest reads first, at most as many as a statement is given', async () => {
      const repository = createRfidRepository(t.database.db);
      // Older than any read the other test keeps, so that the oldest reads of all are these.
      const rows = storedReads('bench-fx-batch', 4, daysAgo(1000));
      await repository.recordFreshReads(rows);
      const before = rows[3]?.readAt ?? NOW;

      expect(await repository.deleteReadsBefore(before, 2)).toBe(2);
      const left = await readsOfReader(t, 'bench-fx-batch');
      expect(left.map((row) => row.readKey).sort()).toEqual([rows[2]?.readKey, rows[3]?.readKey].sort());
      expect(await repository.deleteReadsBefore(before, 2)).toBe(1);
      expect((await readsOfReader(t, 'bench-fx-batch')).map((row) => row.readKey)).toEqual([
        rows[3]?.readKey,
      ]);
      // Leaves nothing old behind for the other test's counts.
      expect(await repository.deleteReadsBefore(daysAgo(999), 10)).toBe(1);
    });
  });

  describe('with RFID_READ_RETENTION_DAYS=0', () => {
    let t: TTestApp;

    beforeAll(async () => {
      t = await createTestApp({
        database,
        clock: createTestClock(NOW),
        env: { RFID_READ_RETENTION_DAYS: '0' },
      });
    });
    afterAll(() => t.close());

    it('keeps every read, however old', async () => {
      const rows = storedReads('keep-all', 3, daysAgo(3650));
      await createRfidRepository(t.database.db).recordFreshReads(rows);
      expect(await t.app.loupe.rfid.sweepExpiredReads()).toBe(0);
      const kept = await t.database.db
        .select({ readKey: rfidReads.readKey })
        .from(rfidReads)
        .where(
          inArray(
            rfidReads.readKey,
            rows.map((row) => row.readKey),
          ),
        );
      expect(kept).toHaveLength(3);
    });
  });
});
