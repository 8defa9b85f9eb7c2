import { type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { int, num, query, text } from './query-repository.ts';
import type { TScope } from './scope.ts';
import { wholeUtcMonths } from './utc-periods.ts';

/** Domain `minutesBucket` in SQL, of a number of minutes. */
export const bucketOfMinutes = (minutes: SQL) => sql`floor(ln(greatest(${minutes}, 0) + 1) / ln(2) * 4)::int`;

/** Domain `minutesBucket` in SQL, of a visit's minutes at its station (offsite time left out). */
export const STATION_BUCKET_SQL = bucketOfMinutes(sql.raw('minutes - offsite_minutes'));

export type TStationBucketRow = { stationId: string; bucket: number; visits: number; minutes: number };

/** Station visits counted by duration bucket: the workflow screen's station times and a comparison's average. */
export function createStationBucketsRepository(db: TDatabase) {
  return {
    /** Visits per station and duration bucket in the range, from the station dwell rollups. */
    async stationBuckets(scope: TScope): Promise<TStationBucketRow[]> {
      const shape = { stationId: text, bucket: int, visits: int, minutes: num };
      // The visits that ended on the UTC days fromDay to toDay, read from the station dwell rollups
      // (the same visits counted by exact minutes, so each count's bucket is that of its minutes): whole months
      // from the month table, the days around them from the day table.
      const parts: SQL[] = [];
      if (scope.kind) parts.push(sql`sd.item_kind = ${scope.kind}`);
      // As the visits compare them: as uuids, whatever their letter case.
      if (scope.productTypeId) parts.push(sql`sd.product_type_id = (${scope.productTypeId}::uuid)::text`);
      if (scope.salespersonId) parts.push(sql`sd.salesperson_id = (${scope.salespersonId}::uuid)::text`);
      if (scope.locationId || scope.departmentId) {
        const place: SQL[] = [sql`st.id = sd.station_id`];
        if (scope.departmentId) place.push(sql`st.department_id = ${scope.departmentId}`);
        if (scope.locationId) place.push(sql`dd.location_id = ${scope.locationId}`);
        parts.push(sql`exists (select 1 from stations st join departments dd on dd.id = st.department_id
          where ${sql.join(place, sql` and `)})`);
      }
      const endDay = new Date(`${scope.toDay}T00:00:00Z`);
      endDay.setUTCDate(endDay.getUTCDate() + 1);
      const toDay = endDay.toISOString().slice(0, 10);
      const fromRollup = (table: 'days' | 'months', periods: SQL) => sql`
        select sd.station_id, sd.minutes, sum(sd.visits)::bigint as visits
        from ${sql.raw(`analytics_station_dwell_${table}`)} sd
        where ${sql.join([sql`(${periods})`, ...parts], sql` and `)}
        group by 1, 2`;
      const dayRange = (from: string, to: string) => sql`(sd.day >= ${from}::date and sd.day < ${to}::date)`;
      const months = wholeUtcMonths(scope.fromDay, toDay);
      const counted =
        months === null
          ? [fromRollup('days', dayRange(scope.fromDay, toDay))]
          : [
              fromRollup(
                'months',
                sql`sd.month >= ${months.fromMonth}::date and sd.month < ${months.toMonth}::date`,
              ),
              fromRollup(
                'days',
                sql`${dayRange(scope.fromDay, months.fromMonth)} or ${dayRange(months.toMonth, toDay)}`,
              ),
            ];
      return query(
        db,
        sql`
          select station_id as "stationId", ${bucketOfMinutes(sql`minutes`)} as bucket,
            sum(visits)::int as visits, sum(minutes * visits)::float8 as minutes
          from (${sql.join(counted, sql` union all `)}) as counted
          group by 1, 2`,
        shape,
      );
    },
  };
}

export type TStationBucketsRepository = ReturnType<typeof createStationBucketsRepository>;
