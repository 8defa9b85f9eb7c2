import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { int, nullableNum, sortingQuery, ts } from './query-repository.ts';
import type { TScope } from './scope.ts';
import { cycleDays, deliveredIn, jobWhere, lateDays } from './scope-filters-repository.ts';

/** The SQL of the comparison screen: one side's job figures (its station figures are the station buckets'). */
export function createComparisonAnalyticsRepository(db: TDatabase) {
  return {
    /** The job figures of one side of a comparison. */
    async jobFigures(scope: TScope) {
      const [row] = await sortingQuery(
        db,
        sql`
          select
            (select count(*) from analytics_jobs j
              where j.first_arrival_at >= ${ts(scope.fromAt)} and j.first_arrival_at < ${ts(scope.toAt)}
                and ${jobWhere(scope)})::int as started,
            count(*)::int as delivered,
            count(*) filter (where j.promised_date is not null)::int as promised,
            count(*) filter (where ${lateDays(scope)} <= 0)::int as "onTime",
            avg(${lateDays(scope)}) filter (where ${lateDays(scope)} > 0)::float8 as "averageDaysLate",
            avg(${cycleDays})::float8 as "averageCycleDays",
            percentile_cont(0.9) within group (order by ${cycleDays})::float8 as "p90CycleDays",
            count(*) filter (where j.rework_visits > 0)::int as reworked
          from analytics_jobs j
          where ${deliveredIn(scope)} and ${jobWhere(scope)}`,
        {
          started: int,
          delivered: int,
          promised: int,
          onTime: int,
          averageDaysLate: nullableNum,
          averageCycleDays: nullableNum,
          p90CycleDays: nullableNum,
          reworked: int,
        },
      );
      if (!row) throw new Error('the comparison query returned no row');
      return row;
    },
  };
}

export type TComparisonAnalyticsRepository = ReturnType<typeof createComparisonAnalyticsRepository>;
