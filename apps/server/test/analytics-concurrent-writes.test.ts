import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnalyticsHistory } from '../bench/analytics-seed.ts';
import type { TDatabase, TDatabaseHandle } from '../src/db/client.ts';
import { createAnalyticsFactsRepository } from '../src/modules/analytics/facts-repository.ts';
import { openTestDatabase } from './support/databases.ts';

/**
 * A tracking batch and a delivery of the same job in two transactions at once, each held open while the other
 * starts (docs/decisions/013-analytics-rollups.md). Both move the job's counts in the rollups from the job as
 * they find it; the later one must wait and find what the earlier one wrote, or it counts the delivery (or the
 * job's start) twice. The rollups must then hold what a fill from the facts gives. PostgreSQL only: PGlite has
 * one connection, so its transactions never overlap.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('analytics facts written by two transactions at once', () => {
  let handle: TDatabaseHandle;
  const now = new Date('2026-06-15T12:00:00Z');
  const rollups = {
    analytics_job_days: 'started <> 0 or delivered <> 0',
    analytics_delivery_days: 'jobs <> 0',
    analytics_phase_days: 'jobs <> 0',
    analytics_step_days: 'jobs <> 0',
  };

  async function rows<T = Record<string, unknown>>(statement: ReturnType<typeof sql>): Promise<T[]> {
    return ((await handle.db.execute(statement)) as { rows: T[] }).rows;
  }

  /** Every rollup's rows that count something, as sorted text. */
  async function rollupRows(): Promise<Record<string, string[]>> {
    const all: Record<string, string[]> = {};
    for (const [table, counts] of Object.entries(rollups)) {
      const found = await rows<{ row: string }>(
        sql.raw(`select to_jsonb(r)::text as row from ${table} r where ${counts} order by 1`),
      );
      all[table] = found.map((row) => row.row);
    }
    return all;
  }

  /** The rollups as a fill from the facts gives them (the facts repository fills an empty rollup). */
  async function filledFromFacts(): Promise<Record<string, string[]>> {
    for (const table of Object.keys(rollups)) await handle.db.execute(sql.raw(`truncate ${table}`));
    expect(await createAnalyticsFactsRepository(handle.db).rebuildIfMissing()).toBe(true);
    return rollupRows();
  }

  /** Resolves once a connection to this database waits for a lock: the second transaction is held up. */
  async function someoneWaits(): Promise<void> {
    for (let tries = 0; tries < 500; tries += 1) {
      const [waiting] = await rows<{ count: number }>(sql`
        select count(*)::int as count from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      if ((waiting?.count ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the second transaction never waited for the first');
  }

  /**
   * Runs `first` in a transaction held open after it has written, starts `second` in another, waits until the
   * second is held up by the first, then lets both commit.
   */
  async function overlapping(
    first: (tx: TDatabase) => Promise<void>,
    second: (tx: TDatabase) => Promise<void>,
  ): Promise<void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = () => {};
    const firstWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const one = handle.db.transaction(async (tx) => {
      await first(tx);
      written();
      await held;
    });
    await firstWritten;
    const two = handle.db.transaction(second);
    try {
      await someoneWaits();
    } finally {
      release();
    }
    await Promise.all([one, two]);
  }

  const visitOf = (id: string, arrivedAt: string) => ({
    itemKind: 'order' as const,
    itemId: id,
    stationId: 'BS2-1',
    departmentId: 'BD2',
    arrivedAt: new Date(arrivedAt),
    leftAt: new Date(new Date(arrivedAt).getTime() + 90 * 60_000),
    minutes: 90,
    offsiteMinutes: 0,
  });

  /** An open order with a promise and phase minutes already counted. */
  async function openOrder(): Promise<string> {
    const [found] = await rows<{ id: string }>(sql`
      select j.item_id::text as id from analytics_jobs j
      where j.item_kind = 'order' and j.delivered_at is null and j.promised_date is not null
        and exists (select 1 from analytics_job_steps s
          where s.item_kind = j.item_kind and s.item_id = j.item_id and s.step_kind = 'phase')
      order by j.item_id limit 1`);
    if (!found) throw new Error('the seed has too few open orders');
    return found.id;
  }

  /** An open order that loses its facts: to them it was never read. */
  async function unreadOrder(): Promise<string> {
    const id = await openOrder();
    for (const table of ['analytics_job_steps', 'analytics_visits', 'analytics_jobs'])
      await handle.db.execute(
        sql`delete from ${sql.raw(table)} where item_kind = 'order' and item_id = ${id}`,
      );
    await filledFromFacts();
    return id;
  }

  const facts = (tx: TDatabase) => createAnalyticsFactsRepository(tx);
  const deliveredAt = new Date('2026-06-15T10:00:00Z');

  beforeAll(async () => {
    handle = await openTestDatabase('postgres');
    await seedAnalyticsHistory(handle.db, { jobs: 3_000, events: 18_000, now });
  }, 120_000);
  afterAll(() => handle?.close());

  it('a delivery committing while a batch reads the same job counts the delivery once', async () => {
    const id = await openOrder();
    await overlapping(
      (tx) => facts(tx).recordDelivered('order', id, deliveredAt),
      (tx) => facts(tx).recordVisits([visitOf(id, '2026-06-15T10:30:00Z')]),
    );
    const [job] = await rows(sql`
      select delivered_at is not null as delivered, visits > 0 as read
      from analytics_jobs where item_kind = 'order' and item_id = ${id}`);
    expect(job).toEqual({ delivered: true, read: true });
    const kept = await rollupRows();
    expect(kept).toEqual(await filledFromFacts());
  });

  it('a batch committing while the same job is delivered moves its counts once', async () => {
    const id = await openOrder();
    // The order was given another product type since its last read: the batch moves the job's counts to it.
    await handle.db.execute(sql`
      update orders set product_type_id = (
        select p.id from product_types p where p.id <> orders.product_type_id order by p.name limit 1)
      where id = ${id}`);
    await overlapping(
      (tx) => facts(tx).recordVisits([visitOf(id, '2026-06-15T09:00:00Z')]),
      (tx) => facts(tx).recordDelivered('order', id, deliveredAt),
    );
    const kept = await rollupRows();
    expect(kept).toEqual(await filledFromFacts());
  });

  it('a job read for the first time while it is delivered is started and delivered once', async () => {
    for (const order of ['read first', 'delivered first'] as const) {
      const unread = await unreadOrder();
      const read = (tx: TDatabase) => facts(tx).recordVisits([visitOf(unread, '2026-06-15T08:00:00Z')]);
      const deliver = (tx: TDatabase) => facts(tx).recordDelivered('order', unread, deliveredAt);
      if (order === 'read first') await overlapping(read, deliver);
      else await overlapping(deliver, read);
      const [job] = await rows(sql`
        select visits, delivered_at is not null as delivered
        from analytics_jobs where item_kind = 'order' and item_id = ${unread}`);
      expect(job, order).toEqual({ visits: 1, delivered: true });
      const kept = await rollupRows();
      expect(kept, order).toEqual(await filledFromFacts());
    }
  });
});
