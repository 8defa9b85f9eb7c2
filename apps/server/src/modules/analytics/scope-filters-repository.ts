import { type SQL, sql } from 'drizzle-orm';
import { ts } from './query-repository.ts';
import type { TScope } from './scope.ts';

/** A request's filters in SQL, on the facts tables and their rollups, and the figures every screen computes alike. */

/** The job filters on analytics_jobs `j`. */
export function jobWhere(scope: TScope): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope.kind) parts.push(sql`j.item_kind = ${scope.kind}`);
  if (scope.locationId) parts.push(sql`j.location_id = ${scope.locationId}`);
  if (scope.productTypeId) parts.push(sql`j.product_type_id = ${scope.productTypeId}::uuid`);
  if (scope.salespersonId) parts.push(sql`j.salesperson_id = ${scope.salespersonId}::uuid`);
  if (scope.departmentId) {
    parts.push(sql`exists (
      select 1 from analytics_job_steps ds join stations dst on dst.id = ds.step_key
      where ds.item_kind = j.item_kind and ds.item_id = j.item_id and ds.step_kind = 'station'
        and dst.department_id = ${scope.departmentId})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * The range's days and the filters on a day rollup of the jobs `d` (analytics_job_days,
 * analytics_delivery_days), whose days are the workshop's: the caller checks the rollup's zone.
 */
export function dayRollupWhere(scope: TScope): SQL {
  const parts: SQL[] = [sql`d.day >= ${scope.fromDay}::date and d.day <= ${scope.toDay}::date`];
  if (scope.kind) parts.push(sql`d.item_kind = ${scope.kind}`);
  if (scope.locationId) parts.push(sql`d.location_id = ${scope.locationId}`);
  // As the jobs compare them: as uuids, whatever their letter case.
  if (scope.productTypeId) parts.push(sql`d.product_type_id = (${scope.productTypeId}::uuid)::text`);
  if (scope.salespersonId) parts.push(sql`d.salesperson_id = (${scope.salespersonId}::uuid)::text`);
  return sql.join(parts, sql` and `);
}

/** The visit filters on analytics_visits `v`. */
export function visitWhere(scope: TScope): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope.kind) parts.push(sql`v.item_kind = ${scope.kind}`);
  if (scope.locationId) parts.push(sql`v.location_id = ${scope.locationId}`);
  if (scope.departmentId) parts.push(sql`v.department_id = ${scope.departmentId}`);
  if (scope.productTypeId) parts.push(sql`v.product_type_id = ${scope.productTypeId}::uuid`);
  if (scope.salespersonId) parts.push(sql`v.salesperson_id = ${scope.salespersonId}::uuid`);
  return sql.join(parts, sql` and `);
}

/** Jobs delivered in the range, on analytics_jobs `j`. */
export const deliveredIn = (scope: TScope) =>
  sql`j.delivered_at >= ${ts(scope.fromAt)} and j.delivered_at < ${ts(scope.toAt)}`;

/** Whole days late: the workshop-local day of delivery less the promised day. */
export const lateDays = (scope: TScope) =>
  sql`((j.delivered_at at time zone ${scope.timeZone})::date - j.promised_date)`;

/** In float8 (date_part), not numeric (extract): a year's averages and percentiles of 100,000 jobs took twice as long. */
export const cycleDays = sql`(date_part('epoch', j.delivered_at - j.first_arrival_at) / 86400.0)`;

/**
 * `s.step_kind in (...)` as a list of values, not a subquery, so that PostgreSQL reads each job's steps by the
 * primary key (kind, id, step kind) instead of hashing the whole steps table.
 */
export const stepKindIn = (stepKinds: readonly string[]) =>
  stepKinds.length === 0
    ? sql`false`
    : sql`s.step_kind in (${sql.join(
        stepKinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`;
