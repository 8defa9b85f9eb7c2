import { percentileOfCounts } from '@loupe/domain/analytics/statistics';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { int, nullableNum, nullableText, num, query, sortingQuery, text, ts } from './query-repository.ts';
import type { TScope } from './scope.ts';
import { cycleDays, deliveredIn, jobWhere, lateDays, visitWhere } from './scope-filters-repository.ts';
import { wholeUtcDays, wholeUtcMonths } from './utc-periods.ts';

/**
 * The visits of the range counted by kind, product type, station and exact station minutes, with their rework:
 * whole UTC months from `analytics_station_dwell_months`, the other whole UTC days from
 * `analytics_station_dwell_days`, the partial days at its ends in the workshop's zone from the visits.
 */
function stationVisitCounts(scope: TScope): SQL[] {
  const fromVisits = (fromAt: Date, toAt: Date) => sql`
    select v.item_kind as kind, v.product_type_id::text as product_type_id, v.station_id,
      v.minutes - v.offsite_minutes as minutes, count(*)::bigint as visits,
      count(*) filter (where v.is_rework)::bigint as rework
    from analytics_visits v
    where v.left_at >= ${ts(fromAt)} and v.left_at < ${ts(toAt)} and ${visitWhere(scope)}
    group by 1, 2, 3, 4`;
  const days = wholeUtcDays(scope.fromAt, scope.toAt);
  const parts: SQL[] = [];
  if (days !== null) {
    const where: SQL[] = [];
    if (scope.kind) where.push(sql`sd.item_kind = ${scope.kind}`);
    if (scope.locationId) where.push(sql`sd.location_id = ${scope.locationId}`);
    if (scope.departmentId) where.push(sql`sd.department_id = ${scope.departmentId}`);
    // As the visits compare it: as a uuid, whatever its letter case.
    if (scope.productTypeId) where.push(sql`sd.product_type_id = (${scope.productTypeId}::uuid)::text`);
    if (scope.salespersonId) where.push(sql`sd.salesperson_id = (${scope.salespersonId}::uuid)::text`);
    // Whole months from the month rollup, the whole days around them from the day rollup.
    const fromRollup = (table: 'days' | 'months', periods: SQL) => sql`
      select sd.item_kind as kind, nullif(sd.product_type_id, '') as product_type_id, sd.station_id,
        sd.minutes, sum(sd.visits)::bigint as visits, sum(sd.rework_visits)::bigint as rework
      from ${sql.raw(`analytics_station_dwell_${table}`)} sd
      where ${sql.join([sql`(${periods})`, ...where], sql` and `)}
      group by 1, 2, 3, 4`;
    const dayRange = (from: string, to: string) => sql`(sd.day >= ${from}::date and sd.day < ${to}::date)`;
    const months = wholeUtcMonths(days.fromDay, days.toDay);
    if (scope.fromAt < days.fromAt) parts.push(fromVisits(scope.fromAt, days.fromAt));
    if (months === null) {
      parts.push(fromRollup('days', dayRange(days.fromDay, days.toDay)));
    } else {
      parts.push(
        fromRollup(
          'months',
          sql`sd.month >= ${months.fromMonth}::date and sd.month < ${months.toMonth}::date`,
        ),
      );
      if (days.fromDay < months.fromMonth || months.toMonth < days.toDay) {
        parts.push(
          fromRollup(
            'days',
            sql`${dayRange(days.fromDay, months.fromMonth)} or ${dayRange(months.toMonth, days.toDay)}`,
          ),
        );
      }
    }
    if (days.toAt < scope.toAt) parts.push(fromVisits(days.toAt, scope.toAt));
  } else {
    parts.push(fromVisits(scope.fromAt, scope.toAt));
  }
  return parts;
}

