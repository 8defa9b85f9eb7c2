import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { int, num, sortingQuery, text } from './query-repository.ts';

/** What predictions add up: past phase durations (the job read model reads them: src/job-read-model.ts). */
export function createPredictionsRepository(db: TDatabase) {
  return {
    /**
     * Past durations (hours) per phase over the latest delivered jobs: the quantiles predictions add up.
     * Keyed by kind and phase; the last `limit` deliveries keep it quick and current.
     */
    async phaseQuantiles(limit: number) {
      return sortingQuery(
        db,
        sql`
          with recent as (
            select j.item_kind, j.item_id from analytics_jobs j
            where j.delivered_at is not null order by j.delivered_at desc limit ${limit}
          )
          select s.item_kind as kind, s.step_key as phase, count(*)::int as jobs,
            (percentile_cont(0.25) within group (order by s.minutes) / 60.0)::float8 as p25,
            (percentile_cont(0.5) within group (order by s.minutes) / 60.0)::float8 as p50,
            (percentile_cont(0.8) within group (order by s.minutes) / 60.0)::float8 as p80
          from recent r
          join analytics_job_steps s on s.item_kind = r.item_kind and s.item_id = r.item_id and s.step_kind = 'phase'
          group by 1, 2`,
        { kind: text, phase: text, jobs: int, p25: num, p50: num, p80: num },
      );
    },
  };
}

export type TPredictionsRepository = ReturnType<typeof createPredictionsRepository>;
