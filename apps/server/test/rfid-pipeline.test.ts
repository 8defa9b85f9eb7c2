import type { TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readerAntennas, readers } from '../src/db/schema/registry.ts';
import { rfidJournal, rfidReads } from '../src/db/schema/rfid.ts';
import { transactional } from '../src/db/transaction.ts';
import { emptyResult, type TAdapterResult } from '../src/modules/ingest/adapters/types.ts';
import {
  APPLY_CURSOR,
  createRfidJournalRepository,
  type TRfidJournalRepository,
} from '../src/modules/ingest/journal-repository.ts';
import { createIngestPipeline, type TIngestPipeline } from '../src/modules/ingest/pipeline.ts';
import { readKeyOf } from '../src/modules/ingest/read-batch.ts';
import { createRfidRepository } from '../src/modules/ingest/repository.ts';
import { createReadersRepository } from '../src/modules/readers/repository.ts';
import type { TAnnouncement } from '../src/realtime/event-bus.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);

function reads(...list: (Partial<TTagReadEvent> & { at: number; epc: string })[]): TAdapterResult {
  return {
    ...emptyResult(),
    reads: list.map(({ at, ...read }) => ({
      readerId: 'bench-fx',
      readerName: null,
      antenna: 1,
      rssi: -50,
      location: null,
      ...read,
      timestamp: new Date(T0 + at).toISOString(),
    })),
  };
}

