import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../src/db/client.ts';
import { analyticsVisits } from '../src/db/schema/analytics.ts';
import { moveFeed, projectionCursors } from '../src/db/schema/tracking.ts';
import { transactional } from '../src/db/transaction.ts';
import {
  createAnalyticsFactsRepository,
  type TClosedVisit,
} from '../src/modules/analytics/facts-repository.ts';
import {
  createMoveFeedRepository,
  type TMoveFeedEntry,
} from '../src/modules/tracking/move-feed-repository.ts';
import { createProjections, type TProjection } from '../src/modules/tracking/projections.ts';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { createTrackingFixtures, type TTrackingFixtures } from './support/tracking-fixtures.ts';

/**
 * Decision 026: a batch of moves appends what it did to the move feed in its transaction; each projection
 * (analytics' visits) follows the feed after the commit under a cursor moved in the transaction that
 * applies it, so each entry is applied once, in order, whatever fails or races.
 */

const MINUTE = 60_000;
const silent = { warn: () => undefined, error: () => undefined };

function visitOf(itemId: string, minute: number): TClosedVisit {
  return {
    itemKind: 'order',
    itemId,
    stationId: 'STATION-X',
    departmentId: 'DEPT-X',
    arrivedAt: new Date(Date.UTC(2026, 10, 1, 9, minute)),
    leftAt: new Date(Date.UTC(2026, 10, 1, 9, minute + 1)),
    minutes: 1,
    offsiteMinutes: 0,
  };
}

/** Moves the job tagged `epc` to a station `minutes` after `start`, as a batch of moves does. */
function mover(t: TTestApp, epc: string, start: number) {
  return (station: { id: string; departmentId: string } | undefined, minutes: number) => {
    if (!station) throw new Error('no such station');
    return t.app.loupe.tracking.applyMove({
      epc,
      departmentId: station.departmentId,
      stationId: station.id,
      at: new Date(start + minutes * MINUTE),
    });
  };
}

