import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { int, nullableNum, nullableText, num, query, sortingQuery, text } from './query-repository.ts';
import type { TScope } from './scope.ts';
import { dayRollupWhere, deliveredIn, jobWhere, lateDays } from './scope-filters-repository.ts';

/** Repairs have no product type: on-time groups them under this id. */
export const REPAIRS_GROUP = 'repairs';

/** The SQL of the on-time screen: deliveries against their promised day, and the late jobs (root cause lists them too). */
export function createOnTimeAnalyticsRepository(db: TDatabase) {
  return {
    /** Delivered jobs with a promised date, counted by month, product type, salesperson, location and days late. */
    async onTimeGroups(scope: TScope) {
      const shape = {
        g: int,
        month: nullableText,
        productTypeId: nullableText,
        salespersonId: nullableText,
        locationId: nullableText,
        late: z.coerce.number().int().nullable(),
        delivered: int,
        onTime: int,
        avgLate: nullableNum,
      };
      // From the delivery rollup when it is kept in the workshop's zone (checked in the statement, as
      // throughput does) and no department is asked for; the grand total row always comes back, with the check.
      if (!scope.departmentId) {
        const rows = await sortingQuery(
          db,
          sql`
            with zone as materialized (
              select exists (select 1 from analytics_wip_zone z where z.time_zone = ${scope.timeZone}) as kept
            )
            select (select kept from zone) as kept, g, to_char(month, 'YYYY-MM') as month,
              case when is_repair then ${REPAIRS_GROUP} else nullif(product_type, '') end as "productTypeId",
              nullif(salesperson, '') as "salespersonId", nullif(location, '') as "locationId", late, delivered,
              "onTime", "avgLate"
            from (
              -- As the jobs give them: the average of the days late as numeric, sum over count.
              select grouping(month, product_type, salesperson, location, late)::int as g, month, product_type,
                is_repair, salesperson, location, late, coalesce(sum(jobs), 0)::int as delivered,
                coalesce(sum(jobs) filter (where late <= 0), 0)::int as "onTime",
                (sum(late * jobs) filter (where late > 0)::numeric / sum(jobs) filter (where late > 0)::numeric)::float8
                  as "avgLate"
              from (
                -- Summed by month first: the grouping sets then aggregate a few rows a month, not one a day.
                select date_trunc('month', d.day::timestamp) as month, d.product_type_id as product_type,
                  (d.product_type_id = '' and d.item_kind = 'repair') as is_repair, d.salesperson_id as salesperson,
                  d.location_id as location, d.days_late as late, sum(d.jobs)::int as jobs
                from analytics_delivery_days d
                where (select kept from zone) and d.jobs <> 0 and ${dayRollupWhere(scope)}
                group by 1, 2, 3, 4, 5, 6
              ) as x
              group by grouping sets ((month), (product_type, is_repair), (salesperson), (location), (late), ())
            ) as grouped`,
          { kept: z.boolean(), ...shape },
        );
        if (rows[0]?.kept) return rows.map(({ kept: _kept, ...row }) => row);
      }
      return sortingQuery(
        db,
        sql`
          select g, to_char(month, 'YYYY-MM') as month,
            case when is_repair then ${REPAIRS_GROUP} else product_type::text end as "productTypeId",
            salesperson::text as "salespersonId", location as "locationId", late, delivered, "onTime", "avgLate"
          from (
            -- Grouped by the month as a timestamp and by the ids as uuids, formatted once a group: formatting
            -- and casting every job first was most of the cost over a year.
            select grouping(month, product_type, salesperson, location, late)::int as g, month, product_type,
              is_repair, salesperson, location, late, count(*)::int as delivered,
              count(*) filter (where late <= 0)::int as "onTime", avg(late) filter (where late > 0)::float8 as "avgLate"
            from (
              select date_trunc('month', j.delivered_at at time zone ${scope.timeZone}) as month,
                j.product_type_id as product_type,
                -- Repairs have no product type: they make a group of their own.
                (j.product_type_id is null and j.item_kind = 'repair') as is_repair,
                j.salesperson_id as salesperson, j.location_id as location, ${lateDays(scope)} as late
              from analytics_jobs j
              where ${deliveredIn(scope)} and j.promised_date is not null and ${jobWhere(scope)}
            ) as x
            group by grouping sets ((month), (product_type, is_repair), (salesperson), (location), (late), ())
          ) as grouped`,
        shape,
      );
    },

    /**
     * Delivered jobs with a promised date by their pickup location (issue 39 §4): the location the order or
     * repair names, which the facts do not carry, looked up by each delivered job's key.
     */
    async onTimeByPickupLocation(scope: TScope) {
      return query(
        db,
        sql`
          select job.pickup as "locationId", count(*)::int as delivered,
            count(*) filter (where ${lateDays(scope)} <= 0)::int as "onTime"
          from analytics_jobs j
          join lateral (
            select o.pickup_location_id as pickup from orders o where j.item_kind = 'order' and o.id = j.item_id
            union all
            select r.pickup_location_id from repairs r where j.item_kind = 'repair' and r.id = j.item_id
          ) as job on true
          where ${deliveredIn(scope)} and j.promised_date is not null and ${jobWhere(scope)}
          group by job.pickup`,
        { locationId: text, delivered: int, onTime: int },
      );
    },

    /**
     * Late jobs with what the list shows: the most late first, or (`latestFirst`) the latest deliveries first,
     * the jobs root cause looks at.
     */
    async lateJobs(scope: TScope, limit: number, options: { latestFirst?: boolean } = {}) {
      const order = options.latestFirst
        ? sql`j.delivered_at desc, j.item_kind desc, j.item_id desc`
        : sql`days_late desc, j.delivered_at desc`;
      return query(
        db,
        sql`
          -- The list first, then the names of the jobs on it.
          with listed as (
            select j.item_kind, j.item_id, j.product_type_id, j.salesperson_id, j.location_id, j.promised_date,
              j.delivered_at, ${lateDays(scope)} as days_late
            from analytics_jobs j
            where ${deliveredIn(scope)} and j.promised_date is not null and ${lateDays(scope)} > 0
              and ${jobWhere(scope)}
            order by ${order}
            limit ${limit}
          )
          select j.item_kind as kind, j.item_id::text as id, job.number,
            coalesce(job.customer, '') as "customerName", pt.name as "productTypeName",
            coalesce(nullif(u.name, ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as "salespersonName",
            l.name as "locationName", j.promised_date::text as "promisedDate",
            (date_part('epoch', j.delivered_at) * 1000)::float8 as "deliveredAt", j.days_late::int as "daysLate"
          from listed j
          -- Each listed job's order or repair by its key: not a hash of every order (2,000 jobs, 75,000 orders).
          left join lateral (
            select o.order_number as number, c.name as customer
            from orders o left join customers c on c.id = o.customer_id
            where j.item_kind = 'order' and o.id = j.item_id
            union all
            select r.repair_number, c.name
            from repairs r left join customers c on c.id = r.customer_id
            where j.item_kind = 'repair' and r.id = j.item_id
          ) as job on true
          left join product_types pt on pt.id = j.product_type_id
          left join users u on u.id = j.salesperson_id
          left join locations l on l.id = j.location_id
          order by j.days_late desc, j.delivered_at desc`,
        {
          kind: z.enum(['order', 'repair']),
          id: text,
          number: z.string().nullable(),
          customerName: text,
          productTypeName: nullableText,
          salespersonName: nullableText,
          locationName: nullableText,
          promisedDate: text,
          deliveredAt: num,
          daysLate: int,
        },
      );
    },
  };
}

export type TOnTimeAnalyticsRepository = ReturnType<typeof createOnTimeAnalyticsRepository>;