describe.each(TEST_DATABASES)('RFID ingest pipeline on %s', (database) => {
  let t: TTestApp;
  let fixtures: TTrackingFixtures;
  let pipeline: TIngestPipeline;
  let announcements: TAnnouncement[];
  let actor: { role: 'admin'; id: string };
  let casting: { departmentId: string; stationId: string };
  let polishing: { departmentId: string; stationId: string };
  const heartbeats: string[] = [];
  const journal = () => transactional(t.database.db, createRfidJournalRepository);

  beforeAll(async () => {
    t = await createTestApp({ database });
    fixtures = createTrackingFixtures(t.database.db, t.clock);
    actor = { role: 'admin', id: (await t.createUser({ role: 'admin' })).id };
    const castingDepartment = await fixtures.department({ name: 'Casting' });
    const polishingDepartment = await fixtures.department({ name: 'Polishing' });
    casting = {
      departmentId: castingDepartment.id,
      stationId: (await fixtures.station(castingDepartment.id, { name: 'Bench 1' })).id,
    };
    polishing = {
      departmentId: polishingDepartment.id,
      stationId: (await fixtures.station(polishingDepartment.id, { name: 'Wheel 2' })).id,
    };
    const { db } = t.database;
    await db.insert(readers).values([
      { id: 'bench-fx', name: 'Bench FX9600', kind: 'zebra', apiKeyHash: 'h1', apiKeyPrefix: 'lpr_aaaa' },
      { id: 'intake', name: 'Sales counter', kind: 'impinj', apiKeyHash: 'h2', apiKeyPrefix: 'lpr_bbbb' },
    ]);
    await db.insert(readerAntennas).values([
      { readerId: 'bench-fx', antenna: 1, ...casting },
      { readerId: 'bench-fx', antenna: 2, ...polishing },
      { readerId: 'intake', antenna: 1, isTagAssignment: true },
    ]);
  });
  afterAll(() => t.close());

  let stopListening: () => void = () => undefined;
  beforeEach(() => {
    announcements = [];
    stopListening();
    stopListening = t.app.loupe.events.subscribe((announcement) => announcements.push(announcement));
    const repository = createReadersRepository(t.database.db);
    pipeline = createIngestPipeline({
      readRecords: createRfidRepository,
      journal: journal(),
      applyMoves: (moves, steps) => t.app.loupe.tracking.applyMoves(moves, steps),
      itemsCarrying: (epcs) => t.app.loupe.tracking.itemsCarrying(epcs),
      loadMappings: () => repository.listAntennaMappings(),
      onHeartbeat: async (readerId) => {
        heartbeats.push(readerId);
      },
      events: t.app.loupe.events,
      clock: t.clock,
      logger: t.app.log,
      dedupeWindowMs: 1000,
      batchWaitMs: 5,
    });
  });

  async function trackedOrder(epc: string) {
    const order = await fixtures.order();
    await t.app.loupe.tracking.assignEpc(actor, 'order', order.id, epc);
    return order;
  }

  it('moves a tracked order to the station its antenna stands for, and records the read first', async () => {
    const order = await trackedOrder('E2800001');
    await pipeline.ingest(reads({ epc: 'E2800001', at: 0 }));
    await pipeline.drain();
    expect(await fixtures.trackedRow('order', order.id)).toMatchObject({
      currentDepartmentId: casting.departmentId,
      currentStationId: casting.stationId,
    });
    const [row] = await t.database.db
      .select()
      .from(rfidReads)
      .where(eq(rfidReads.readKey, readKeyOf(reads({ epc: 'E2800001', at: 0 }).reads[0] as TTagReadEvent)));
    expect(row).toMatchObject({ readerId: 'bench-fx', antenna: 1, epc: 'E2800001', repeats: 0 });
    const tagRead = announcements.find((a) => a.name === 'rfid:tag-read');
    expect(tagRead).toMatchObject({
      payload: { epc: 'E2800001', departmentId: casting.departmentId, stationId: casting.stationId },
      rooms: [`department:${casting.departmentId}`],
    });
    expect(announcements.some((a) => a.name === 'order:moved')).toBe(true);
  });

  it('folds repeats inside the window into the fresh read: one history entry, the repeats counted', async () => {
    const order = await trackedOrder('E2800002');
    const summary = await pipeline.ingest(
      reads({ epc: 'E2800002', at: 0 }, { epc: 'E2800002', at: 200 }, { epc: 'E2800002', at: 400 }),
    );
    expect(summary).toMatchObject({ accepted: 3, repeats: 2 });
    await pipeline.ingest(reads({ epc: 'E2800002', at: 900 }));
    await pipeline.drain();
    expect(await fixtures.historyRows('order', order.id)).toHaveLength(1);
    const rows = await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E2800002'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ repeats: 3, lastSeenAt: new Date(T0 + 900) });
    expect(pipeline.counters()).toMatchObject({ fresh: 1, repeats: 3 });
  });

  it('changes nothing when the same payload is delivered twice', async () => {
    const order = await trackedOrder('E2800003');
    const payload = reads({ epc: 'E2800003', at: 0, antenna: 2 });
    await pipeline.ingest(payload);
    await pipeline.drain();
    const before = await fixtures.trackedRow('order', order.id);
    await pipeline.ingest(payload);
    // A new process (after a crash) has no dedupe memory: the database keys still hold.
    const restarted = createIngestPipeline({
      readRecords: createRfidRepository,
      journal: journal(),
      applyMoves: (moves, steps) => t.app.loupe.tracking.applyMoves(moves, steps),
      itemsCarrying: (epcs) => t.app.loupe.tracking.itemsCarrying(epcs),
      loadMappings: () => createReadersRepository(t.database.db).listAntennaMappings(),
      onHeartbeat: async () => {},
      events: t.app.loupe.events,
      clock: t.clock,
      logger: t.app.log,
    });
    await restarted.ingest(payload);
    await restarted.drain();
    expect(await fixtures.trackedRow('order', order.id)).toEqual(before);
    expect(await fixtures.historyRows('order', order.id)).toHaveLength(1);
    const rows = await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E2800003'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.repeats).toBe(0);
  });

  it('counts reads of unmapped antennas per reader and antenna, and moves nothing', async () => {
    const order = await trackedOrder('E2800004');
    await pipeline.ingest(
      reads({ epc: 'E2800004', at: 0, antenna: 7 }, { epc: 'E2800005', at: 0, antenna: 7 }),
    );
    await pipeline.drain();
    expect(pipeline.counters().unmapped).toEqual({ 'bench-fx/7': 2 });
    expect((await fixtures.trackedRow('order', order.id))?.currentStationId).toBeNull();
    // Recorded all the same: a read is never silently lost.
    expect(await t.database.db.select().from(rfidReads).where(eq(rfidReads.antenna, 7))).toHaveLength(2);
  });

  it('offers a tag read at a tag-assignment antenna to open screens instead of moving anything', async () => {
    await pipeline.ingest(reads({ epc: 'E2800006', at: 0, readerId: 'intake' }));
    await pipeline.drain();
    expect(announcements.find((a) => a.name === 'rfid:tag-read')).toMatchObject({
      payload: { epc: 'E2800006', readerId: 'intake', isTagAssignment: true },
      rooms: [],
    });
    expect(pipeline.counters().tagAssignment).toBe(1);
    expect(announcements.find((a) => a.name === 'rfid:tag-read')?.payload).not.toHaveProperty('assignedTo');
  });

  it('says which item already carries a tag read at a tag-assignment antenna, so it is not offered again', async () => {
    const order = await trackedOrder('E2800016');
    await pipeline.ingest(reads({ epc: 'E2800016', at: 0, readerId: 'intake' }));
    await pipeline.drain();
    expect(announcements.find((a) => a.name === 'rfid:tag-read')?.payload).toMatchObject({
      epc: 'E2800016',
      isTagAssignment: true,
      assignedTo: { itemType: 'order', number: order.orderNumber },
    });
    // Nothing moved: the intake antenna only offers tags.
    expect((await fixtures.trackedRow('order', order.id))?.currentStationId).toBeNull();
  });

  /** The journal's SQL, with `append` wrapped (a database refusing some rows, a slow disk…). */
  function journalWith(
    append: (
      real: TRfidJournalRepository['append'],
      entries: Parameters<TRfidJournalRepository['append']>[0],
    ) => ReturnType<TRfidJournalRepository['append']>,
  ) {
    return transactional(t.database.db, (db) => {
      const repository = createRfidJournalRepository(db);
      return {
        ...repository,
        append: (entries: Parameters<TRfidJournalRepository['append']>[0]) =>
          append(repository.append, entries),
      };
    });
  }

  it('acknowledges once the reads are journaled, and announces once they are recorded and applied', async () => {
    const order = await trackedOrder('E2800007');
    let recordedWhenAnnounced: number | null = null;
    const stop = t.app.loupe.events.subscribe((announcement) => {
      if (announcement.name !== 'rfid:tag-read') return;
      void t.database.db
        .select()
        .from(rfidReads)
        .where(eq(rfidReads.epc, 'E2800007'))
        .then((rows) => {
          recordedWhenAnnounced = rows.length;
        });
    });
    await pipeline.ingest(reads({ epc: 'E2800007', at: 0 }));
    // Acknowledged: the read is in the journal, once, whatever the applier has done yet.
    const journaled = await t.database.db.select().from(rfidJournal).where(eq(rfidJournal.epc, 'E2800007'));
    expect(journaled).toMatchObject([{ kind: 'read', readerId: 'bench-fx', antenna: 1, repeats: 0 }]);
    await pipeline.drain();
    stop();
    expect(await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E2800007'))).toHaveLength(1);
    expect(await fixtures.historyRows('order', order.id)).toHaveLength(1);
    await expect.poll(() => recordedWhenAnnounced).toBe(1);
  });

  it('applies journal rows in one transaction with its cursor: an apply that fails keeps nothing, and the rows are applied later, once', async () => {
    const order = await trackedOrder('E2800008');
    const errors: string[] = [];
    const failing = createIngestPipeline({
      readRecords: createRfidRepository,
      journal: journal(),
      // The apply's last step fails after the reads were recorded and the moves applied, inside its transaction.
      applyMoves: (moves, steps) =>
        t.app.loupe.tracking.applyMoves(moves, {
          ...steps,
          after: async (tx, outcomes) => {
            await steps.after?.(tx, outcomes);
            throw new Error('disk full');
          },
        }),
      itemsCarrying: (epcs) => t.app.loupe.tracking.itemsCarrying(epcs),
      loadMappings: () => createReadersRepository(t.database.db).listAntennaMappings(),
      onHeartbeat: async () => {},
      events: t.app.loupe.events,
      clock: t.clock,
      logger: { warn: () => {}, error: (entry: { err?: string }) => errors.push(entry.err ?? '') },
    });
    const cursorBefore = await createRfidJournalRepository(t.database.db).position(APPLY_CURSOR);
    // Acknowledged: journaled before anything is applied.
    await expect(failing.ingest(reads({ epc: 'E2800008', at: 0 }))).resolves.toMatchObject({ accepted: 1 });
    await expect.poll(() => errors).toContain('disk full');
    await failing.close(0);
    expect(await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E2800008'))).toEqual([]);
    expect((await fixtures.trackedRow('order', order.id))?.currentStationId).toBeNull();
    expect(announcements.filter((a) => a.name === 'rfid:tag-read' || a.name === 'order:moved')).toEqual([]);
    expect(await createRfidJournalRepository(t.database.db).position(APPLY_CURSOR)).toBe(cursorBefore);

    // Another applier (after a restart) takes the journal from the cursor: applied now, once.
    await pipeline.drain();
    expect(await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E2800008'))).toHaveLength(1);
    expect(await fixtures.historyRows('order', order.id)).toHaveLength(1);
    expect((await fixtures.trackedRow('order', order.id))?.currentStationId).toBe(casting.stationId);
    expect(announcements.filter((a) => a.name === 'order:moved')).toHaveLength(1);
  });

  // Issue 34 §1: the window learned the reads of a batch that failed, and dropped their redelivery as
  // already recorded: acknowledged, never recorded, never applied.
  it('forgets the reads of a batch whose journal append failed, so their redelivery is journaled and applied', async () => {
    const order = await trackedOrder('E280000A');
    let failures = 1;
    const flaky = createIngestPipeline({
      readRecords: createRfidRepository,
      journal: journalWith(async (append, entries) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('connection terminated unexpectedly');
        }
        return append(entries);
      }),
      applyMoves: (moves, steps) => t.app.loupe.tracking.applyMoves(moves, steps),
      itemsCarrying: (epcs) => t.app.loupe.tracking.itemsCarrying(epcs),
      loadMappings: () => createReadersRepository(t.database.db).listAntennaMappings(),
      onHeartbeat: async () => {},
      events: t.app.loupe.events,
      clock: t.clock,
      logger: { warn: () => {}, error: () => {} },
      dedupeWindowMs: 1000,
    });
    const payload = reads({ epc: 'E280000A', at: 0 });
    await expect(flaky.ingest(payload)).rejects.toThrow('connection terminated');
    expect(await flaky.ingest(payload)).toMatchObject({ accepted: 1, repeats: 0 });
    await flaky.drain();
    expect(await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E280000A'))).toHaveLength(1);
    expect(await fixtures.historyRows('order', order.id)).toHaveLength(1);
    // Delivered once more, now that it is journaled: dropped, nothing changes.
    await flaky.ingest(payload);
    await flaky.drain();
    expect(await fixtures.historyRows('order', order.id)).toHaveLength(1);
    expect(flaky.counters()).toMatchObject({ fresh: 1, repeats: 0 });
    expect(
      await t.database.db.select().from(rfidJournal).where(eq(rfidJournal.epc, 'E280000A')),
    ).toHaveLength(1);
    await flaky.close();
  });

  it('records a read that arrives after a later read of its tag at that antenna, not as a repeat of it', async () => {
    await trackedOrder('E280000B');
    // 12 s apart in reader time, beyond the window; the one at 12 s comes last, as a redelivery does.
    for (const at of [0, 24_000, 12_000]) await pipeline.ingest(reads({ epc: 'E280000B', at }));
    await pipeline.drain();
    const rows = await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E280000B'));
    expect(rows.map((row) => row.readAt.getTime() - T0).sort((a, b) => a - b)).toEqual([0, 12_000, 24_000]);
    expect(rows.every((row) => row.repeats === 0)).toBe(true);
  });

  it('fails only the payload a journal append failed for: the other payloads of the batch are journaled', async () => {
    const order = await trackedOrder('E280000C');
    const refusing = createIngestPipeline({
      readRecords: createRfidRepository,
      // As a database refusing one read would: every transaction holding it fails.
      journal: journalWith(async (append, entries) => {
        if (entries.some((entry) => entry.epc === 'E28DEAD0')) throw new Error('no space left on device');
        return append(entries);
      }),
      applyMoves: (moves, steps) => t.app.loupe.tracking.applyMoves(moves, steps),
      itemsCarrying: (epcs) => t.app.loupe.tracking.itemsCarrying(epcs),
      loadMappings: () => createReadersRepository(t.database.db).listAntennaMappings(),
      onHeartbeat: async () => {},
      events: t.app.loupe.events,
      clock: t.clock,
      logger: { warn: () => {}, error: () => {} },
      batchWaitMs: 50,
    });
    await trackedOrder('E28DEAD0');
    const [good, refused, alsoGood] = await Promise.allSettled([
      refusing.ingest(reads({ epc: 'E280000C', at: 0 })),
      refusing.ingest(reads({ epc: 'E28DEAD0', at: 0 })),
      refusing.ingest(reads({ epc: 'E280000C', at: 6000, antenna: 2 })),
    ]);
    expect([good?.status, refused?.status, alsoGood?.status]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await refusing.drain();
    expect(await fixtures.historyRows('order', order.id)).toHaveLength(2);
    expect(refusing.counters()).toMatchObject({ fresh: 2 });
    await refusing.close();
  });

  it('never counts rows as applied when the moves were applied without moving the cursor', async () => {
    const errors: string[] = [];
    const careless = createIngestPipeline({
      readRecords: createRfidRepository,
      journal: journal(),
      // Drops the steps: the moves would be applied, the cursor never moved.
      applyMoves: (moves) => t.app.loupe.tracking.applyMoves(moves),
      itemsCarrying: (epcs) => t.app.loupe.tracking.itemsCarrying(epcs),
      loadMappings: () => createReadersRepository(t.database.db).listAntennaMappings(),
      onHeartbeat: async () => {},
      events: t.app.loupe.events,
      clock: t.clock,
      logger: { warn: () => {}, error: (entry: { err?: string }) => errors.push(entry.err ?? '') },
    });
    const cursorBefore = await createRfidJournalRepository(t.database.db).position(APPLY_CURSOR);
    await careless.ingest(reads({ epc: 'E2800009', at: 0 }));
    await expect.poll(() => errors).toContain('rfid: journal rows were applied without moving the cursor');
    await careless.close(0);
    expect(await createRfidJournalRepository(t.database.db).position(APPLY_CURSOR)).toBe(cursorBefore);
    expect(await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E2800009'))).toEqual([]);
    await pipeline.drain();
    expect(await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E2800009'))).toHaveLength(1);
  });

  it('journals many payloads arriving together in few batches, and applies each read exactly once', async () => {
    const epcs = Array.from({ length: 60 }, (_, index) => `E29${String(index).padStart(5, '0')}`);
    await Promise.all(epcs.map((epc) => pipeline.ingest(reads({ epc, at: 0 }))));
    expect(pipeline.counters().batches).toBeLessThan(10);
    await pipeline.drain();
    const rows = await t.database.db.select().from(rfidReads);
    expect(rows.filter((row) => row.epc.startsWith('E29'))).toHaveLength(60);
  });

  it('holds payloads back beyond its bound, in arrival order, and says how far behind it is', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const appended: string[][] = [];
    let appending = 0;
    const realJournal = journal();
    const bounded = createIngestPipeline({
      readRecords: createRfidRepository,
      // Each append waits for the gate before its transaction opens (PGlite has one connection).
      journal: {
        ...realJournal,
        withTransaction: async (work) => {
          appending += 1;
          await gate;
          return realJournal.withTransaction((repository, tx) =>
            work(
              {
                ...repository,
                append: (entries) => {
                  appended.push(entries.map((entry) => entry.epc));
                  return repository.append(entries);
                },
              },
              tx,
            ),
          );
        },
      },
      applyMoves: (moves, steps) => t.app.loupe.tracking.applyMoves(moves, steps),
      itemsCarrying: (epcs) => t.app.loupe.tracking.itemsCarrying(epcs),
      loadMappings: () => createReadersRepository(t.database.db).listAntennaMappings(),
      onHeartbeat: async () => {},
      events: t.app.loupe.events,
      clock: t.clock,
      logger: t.app.log,
      batchSize: 1,
      maxBatchSize: 1,
      maxQueuedReads: 1,
    });
    expect(bounded.backlog()).toEqual({ queuedReads: 0, waitingPayloads: 0, maxQueuedReads: 1, lagMs: 0 });
    let acknowledged = 0;
    const sent = ['E2A00001', 'E2A00002', 'E2A00003', 'E2A00004'].map((epc) =>
      bounded.ingest(reads({ epc, at: 0 })).then(() => {
        acknowledged += 1;
      }),
    );
    // The first is being journaled, the second fills the queue, the last two wait for room.
    await expect.poll(() => appending).toBe(1);
    expect(bounded.backlog()).toMatchObject({ queuedReads: 4, waitingPayloads: 2 });
    expect(acknowledged).toBe(0);

    release();
    await Promise.all(sent);
    expect(appended).toEqual([['E2A00001'], ['E2A00002'], ['E2A00003'], ['E2A00004']]);
    expect(bounded.backlog()).toEqual({ queuedReads: 0, waitingPayloads: 0, maxQueuedReads: 1, lagMs: 0 });
    await bounded.drain();
    const rows = await t.database.db.select().from(rfidReads);
    expect(rows.filter((row) => row.epc.startsWith('E2A0'))).toHaveLength(4);
    await bounded.close();
  });

  it('reports on /api/health whether the pipeline is behind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      ingest: {
        behind: false,
        queuedReads: 0,
        waitingPayloads: 0,
        lagMs: 0,
        applier: { rows: 0, oldestMs: 0 },
      },
    });
  });

  it('passes heartbeats on and counts rejected and ignored parts, listed or not', async () => {
    const summary = await pipeline.ingest({
      reads: [],
      heartbeats: [{ readerId: 'bench-fx', at: new Date(T0).toISOString() }],
      ignored: 2,
      rejected: [{ index: 0, message: 'idHex: EPC must contain only hexadecimal digits' }],
      rejectedCount: 30,
    });
    expect(summary).toEqual({
      accepted: 0,
      repeats: 0,
      rejected: [expect.any(Object)],
      rejectedCount: 30,
      ignored: 2,
      heartbeats: 1,
    });
    expect(heartbeats).toContain('bench-fx');
    expect(pipeline.counters()).toMatchObject({ rejected: 30, ignored: 2 });
  });
});
