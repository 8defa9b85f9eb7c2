import { ZProductTypeAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsFactsRepository } from '../src/modules/analytics/facts-repository.ts';
import { createProductTypeAnalyticsRepository } from '../src/modules/analytics/product-types-repository.ts';
import type { TScope } from '../src/modules/analytics/scope.ts';
import {
  createAnalyticsWorkshop,
  inOrder,
  type TAnalyticsWorkshop,
  UNFILTERED,
} from './support/analytics-workshop.ts';
import { TEST_DATABASES } from './support/databases.ts';
import type { TTestApp, TTestClient } from './support/test-app.ts';

/**
 * The product type × station dwell table from the rollup analytics_station_dwell_days
 * (docs/decisions/013-analytics-rollups.md), by hand (UTC workshop):
 *
 * - P (product type Ring, salesperson Sam): casting 2 Mar 22:00 – 3 Mar 01:00 (180 min, across midnight: it
 *   counts on 3 March, the day it ended), bench 01:00–02:00 (60), casting again 02:00–04:00 (120, rework),
 *   bench again 04:00–10:00 (360, rework), polishing from 10:00.
 * - Q (no product type): casting 3 Mar 09:00–10:30 (90), bench 10:30–12:30 (120), polishing from 12:30.
 * - R (no product type): casting 2 Mar 10:00–11:00 (60), at the bench since.
 * - T (no product type): casting 3 Mar 06:00–07:30 (90), at the bench since.
 * - U (no product type): casting 27 Feb 23:00 – 28 Feb 01:00 (120), bench 28 Feb 01:00 – 1 Mar 01:00 (1,440,
 *   across the end of February: it counts in March), at casting since.
 */
