import type { TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerAntennas, readers } from '../src/db/schema/registry.ts';
import { rfidJournal, rfidReads } from '../src/db/schema/rfid.ts';
import { locationHistory } from '../src/db/schema/tracking.ts';
import { transactional } from '../src/db/transaction.ts';
import { emptyResult, type TAdapterResult } from '../src/modules/ingest/adapters/types.ts';
import { APPLY_CURSOR, createRfidJournalRepository } from '../src/modules/ingest/journal-repository.ts';
import { createIngestPipeline, type TIngestPipelineOptions } from '../src/modules/ingest/pipeline.ts';
import { readKeyOf } from '../src/modules/ingest/read-batch.ts';
import { createRfidRepository } from '../src/modules/ingest/repository.ts';
import { createReadersRepository } from '../src/modules/readers/repository.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

/**
 * Decision 025: the hot path acknowledges once reads are in the journal, idempotently; the applier follows
 * it under a cursor moved in the transaction that applies the rows, so each row is applied exactly once.
 */

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

function reads(...list: (Partial<TTagReadEvent> & { at: number; epc: string })[]): TAdapterResult {
  return {
    ...emptyResult(),
    reads: list.map(({ at, ...read }) => ({
      readerId: 'journal-fx',
      readerName: null,
      antenna: 1,
      rssi: -50,
      location: null,
      ...read,
      timestamp: new Date(T0 + at).toISOString(),
    })),
  };
}