/** The SQL of the product-type screen: figures per product type (and metal), and per product type and station. */
export function createProductTypeAnalyticsRepository(db: TDatabase) {
  return {
    /** Per product type (and metal): deliveries, cycle days, rework and on-time counts. */
    async productTypeGroups(scope: TScope) {
      return sortingQuery(
        db,
        sql`
          select "byType", kind, product_type::text as "productTypeId", metal::text as "metalTypeId", delivered,
            timed, average, median, p90, reworked, promised, "onTime"
          from (
            -- Each job's figures computed once; grouped in the order of analytics_jobs_product_type_idx, which
            -- a long range reads instead of sorting its jobs.
            select grouping(metal)::int as "byType", kind, product_type, metal,
              count(*)::int as delivered, count(cycle)::int as timed, avg(cycle)::float8 as average,
              percentile_cont(0.5) within group (order by cycle)::float8 as median,
              percentile_cont(0.9) within group (order by cycle)::float8 as p90,
              count(*) filter (where reworked)::int as reworked, count(late)::int as promised,
              count(*) filter (where late <= 0)::int as "onTime"
            from (
              select j.item_kind as kind, j.product_type_id as product_type, j.metal_type_id as metal,
                ${cycleDays} as cycle, j.rework_visits > 0 as reworked,
                -- null without a promised date, as the count of promised jobs needs.
                ${lateDays(scope)} as late
              from analytics_jobs j
              where ${deliveredIn(scope)} and ${jobWhere(scope)}
            ) as jobs
            group by grouping sets ((kind, product_type), (kind, product_type, metal))
          ) as grouped`,
        {
          byType: int,
          kind: z.enum(['order', 'repair']),
          productTypeId: nullableText,
          metalTypeId: nullableText,
          delivered: int,
          timed: int,
          average: nullableNum,
          median: nullableNum,
          p90: nullableNum,
          reworked: int,
          promised: int,
          onTime: int,
        },
      );
    },

    /**
     * Visits per product type (kind for repairs) and station that ended in the range: how many, their station
     * minutes (offsite left out) exactly, and how many were rework. Whole UTC months of the range come from the
     * rollup `analytics_station_dwell_months`, the other whole UTC days from `analytics_station_dwell_days`
     * (exact minutes counted), the partial days at its ends in the workshop's zone from the visits. The median
     * and p90 are percentile_cont's over the visits one by one.
     */
    async productTypeStations(scope: TScope) {
      const parts = stationVisitCounts(scope);
      // The average as avg() computes it over the visits: the sum over the count, in numeric.
      const rows = await query(
        db,
        sql`
          select grouping(minutes)::int as "isGroup", kind, product_type_id as "productTypeId",
            station_id as "stationId", minutes::float8 as minutes, sum(visits)::int as visits,
            sum(rework)::int as rework, (sum(minutes * visits)::numeric / sum(visits)::numeric)::float8 as average
          from (${sql.join(parts, sql` union all `)}) as counted
          where visits > 0
          group by grouping sets ((kind, product_type_id, station_id, minutes), (kind, product_type_id, station_id))`,
        {
          isGroup: int,
          kind: z.enum(['order', 'repair']),
          productTypeId: nullableText,
          stationId: text,
          minutes: nullableNum,
          visits: int,
          rework: int,
          average: num,
        },
      );
      const groups = new Map<
        string,
        {
          kind: 'order' | 'repair';
          productTypeId: string | null;
          stationId: string;
          visits: number;
          rework: number;
          average: number;
          counts: { value: number; count: number }[];
        }
      >();
      for (const row of rows) {
        const key = JSON.stringify([row.kind, row.productTypeId, row.stationId]);
        const group = groups.get(key) ?? {
          kind: row.kind,
          productTypeId: row.productTypeId,
          stationId: row.stationId,
          visits: 0,
          rework: 0,
          average: 0,
          counts: [],
        };
        groups.set(key, group);
        if (row.isGroup === 1) {
          group.visits = row.visits;
          group.rework = row.rework;
          group.average = row.average;
        } else if (row.minutes !== null) {
          group.counts.push({ value: row.minutes, count: row.visits });
        }
      }
      // percentile_cont over the counts, as over the visits one by one.
      return [...groups.values()].map(({ counts, ...group }) => ({
        ...group,
        median: percentileOfCounts(counts, 0.5) ?? 0,
        p90: percentileOfCounts(counts, 0.9) ?? 0,
      }));
    },
  };
}

export type TProductTypeAnalyticsRepository = ReturnType<typeof createProductTypeAnalyticsRepository>;