describe.each(TEST_DATABASES)('the move feed and its projections on %s', (database) => {
  let t: TTestApp;
  let fx: TTrackingFixtures;
  const feed = () => transactional(t.database.db, createMoveFeedRepository);

  beforeAll(async () => {
    t = await createTestApp({ database });
    fx = createTrackingFixtures(t.database.db, t.clock);
  });
  afterAll(() => t.close());

  /** Appends one entry per visit, each in a transaction of its own as a batch of moves would. */
  async function append(visits: readonly TClosedVisit[]): Promise<void> {
    for (const visit of visits) {
      await feed().withTransaction((repository) => repository.append({ moved: [], visits: [visit] }));
    }
  }

  /**
   * A projection that writes a row per entry (its own cursor table's, keyed by the entry) in the transaction
   * it is given, so an entry applied twice, or a failed attempt's write kept, breaks the primary key.
   */
  function recorder(name: string, failFirst = 0) {
    const applied: number[] = [];
    const tries = { count: 0 };
    const projection: TProjection = {
      name,
      apply: async (tx: TDatabase, entries: readonly TMoveFeedEntry[]) => {
        for (const entry of entries) {
          await tx.insert(projectionCursors).values({ name: `${name}/${entry.seq}`, position: entry.seq });
        }
        tries.count += 1;
        if (tries.count <= failFirst) throw new Error('the database refused the projection');
        applied.push(...entries.map((entry) => entry.seq));
      },
    };
    return { projection, applied, tries };
  }

  async function probes(name: string): Promise<number[]> {
    const rows = await t.database.db
      .select({ position: projectionCursors.position })
      .from(projectionCursors)
      .where(sql`${projectionCursors.name} like ${`${name}/%`}`)
      .orderBy(projectionCursors.position);
    return rows.map((row) => row.position);
  }

  it("brings a move's closed visit to analytics after the batch committed, once, and empties the feed", async () => {
    const tracking = t.app.loupe.tracking;
    const admin = { id: (await t.createUser({ role: 'admin' })).id, role: 'admin' as const };
    const casting = await fx.department({ name: `Casting ${crypto.randomUUID().slice(0, 8)}` });
    const bench = await fx.station(casting.id, { name: 'Bench' });
    const wax = await fx.station(casting.id, { name: 'Wax' });
    const order = await fx.order();
    const epc = fx.epc();
    await tracking.assignEpc(admin, 'order', order.id, epc);
    const start = t.clock().getTime() - 120 * MINUTE;
    const move = mover(t, epc, start);
    await move(bench, 0);
    await move(wax, 30);
    await t.app.loupe.projections.caughtUp();

    const visits = await t.database.db
      .select()
      .from(analyticsVisits)
      .where(sql`${analyticsVisits.itemId} = ${order.id}`);
    expect(visits).toEqual([
      expect.objectContaining({ stationId: bench.id, minutes: 30, arrivedAt: new Date(start) }),
    ]);
    expect(await t.database.db.select().from(moveFeed)).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().ingest.projections).toEqual([{ name: 'analytics visits', rows: 0, oldestMs: 0 }]);
  });

  it("judges a job's return to a department as rework within one call, as visit by visit", async () => {
    // The projection records many entries' visits at once: a job's later visit must still see its earlier.
    const order = await fx.order();
    const visit = (departmentId: string, hour: number): TClosedVisit => ({
      ...visitOf(order.id, 0),
      departmentId,
      arrivedAt: new Date(Date.UTC(2026, 10, 2, hour)),
      leftAt: new Date(Date.UTC(2026, 10, 2, hour + 1)),
      minutes: 60,
    });
    await transactional(t.database.db, createAnalyticsFactsRepository).withTransaction((facts) =>
      facts.recordVisits([visit('DEPT-CAST', 9), visit('DEPT-POLISH', 10), visit('DEPT-CAST', 11)]),
    );
    const recorded = await t.database.db
      .select({ departmentId: analyticsVisits.departmentId, isRework: analyticsVisits.isRework })
      .from(analyticsVisits)
      .where(sql`${analyticsVisits.itemId} = ${order.id}`)
      .orderBy(analyticsVisits.arrivedAt);
    expect(recorded).toEqual([
      { departmentId: 'DEPT-CAST', isRework: false },
      { departmentId: 'DEPT-POLISH', isRework: false },
      { departmentId: 'DEPT-CAST', isRework: true },
    ]);
  });

  it('keeps its place when applying fails, then applies every entry once and in order', async () => {
    // From here on the tests' own projections follow the feed: the app's would apply and delete their entries.
    await t.app.loupe.projections.stop();
    const { projection, applied, tries } = recorder('failing', 2);
    await append([
      visitOf('00000000-0000-4000-8000-000000000001', 0),
      visitOf('00000000-0000-4000-8000-000000000002', 1),
    ]);
    const before = await feed().lastSeq();
    const projections = createProjections({
      feed: feed(),
      projections: [projection],
      logger: silent,
      batchEntries: 1,
      retryMs: 50,
      gatherMs: 0,
    });
    try {
      projections.start();
      // Refused once, it has applied nothing and its cursor has not moved: the lag shows both entries.
      while (tries.count < 1) await new Promise((resolve) => setTimeout(resolve, 2));
      expect(applied).toEqual([]);
      expect((await projections.lag())[0]?.rows).toBe(2);
      await projections.caughtUp();
      expect(applied).toEqual([before - 1, before]);
      // The failed attempts' writes went with their transactions.
      expect(await probes('failing')).toEqual([before - 1, before]);
      expect(await projections.lag()).toEqual([{ name: 'failing', rows: 0, oldestMs: 0 }]);
    } finally {
      await projections.stop();
    }
  });

  it('applies nothing before it is started, then what the feed held and what comes after', async () => {
    const { projection, applied } = recorder('waiting');
    await append([visitOf('00000000-0000-4000-8000-000000000006', 0)]);
    const projections = createProjections({
      feed: feed(),
      projections: [projection],
      logger: silent,
      gatherMs: 0,
    });
    try {
      // A batch committing during the app's start-up: the projection waits for the start.
      const held = await feed().lastSeq();
      projections.wake();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(applied).toEqual([]);
      projections.start();
      await projections.caughtUp();
      expect(applied).toContain(held);
      await append([visitOf('00000000-0000-4000-8000-000000000006', 1)]);
      const next = await feed().lastSeq();
      projections.wake();
      await projections.caughtUp();
      expect(applied).toContain(next);
    } finally {
      await projections.stop();
    }
  });

  it('applies each entry once when two instances follow the same feed', async () => {
    const first = recorder('shared');
    const second = recorder('shared');
    await append([0, 1, 2, 3, 4, 5].map((minute) => visitOf('00000000-0000-4000-8000-000000000003', minute)));
    const last = await feed().lastSeq();
    const instances = [first, second].map(({ projection }) =>
      createProjections({ feed: feed(), projections: [projection], logger: silent, batchEntries: 2 }),
    );
    try {
      for (const instance of instances) instance.start();
      await Promise.all(instances.map((instance) => instance.caughtUp()));
      const all = [...first.applied, ...second.applied].sort((a, b) => a - b);
      expect(all).toEqual([...new Set(all)]);
      expect(all.at(-1)).toBe(last);
      expect(await probes('shared')).toEqual(all);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  });

  it('keeps entries a projection has not applied, and lets one start at the end (a rebuild counted them)', async () => {
    await append([visitOf('00000000-0000-4000-8000-000000000004', 0)]);
    const last = await feed().lastSeq();
    // 'late' never ran: the entry stays for it, whoever else has applied it.
    await feed().trim(['analytics visits', 'late']);
    expect((await feed().entriesAfter(last - 1, 10)).map((entry) => entry.seq)).toEqual([last]);
    expect((await feed().lag('late')).rows).toBeGreaterThanOrEqual(1);
    await feed().skipToEnd('late');
    expect(await feed().lag('late')).toEqual({ rows: 0, oldestMs: 0 });
    await feed().trim(['late']);
    expect(await feed().entriesAfter(last - 1, 10)).toEqual([]);
  });

  it.runIf(database === 'postgres')(
    'commits appends in their order: a later one waits for the earlier',
    async () => {
      let releaseFirst: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      const committed: string[] = [];
      const firstAppended = new Promise<void>((resolve) => {
        void feed()
          .withTransaction(async (repository) => {
            await repository.append({
              moved: [],
              visits: [visitOf('00000000-0000-4000-8000-000000000005', 0)],
            });
            resolve();
            await held;
          })
          .then(() => committed.push('first'));
      });
      await firstAppended;
      const second = feed()
        .withTransaction((repository) =>
          repository.append({ moved: [], visits: [visitOf('00000000-0000-4000-8000-000000000005', 1)] }),
        )
        .then(() => committed.push('second'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(committed).toEqual([]);
      releaseFirst();
      await second;
      expect(committed).toEqual(['first', 'second']);
    },
  );
});

/**
 * The crash test's lost visits: a Loupe restarted after a crash, on a database with history but no facts yet,
 * rebuilds the facts at start while the journal's applier already applies the reads the crash left. A batch
 * committing while the rebuild reads the history must still reach analytics. PostgreSQL only: PGlite's one
 * connection never lets the two overlap.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a rebuild of the facts beside the moves', () => {
  let t: TTestApp;
  let fx: TTrackingFixtures;

  beforeAll(async () => {
    t = await createTestApp({ database: 'postgres' });
    fx = createTrackingFixtures(t.database.db, t.clock);
  });
  afterAll(() => t.close());

  /** Resolves once a connection to this database waits for a lock (the batch's append is held up). */
  async function someoneWaits(): Promise<void> {
    for (let tries = 0; tries < 250; tries += 1) {
      const { rows } = (await t.database.db.execute(sql`
        select count(*)::int as count from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`)) as { rows: { count: number }[] };
      if ((rows[0]?.count ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('holds the batches that commit meanwhile, which the projection then applies', async () => {
    const tracking = t.app.loupe.tracking;
    const admin = { id: (await t.createUser({ role: 'admin' })).id, role: 'admin' as const };
    const casting = await fx.department({ name: 'Casting' });
    const [bench, wax, polish] = await Promise.all(
      ['Bench', 'Wax', 'Polish'].map((name) => fx.station(casting.id, { name })),
    );
    const order = await fx.order();
    const epc = fx.epc();
    await tracking.assignEpc(admin, 'order', order.id, epc);
    const move = mover(t, epc, t.clock().getTime() - 120 * MINUTE);
    await move(bench, 0);
    await move(wax, 30);
    await t.app.loupe.projections.caughtUp();
    // A workshop with history and no facts yet (as after a crash before the first visit was projected).
    const { rows: tables } = (await t.database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename like 'analytics\_%'`,
    )) as { rows: { tablename: string }[] };
    await t.database.db.execute(sql.raw(`truncate ${tables.map((table) => table.tablename).join(', ')}`));

    let moved: Promise<unknown> = Promise.resolve();
    const rebuilt = await createAnalyticsFactsRepository(t.database.db).rebuildIfMissing({
      // As composition/floor.ts does at start.
      beforeRebuild: (tx) => createMoveFeedRepository(tx).holdAppends(),
      afterRebuild: async (tx) => {
        // The history is read: now a batch of the applier moves the job on and tries to commit.
        moved = move(polish, 60);
        await Promise.race([moved, someoneWaits()]);
        await createMoveFeedRepository(tx).skipToEnd('analytics visits');
      },
    });
    expect(rebuilt).toBe(true);
    await moved;
    await t.app.loupe.projections.caughtUp();

    const visits = await t.database.db
      .select({ stationId: analyticsVisits.stationId, minutes: analyticsVisits.minutes })
      .from(analyticsVisits)
      .where(sql`${analyticsVisits.itemId} = ${order.id}`)
      .orderBy(analyticsVisits.arrivedAt);
    // The bench visit from the rebuild; the wax visit, ended by the batch held up, from the projection.
    expect(visits).toEqual([
      { stationId: bench?.id, minutes: 30 },
      { stationId: wax?.id, minutes: 30 },
    ]);
  });
});