describe.each(TEST_DATABASES)('station dwell rollup on %s', (database) => {
  let t: TTestApp;
  let manager: TTestClient;
  let places: TAnalyticsWorkshop['places'];
  let ringId = '';
  let samId = '';

  async function byStation(query: string) {
    const response = await manager.request('GET', `/api/v1/analytics/product-types?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = ZProductTypeAnalyticsSchema.parse((response.json() as { data: unknown }).data);
    return answer.byProductTypeAndStation.map((row) => ({
      productTypeName: row.productTypeName,
      station: row.stationId,
      dwellHours: row.dwellHours,
      reworkRate: row.reworkRate,
    }));
  }

  /** The table as it was computed before the rollup: percentile_cont over every visit of the range. */
  async function exactFromVisits(scope: TScope) {
    const where: ReturnType<typeof sql>[] = [
      sql`v.left_at >= ${scope.fromAt.toISOString()}::timestamptz and v.left_at < ${scope.toAt.toISOString()}::timestamptz`,
    ];
    if (scope.kind) where.push(sql`v.item_kind = ${scope.kind}`);
    if (scope.locationId) where.push(sql`v.location_id = ${scope.locationId}`);
    if (scope.departmentId) where.push(sql`v.department_id = ${scope.departmentId}`);
    if (scope.productTypeId) where.push(sql`v.product_type_id = ${scope.productTypeId}::uuid`);
    if (scope.salespersonId) where.push(sql`v.salesperson_id = ${scope.salespersonId}::uuid`);
    const { rows } = (await t.database.db.execute(sql`
      select v.item_kind as kind, v.product_type_id::text as "productTypeId", v.station_id as "stationId",
        count(*)::int as visits, avg(v.minutes - v.offsite_minutes)::float8 as average,
        percentile_cont(0.5) within group (order by v.minutes - v.offsite_minutes)::float8 as median,
        percentile_cont(0.9) within group (order by v.minutes - v.offsite_minutes)::float8 as p90,
        count(*) filter (where v.is_rework)::int as rework
      from analytics_visits v
      where ${sql.join(where, sql` and `)}
      group by 1, 2, 3`)) as { rows: Record<string, unknown>[] };
    return sorted(rows.map((row) => ({ ...row, average: Number(row.average) })));
  }

  const sorted = <T extends Record<string, unknown>>(rows: T[]) =>
    [...rows].sort((a, b) =>
      JSON.stringify([a.kind, a.productTypeId, a.stationId]) <
      JSON.stringify([b.kind, b.productTypeId, b.stationId])
        ? -1
        : 1,
    );

  const scope = (fromAt: string, toAt: string, filters: Partial<TScope> = {}): TScope => ({
    fromAt: new Date(fromAt),
    toAt: new Date(toAt),
    fromDay: fromAt.slice(0, 10),
    toDay: toAt.slice(0, 10),
    ...UNFILTERED,
    ...filters,
  });

  async function rollupRows(period: 'day' | 'month' = 'day') {
    const { rows } = (await t.database.db.execute(sql`
      select ${sql.raw(period)}::text as period, product_type_id, station_id, minutes, visits, rework_visits
      from ${sql.raw(`analytics_station_dwell_${period}s`)}`)) as { rows: Record<string, unknown>[] };
    return inOrder(rows);
  }

  beforeAll(async () => {
    const workshop = await createAnalyticsWorkshop(database, '2026-02-27T08:00:00Z');
    ({ t, manager, places, ringId, samId } = workshop);
    const { at, order, read } = workshop;
    const p = await order({ productTypeId: ringId, salespersonId: samId });
    const q = await order();
    const r = await order();
    const tt = await order();
    const u = await order();
    await read(u, places.casting, '2026-02-27T23:00:00Z');
    await read(u, places.bench, '2026-02-28T01:00:00Z');
    await read(u, places.casting, '2026-03-01T01:00:00Z');
    await read(r, places.casting, '2026-03-02T10:00:00Z');
    await read(r, places.bench, '2026-03-02T11:00:00Z');
    await read(p, places.casting, '2026-03-02T22:00:00Z');
    await read(p, places.bench, '2026-03-03T01:00:00Z');
    await read(p, places.casting, '2026-03-03T02:00:00Z');
    await read(p, places.bench, '2026-03-03T04:00:00Z');
    await read(tt, places.casting, '2026-03-03T06:00:00Z');
    await read(tt, places.bench, '2026-03-03T07:30:00Z');
    await read(q, places.casting, '2026-03-03T09:00:00Z');
    await read(p, places.polishing, '2026-03-03T10:00:00Z');
    await read(q, places.bench, '2026-03-03T10:30:00Z');
    await read(q, places.polishing, '2026-03-03T12:30:00Z');
    await at('2026-03-04T12:00:00Z');
  });
  afterAll(() => t.close());

  it('counts each finished visit on the UTC day and month it ended, by its exact station minutes, rework apart', async () => {
    const bench = places.bench.station.id;
    const casting = places.casting.station.id;
    const row = (
      period: string,
      productTypeId: string,
      stationId: string,
      minutes: number,
      visits = 1,
      rework = 0,
    ) => ({
      period,
      product_type_id: productTypeId,
      station_id: stationId,
      minutes,
      visits,
      rework_visits: rework,
    });
    expect(await rollupRows('day')).toEqual(
      inOrder([
        row('2026-02-28', '', casting, 120),
        row('2026-03-01', '', bench, 1440),
        row('2026-03-02', '', casting, 60),
        row('2026-03-03', '', bench, 120),
        row('2026-03-03', '', casting, 90, 2),
        row('2026-03-03', ringId, bench, 60),
        row('2026-03-03', ringId, bench, 360, 1, 1),
        row('2026-03-03', ringId, casting, 120, 1, 1),
        row('2026-03-03', ringId, casting, 180),
      ]),
    );
    expect(await rollupRows('month')).toEqual(
      inOrder([
        row('2026-02-01', '', casting, 120),
        row('2026-03-01', '', bench, 1440),
        row('2026-03-01', '', bench, 120),
        row('2026-03-01', '', casting, 60),
        row('2026-03-01', '', casting, 90, 2),
        row('2026-03-01', ringId, bench, 60),
        row('2026-03-01', ringId, bench, 360, 1, 1),
        row('2026-03-01', ringId, casting, 120, 1, 1),
        row('2026-03-01', ringId, casting, 180),
      ]),
    );
  });

  it('gives the figures worked out by hand, the midnight visit on the day it ended', async () => {
    // In workshop order: department position, then name (the fixtures' departments share a position).
    const noType = 'No product type';
    const bench = places.bench.station.id;
    const casting = places.casting.station.id;
    expect(await byStation('from=2026-03-02&to=2026-03-08')).toEqual([
      {
        productTypeName: noType,
        station: bench,
        dwellHours: { count: 1, average: 2, median: 2, p90: 2 },
        reworkRate: 0,
      },
      // 60, 90 and 90 minutes: 80 on average, median and p90 90.
      {
        productTypeName: noType,
        station: casting,
        dwellHours: { count: 3, average: 1.33, median: 1.5, p90: 1.5 },
        reworkRate: 0,
      },
      // 60 and 360 (rework): p90 60 + 0.9 × 300 = 330 minutes.
      {
        productTypeName: 'Ring',
        station: bench,
        dwellHours: { count: 2, average: 3.5, median: 3.5, p90: 5.5 },
        reworkRate: 0.5,
      },
      // 180 (across midnight) and 120 (rework): p90 120 + 0.9 × 60 = 174 minutes.
      {
        productTypeName: 'Ring',
        station: casting,
        dwellHours: { count: 2, average: 2.5, median: 2.5, p90: 2.9 },
        reworkRate: 0.5,
      },
    ]);
    // 2 March alone: R's 60 minutes; P's first casting visit began that day but ended on the 3rd.
    expect(await byStation('from=2026-03-02&to=2026-03-02')).toEqual([
      {
        productTypeName: noType,
        station: casting,
        dwellHours: { count: 1, average: 1, median: 1, p90: 1 },
        reworkRate: 0,
      },
    ]);
    // Sam's jobs (a key of the rollup since migration 0023) and the bench alone.
    const ring = (await byStation('from=2026-03-02&to=2026-03-08')).filter(
      (row) => row.productTypeName === 'Ring',
    );
    expect(await byStation(`from=2026-03-02&to=2026-03-08&salespersonId=${samId}`)).toEqual(ring);
    expect(await byStation(`from=2026-03-02&to=2026-03-08&productTypeId=${ringId}`)).toEqual(ring);
    expect(
      (await byStation(`from=2026-03-02&to=2026-03-08&departmentId=${places.bench.department.id}`)).map(
        (row) => row.station,
      ),
    ).toEqual([bench, bench]);
    expect(await byStation('from=2026-03-02&to=2026-03-08&kind=repair')).toEqual([]);
  });

  it('gives exactly what percentile_cont over the visits gives, whole days from the rollup and partial ones from the visits', async () => {
    const repo = createProductTypeAnalyticsRepository(t.database.db);
    const scopes = [
      scope('2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z'),
      // R's visit in the partial day before 3 March, the rest from the rollup's 3 March.
      scope('2026-03-02T10:30:00Z', '2026-03-04T00:00:00Z'),
      // No whole UTC day: all from the visits.
      scope('2026-03-02T05:00:00Z', '2026-03-03T05:00:00Z'),
      // Partial days at both ends (a workshop at UTC−5).
      scope('2026-03-02T05:00:00Z', '2026-03-04T05:00:00Z'),
      scope('2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z', { productTypeId: ringId.toUpperCase() }),
      scope('2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z', { salespersonId: samId }),
      scope('2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z', { departmentId: places.casting.department.id }),
      scope('2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z', { locationId: 'NOWHERE' }),
      scope('2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z', { kind: 'order' }),
      // Whole months from the month rollup, the days around them from the day rollup.
      scope('2026-02-28T00:00:00Z', '2026-04-01T00:00:00Z'),
      scope('2026-02-01T00:00:00Z', '2026-04-01T00:00:00Z'),
      scope('2026-01-30T07:00:00Z', '2026-04-02T07:00:00Z', { productTypeId: ringId }),
      scope('2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z'),
    ];
    for (const each of scopes) {
      const exact = await exactFromVisits(each);
      expect(sorted(await repo.productTypeStations(each))).toEqual(exact);
    }
    // The mixed range by hand: no product type at casting is 60 (from the visits) and 90 and 90 (the rollup).
    const mixed = await repo.productTypeStations(scopes[1] as TScope);
    expect(
      mixed.find((row) => row.productTypeId === null && row.stationId === places.casting.station.id),
    ).toEqual({
      kind: 'order',
      productTypeId: null,
      stationId: places.casting.station.id,
      visits: 3,
      rework: 0,
      average: 80,
      median: 90,
      p90: 90,
    });
    // February 28 (the day rollup) and March (the month rollup): casting 120, 60, 90, 90 and bench 1,440, 120.
    const spanning = await repo.productTypeStations(scopes[9] as TScope);
    const noType = (stationId: string) =>
      spanning.find((row) => row.productTypeId === null && row.stationId === stationId);
    // Median 90; p90 at rank 2.7: 90 + 0.7 × 30 = 111.
    expect(noType(places.casting.station.id)).toMatchObject({ visits: 4, average: 90, median: 90, p90: 111 });
    // p90: 120 + 0.9 × 1,320 = 1,308.
    expect(noType(places.bench.station.id)).toMatchObject({
      visits: 2,
      average: 780,
      median: 780,
      p90: 1308,
    });
  });

  it('rebuilds the rollups the moves kept, and fills them once for facts that predate them', async () => {
    const kept = { days: await rollupRows('day'), months: await rollupRows('month') };
    const rollups = async () => ({ days: await rollupRows('day'), months: await rollupRows('month') });
    const facts = createAnalyticsFactsRepository(t.database.db);
    await facts.rebuildFacts();
    expect(await rollups()).toEqual(kept);
    await t.database.db.execute(sql`delete from analytics_station_dwell_months`);
    expect(await facts.rebuildIfMissing()).toBe(true);
    expect(await rollups()).toEqual(kept);
    await t.database.db.execute(sql`delete from analytics_station_dwell_days`);
    await t.database.db.execute(sql`delete from analytics_station_dwell_months`);
    expect(await facts.rebuildIfMissing()).toBe(true);
    expect(await rollups()).toEqual(kept);
    expect(await facts.rebuildIfMissing()).toBe(false);
  });

  it('keeps the salesperson in the rollups, so a salesperson filter reads them', async () => {
    const db = t.database.db;
    const repo = createProductTypeAnalyticsRepository(db);
    const samRows = async () => {
      const read = async (period: 'day' | 'month') =>
        inOrder(
          (
            (await db.execute(sql`
              select ${sql.raw(period)}::text as period, product_type_id, station_id, salesperson_id, minutes,
                visits, rework_visits
              from ${sql.raw(`analytics_station_dwell_${period}s`)} where salesperson_id <> ''`)) as {
              rows: Record<string, unknown>[];
            }
          ).rows,
        );
      return { days: await read('day'), months: await read('month') };
    };
    // P alone is Sam's: casting 180 and 120 (rework), bench 60 and 360 (rework), all ended on 3 March.
    const bench = places.bench.station.id;
    const casting = places.casting.station.id;
    const row = (period: string, stationId: string, minutes: number, rework = 0) => ({
      period,
      product_type_id: ringId,
      station_id: stationId,
      salesperson_id: samId,
      minutes,
      visits: 1,
      rework_visits: rework,
    });
    const kept = await samRows();
    expect(kept).toEqual({
      days: inOrder([
        row('2026-03-03', bench, 60),
        row('2026-03-03', bench, 360, 1),
        row('2026-03-03', casting, 120, 1),
        row('2026-03-03', casting, 180),
      ]),
      months: inOrder([
        row('2026-03-01', bench, 60),
        row('2026-03-01', bench, 360, 1),
        row('2026-03-01', casting, 120, 1),
        row('2026-03-01', casting, 180),
      ]),
    });
    // 2–8 March reads the day rollup, March the month rollup; an upper-case id is the same salesperson.
    const week = scope('2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z', {
      salespersonId: samId.toUpperCase(),
    });
    const march = scope('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', { salespersonId: samId });
    for (const each of [week, march]) {
      expect(sorted(await repo.productTypeStations(each))).toEqual(await exactFromVisits(each));
    }
    const ringBench = async (each: TScope) =>
      (await repo.productTypeStations(each)).find((group) => group.stationId === bench);

    // Read from the rollups, not the visits: a count changed there shows under the filter.
    await db.execute(sql`update analytics_station_dwell_days set visits = visits + 1
      where salesperson_id = ${samId} and minutes = 60`);
    await db.execute(sql`update analytics_station_dwell_months set visits = visits + 2
      where salesperson_id = ${samId} and minutes = 60`);
    // 60, 60 and 360 minutes: average 160, median 60, p90 60 + 0.8 × 300 = 300.
    expect(await ringBench(week)).toMatchObject({ visits: 3, rework: 1, average: 160, median: 60, p90: 300 });
    // 60 three times and 360: average 135, median 60, p90 at rank 2.7, 60 + 0.7 × 300 = 270 (floating point).
    expect(await ringBench(march)).toMatchObject({
      visits: 4,
      rework: 1,
      average: 135,
      median: 60,
      p90: expect.closeTo(270, 9),
    });
    await db.execute(sql`update analytics_station_dwell_days set visits = visits - 1
      where salesperson_id = ${samId} and minutes = 60`);
    await db.execute(sql`update analytics_station_dwell_months set visits = visits - 2
      where salesperson_id = ${samId} and minutes = 60`);
    expect(await samRows()).toEqual(kept);

    // Rollups that migration 0023 left without salespeople (every row at ''): refilled once at start.
    const facts = createAnalyticsFactsRepository(db);
    for (const upgraded of [['day', 'month'], ['day'], ['month']]) {
      for (const period of upgraded) {
        await db.execute(sql.raw(`update analytics_station_dwell_${period}s set salesperson_id = ''`));
      }
      expect(await facts.rebuildIfMissing()).toBe(true);
      expect(await samRows()).toEqual(kept);
      expect(await facts.rebuildIfMissing()).toBe(false);
    }
  });
});