describe.each(TEST_DATABASES)('the RFID read journal on %s', (database) => {
  let t: TTestApp;
  let fixtures: TTrackingFixtures;
  let actor: { role: 'admin'; id: string };
  let bench: { departmentId: string; stationId: string };
  const journalRepository = () => createRfidJournalRepository(t.database.db);

  function pipelineWith(overrides: Partial<TIngestPipelineOptions> = {}) {
    return createIngestPipeline({
      readRecords: createRfidRepository,
      journal: transactional(t.database.db, createRfidJournalRepository),
      applyMoves: (moves, steps) => t.app.loupe.tracking.applyMoves(moves, steps),
      itemsCarrying: (epcs) => t.app.loupe.tracking.itemsCarrying(epcs),
      loadMappings: () => createReadersRepository(t.database.db).listAntennaMappings(),
      onHeartbeat: async () => {},
      events: t.app.loupe.events,
      clock: t.clock,
      logger: t.app.log,
      dedupeWindowMs: 1000,
      batchWaitMs: 5,
      ...overrides,
    });
  }

  async function trackedOrder(epc: string) {
    const order = await fixtures.order();
    await t.app.loupe.tracking.assignEpc(actor, 'order', order.id, epc);
    return order;
  }

  const journalRowsOf = (epc: string) =>
    t.database.db.select().from(rfidJournal).where(eq(rfidJournal.epc, epc)).orderBy(rfidJournal.seq);

  beforeAll(async () => {
    t = await createTestApp({ database });
    fixtures = createTrackingFixtures(t.database.db, t.clock);
    actor = { role: 'admin', id: (await t.createUser({ role: 'admin' })).id };
    const department = await fixtures.department({ name: 'Setting' });
    bench = { departmentId: department.id, stationId: (await fixtures.station(department.id)).id };
    await t.database.db.insert(readers).values({
      id: 'journal-fx',
      name: 'Journal FX',
      kind: 'zebra',
      apiKeyHash: 'h',
      apiKeyPrefix: 'lpr_jrnl',
    });
    await t.database.db.insert(readerAntennas).values({ readerId: 'journal-fx', antenna: 1, ...bench });
  });
  afterAll(() => t.close());

  it('journals a read once however often it is delivered, by this process or one without its memory', async () => {
    const order = await trackedOrder('E2B00001');
    const payload = reads({ epc: 'E2B00001', at: 0 });
    const first = pipelineWith();
    await first.ingest(payload);
    await first.ingest(payload);
    // A restarted process: its dedupe window is empty, the journal's key still holds.
    const restarted = pipelineWith();
    await restarted.ingest(payload);
    expect(await journalRowsOf('E2B00001')).toMatchObject([
      { kind: 'read', readKey: readKeyOf(payload.reads[0] as TTagReadEvent), repeats: 0 },
    ]);
    await restarted.drain();
    expect(await fixtures.historyRows('order', order.id)).toHaveLength(1);
    expect(await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E2B00001'))).toHaveLength(1);
    await Promise.all([first.close(), restarted.close()]);
  });

  it('keeps readers’ repeats in memory and journals them once per flush, not once per batch', async () => {
    await trackedOrder('E2B00002');
    // No flush by time in this test: only draining journals the repeats.
    const pipeline = pipelineWith({ repeatFlushMs: 3_600_000 });
    await pipeline.ingest(reads({ epc: 'E2B00002', at: 0 }));
    for (const at of [100, 200, 300, 400]) {
      await pipeline.ingest(reads({ epc: 'E2B00002', at }, { epc: 'E2B00002', at: at + 50 }));
    }
    expect((await journalRowsOf('E2B00002')).map((row) => row.kind)).toEqual(['read']);
    expect(pipeline.counters()).toMatchObject({ fresh: 1, repeats: 8 });

    await pipeline.drain();
    const rows = await journalRowsOf('E2B00002');
    expect(rows.map((row) => [row.kind, row.repeats])).toEqual([
      ['read', 0],
      ['repeat', 8],
    ]);
    expect(rows[1]?.readAt).toEqual(new Date(T0 + 450));
    const [recorded] = await t.database.db.select().from(rfidReads).where(eq(rfidReads.epc, 'E2B00002'));
    expect(recorded).toMatchObject({ repeats: 8, lastSeenAt: new Date(T0 + 450) });
    await pipeline.close();
  });

  it('acknowledges a payload of repeats at once while a batch waits for the database, unless it holds a tag that batch holds', async () => {
    await trackedOrder('E2B0FAS1');
    await trackedOrder('E2B0FAS2');
    let release: () => void = () => undefined;
    let holding = false;
    const journal = transactional(t.database.db, createRfidJournalRepository);
    const pipeline = pipelineWith({
      dedupeWindowMs: 60_000,
      journal: {
        ...journal,
        withTransaction: async (work) => {
          if (holding) await new Promise<void>((resolve) => (release = resolve));
          return journal.withTransaction(work);
        },
      },
    });
    await pipeline.ingest(reads({ epc: 'E2B0FAS1', at: 200_000 }, { epc: 'E2B0FAS2', at: 200_000 }));
    holding = true;
    // A fresh read of another tag waits for its append; meanwhile FAS1's repeat is acknowledged at once.
    let freshDone = false;
    const fresh = pipeline.ingest(reads({ epc: 'E2B0FAS3', at: 200_500 })).then(() => {
      freshDone = true;
    });
    expect(await pipeline.ingest(reads({ epc: 'E2B0FAS1', at: 201_000 }))).toMatchObject({ repeats: 1 });
    expect(freshDone).toBe(false);
    // FAS3's repeat waits its turn behind FAS3's own fresh read, then is a repeat of it.
    let laterDone = false;
    const later = pipeline.ingest(reads({ epc: 'E2B0FAS3', at: 201_500 })).then((summary) => {
      laterDone = true;
      return summary;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(laterDone).toBe(false);
    holding = false;
    release();
    await fresh;
    expect(await later).toMatchObject({ repeats: 1 });
    await pipeline.drain();
    // Each tag journaled fresh once; the repeats counted in the journal's repeat rows.
    for (const epc of ['E2B0FAS1', 'E2B0FAS3']) {
      expect((await journalRowsOf(epc)).map((row) => [row.kind, row.repeats])).toEqual([
        ['read', 0],
        ['repeat', 1],
      ]);
    }
    await pipeline.close();
  });

  it('keeps the repeats acknowledged while a flush of the same read is being journaled', async () => {
    await trackedOrder('E2B0FLS1');
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const flushing = new Promise<void>((resolve) => (entered = resolve));
    let holding = false;
    const journal = transactional(t.database.db, createRfidJournalRepository);
    const pipeline = pipelineWith({
      dedupeWindowMs: 60_000,
      repeatFlushMs: 200,
      journal: {
        ...journal,
        withTransaction: async (work) => {
          if (holding) {
            entered();
            await new Promise<void>((resolve) => (release = resolve));
          }
          return journal.withTransaction(work);
        },
      },
    });
    await pipeline.ingest(reads({ epc: 'E2B0FLS1', at: 300_000 }));
    await pipeline.ingest(reads({ epc: 'E2B0FLS1', at: 300_100 }));
    holding = true;
    // The flush of that repeat falls due by the pipeline's clock and is under way; two more are
    // acknowledged meanwhile.
    t.clock.advance(200);
    await flushing;
    await pipeline.ingest(reads({ epc: 'E2B0FLS1', at: 300_200 }));
    await pipeline.ingest(reads({ epc: 'E2B0FLS1', at: 300_300 }));
    holding = false;
    release();
    await pipeline.drain();
    const rows = await journalRowsOf('E2B0FLS1');
    expect(rows.map((row) => row.kind)).toEqual(['read', 'repeat', 'repeat']);
    expect(rows.reduce((sum, row) => sum + row.repeats, 0)).toBe(3);
    await pipeline.close();
  });

  it('journals waiting repeats by itself once their flush is due', async () => {
    const pipeline = pipelineWith({ repeatFlushMs: 50 });
    await pipeline.ingest(reads({ epc: 'E2B00003', at: 0 }, { epc: 'E2B00003', at: 10 }));
    expect((await journalRowsOf('E2B00003')).map((row) => row.kind)).toEqual(['read']);
    // The flush is due by the pipeline's clock.
    t.clock.advance(50);
    await expect
      .poll(async () => (await journalRowsOf('E2B00003')).map((row) => [row.kind, row.repeats]))
      .toEqual([
        ['read', 0],
        ['repeat', 1],
      ]);
    await pipeline.close();
  });

  it('moves the cursor with what it applied: two appliers on one journal apply each row once', async () => {
    const epcs = Array.from({ length: 6 }, (_, index) => `E2B1000${index}`);
    const orders = await Promise.all(epcs.map((epc) => trackedOrder(epc)));
    const one = pipelineWith({ applyBatchRows: 3 });
    const two = pipelineWith({ applyBatchRows: 2 });
    // Several antennas' reads of each tag, over both pipelines at once, far apart in reader time.
    await Promise.all(
      epcs.flatMap((epc, index) =>
        [0, 10_000, 20_000].map((at) => (index % 2 === 0 ? one : two).ingest(reads({ epc, at }))),
      ),
    );
    await Promise.all([one.drain(), two.drain()]);
    const repository = journalRepository();
    expect(await repository.position(APPLY_CURSOR)).toBe(await repository.lastSeq());
    expect(await repository.lag(APPLY_CURSOR)).toEqual({ rows: 0, oldestMs: 0, passedOver: 0 });
    const history = await t.database.db
      .select()
      .from(locationHistory)
      .where(like(locationHistory.epc, 'E2B1000%'));
    // The first read of each order moved it; the later ones at the same station only refreshed it.
    expect(history).toHaveLength(orders.length);
    expect(new Set(history.map((row) => row.readKey)).size).toBe(orders.length);
    const recorded = await t.database.db.select().from(rfidReads).where(like(rfidReads.epc, 'E2B1000%'));
    expect(recorded).toHaveLength(epcs.length * 3);
    await Promise.all([one.close(), two.close()]);
  });

  it('answers a station page’s scan with what applying it did, and a scan sent again after a restart too', async () => {
    const order = await trackedOrder('E2B00004');
    const pipeline = pipelineWith();
    const scan = { epc: 'E2B00004', place: bench, at: new Date(T0 + 60_000), actorId: actor.id };
    expect(await pipeline.ingestStationScan(scan)).toMatchObject({ result: 'moved', to: bench });
    // Within the window: a repeat, journaled at once because someone waits for its answer.
    expect(await pipeline.ingestStationScan(scan)).toMatchObject({ result: 'seen' });
    // A new process: the journal knows the scan, so it is not journaled again.
    const restarted = pipelineWith();
    expect(await restarted.ingestStationScan(scan)).toEqual({ result: 'duplicate' });
    expect((await journalRowsOf('E2B00004')).map((row) => [row.kind, row.stationId])).toEqual([
      ['read', bench.stationId],
      ['repeat', bench.stationId],
    ]);
    expect(await fixtures.historyRows('order', order.id)).toHaveLength(1);
    await Promise.all([pipeline.close(), restarted.close()]);
  });

  it('shows on /api/health how far the applier is behind, and catches up', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = pipelineWith({
      applyMoves: async (moves, steps) => {
        await gate;
        return t.app.loupe.tracking.applyMoves(moves, steps);
      },
    });
    await held.ingest(reads({ epc: 'E2B00005', at: 0 }, { epc: 'E2B00006', at: 0 }));
    const behind = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(behind.json()).toMatchObject({ ingest: { applier: { rows: 2, oldestMs: expect.any(Number) } } });
    release();
    await held.drain();
    const caughtUp = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(caughtUp.json()).toMatchObject({ ingest: { applier: { rows: 0, oldestMs: 0, passedOver: 0 } } });
    await held.close();
  });

  it('passes over a row refused three times, lists it for an admin, keeps it past retention and applies it on their replay', async () => {
    const poisoned = await trackedOrder('E2B0POI1');
    const after = await trackedOrder('E2B0POI2');
    let refusing = true;
    const refused = pipelineWith({
      applierRetryMs: 20,
      applyMoves: async (moves, steps) => {
        if (refusing && moves.some((move) => move.epc === 'E2B0POI1')) throw new Error('disk full (test)');
        return t.app.loupe.tracking.applyMoves(moves, steps);
      },
    });
    await refused.ingest(reads({ epc: 'E2B0POI1', at: 120_000 }, { epc: 'E2B0POI2', at: 120_001 }));
    await refused.drain();
    // The floor goes on: the read after it is applied, the refused one is not, and it is on the list.
    expect(await fixtures.historyRows('order', after.id)).toHaveLength(1);
    expect(await fixtures.historyRows('order', poisoned.id)).toHaveLength(0);
    const { client: admin } = await t.clientAs('admin');
    const listed = {
      seq: expect.any(Number),
      kind: 'read',
      epc: 'E2B0POI1',
      readerId: 'journal-fx',
      antenna: 1,
      readAt: new Date(T0 + 120_000).toISOString(),
      error: expect.stringContaining('disk full (test)'),
      attempts: 3,
      passedOverAt: expect.any(String),
    };
    const status = await admin.request('GET', '/api/v1/rfid/status');
    expect(status.json().data.passedOver).toEqual({ total: 1, rows: [listed] });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ ingest: { applier: { rows: 0, passedOver: 1 } } });

    // The retention sweep keeps it however old; refused again on a replay, it stays listed.
    await journalRepository().deleteAppliedBefore(APPLY_CURSOR, new Date(Date.now() + 86_400_000), 10_000);
    expect(await journalRowsOf('E2B0POI1')).toHaveLength(1);
    expect(await refused.replayPassedOver()).toEqual({ replayed: 0, refused: 1, remaining: 1 });
    const again = await admin.request('GET', '/api/v1/rfid/status');
    expect(again.json().data.passedOver).toEqual({ total: 1, rows: [{ ...listed, attempts: 4 }] });

    // Fixed: an admin's replay applies it once, and the list is empty.
    refusing = false;
    const replay = await admin.request('POST', '/api/v1/rfid/passed-over/replay');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ replayed: 1, refused: 0, remaining: 0 });
    expect(await fixtures.historyRows('order', poisoned.id)).toHaveLength(1);
    expect(await admin.request('POST', '/api/v1/rfid/passed-over/replay').then((r) => r.json().data)).toEqual(
      {
        replayed: 0,
        refused: 0,
        remaining: 0,
      },
    );
    const { client: manager } = await t.clientAs('manager');
    expect((await manager.request('POST', '/api/v1/rfid/passed-over/replay')).statusCode).toBe(403);
    await refused.close();
  });

  it('deletes applied journal rows past the retention and keeps the rows not applied yet, however old', async () => {
    const repository = journalRepository();
    const entry = (epc: string) => ({
      kind: 'read' as const,
      readKey: `retention-fx/1/${epc}/${T0}`,
      readerId: 'retention-fx',
      antenna: 1,
      epc,
      readAt: new Date(T0),
      rssi: null,
      repeats: 0,
      departmentId: null,
      stationId: null,
      actorId: null,
    });
    // Everything journaled so far is applied; these two rows are not.
    const pipeline = pipelineWith();
    await pipeline.drain();
    await pipeline.close();
    const applied = await repository.position(APPLY_CURSOR);
    const [first, second] = await transactional(t.database.db, createRfidJournalRepository).withTransaction(
      (journal) => journal.append([entry('E2B0RET1'), entry('E2B0RET2')]),
    );
    if (first === undefined || second === undefined) throw new Error('both rows are appended');
    // Applied up to the first of them only, as if the applier stopped there.
    expect(await repository.advance(APPLY_CURSOR, await repository.position(APPLY_CURSOR), first)).toBe(true);
    expect(first).toBeGreaterThan(applied);

    const future = new Date(Date.now() + 86_400_000);
    expect(await repository.deleteAppliedBefore(APPLY_CURSOR, future, 1_000_000)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select({ epc: rfidJournal.epc })
      .from(rfidJournal)
      .where(eq(rfidJournal.readerId, 'retention-fx'));
    expect(left).toEqual([{ epc: 'E2B0RET2' }]);
    // Applied rows journaled after `before` stay too.
    expect(await repository.deleteAppliedBefore(APPLY_CURSOR, new Date(0), 1_000)).toBe(0);
    await t.app.loupe.rfid.pipeline.drain();
  });
});
