import { likePattern } from '@loupe/domain/api/list';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import { and, asc, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client.ts';
import { customers } from '../../db/schema/catalog.ts';
import { departments, stations } from '../../db/schema/registry.ts';
import { trackedItems } from '../../db/schema/tracking.ts';
import type { TItemListAfter, TItemListOptions, TItemSort } from './item-list.ts';

// The SQL the orders and repairs repositories share: where a tagged item is, a customer's name, and how
// their lists filter, sort and continue a page. The rules these follow (sorts, cursors) are in item-list.ts.

/**
 * Where a tagged order or repair is, read from tracked_items (written by the tracking module) with the
 * current department's and station's names.
 */
export const trackingColumns = {
  trackingEpc: trackedItems.epc,
  trackingStatus: trackedItems.status,
  trackingDepartmentId: trackedItems.currentDepartmentId,
  trackingDepartmentName: departments.name,
  trackingStationId: trackedItems.currentStationId,
  trackingStationName: stations.name,
  // Issue 39: the location of the current department, for the pickup warning and the location filter.
  trackingLocationId: departments.locationId,
  trackingArrivedAt: trackedItems.arrivedAt,
  trackingLastSeenAt: trackedItems.lastSeenAt,
  trackingOffsiteDetectedAt: trackedItems.offsiteDetectedAt,
  trackingOffsiteReturnedAt: trackedItems.offsiteReturnedAt,
  trackingExpectedOffsite: trackedItems.expectedOffsite,
};

/** The join condition of an item's tracked_items row. */
export function trackedItemOf(kind: TTrackedItemKind, itemId: AnyPgColumn): SQL {
  return and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, itemId)) as SQL;
}

/**
 * The `tracked` list filter: whether the item carries a tag now. The outer table is named outright: in a
 * one-table select (the count) drizzle leaves columns unqualified.
 */
function isTracked(kind: TTrackedItemKind, table: 'orders' | 'repairs', tracked: boolean): SQL {
  const exists = sql`exists (select 1 from "tracked_items" as t where t.item_kind = ${kind} and t.item_id = ${sql.raw(`"${table}"."id"`)})`;
  return tracked ? exists : sql`not ${exists}`;
}

export const trackingDepartmentJoin = eq(departments.id, trackedItems.currentDepartmentId);
export const trackingStationJoin = eq(stations.id, trackedItems.currentStationId);

/** The columns of the orders or repairs table that the lists filter and sort by. */
export type TItemListColumns = {
  readonly id: AnyPgColumn;
  readonly createdAt: AnyPgColumn;
  readonly promisedDate: AnyPgColumn;
  /** The readable number (ORD-00042); the `number` sort goes by its trailing digits, whatever the prefix. */
  readonly number: AnyPgColumn;
  readonly searchText: AnyPgColumn;
  readonly status: AnyPgColumn;
  readonly isRush: AnyPgColumn;
  readonly pickupLocationId: AnyPgColumn;
};

/**
 * The `locationId` list filter (issue 39): jobs collected at that location, or whose piece stands there now
 * (at a station of one of its departments).
 */
function atLocation(
  kind: TTrackedItemKind,
  table: 'orders' | 'repairs',
  pickupLocationId: AnyPgColumn,
  locationId: string,
): SQL {
  return sql`(${pickupLocationId} = ${locationId} or exists (select 1 from "tracked_items" as t join "departments" as d on d.id = t.current_department_id where t.item_kind = ${kind} and t.item_id = ${sql.raw(`"${table}"."id"`)} and d.location_id = ${locationId}))`;
}

/** The list's filters: q searches the search text (number, customer, description), the others match. */
export function itemListFilter(
  kind: TTrackedItemKind,
  columns: TItemListColumns,
  options: TItemListOptions<string>,
): SQL | undefined {
  return and(
    options.q ? like(columns.searchText, likePattern(options.q)) : undefined,
    options.status === undefined ? undefined : eq(columns.status, options.status),
    options.isRush === undefined ? undefined : eq(columns.isRush, options.isRush),
    options.tracked === undefined ? undefined : isTracked(kind, `${kind}s`, options.tracked),
    options.locationId === undefined
      ? undefined
      : atLocation(kind, `${kind}s`, columns.pickupLocationId, options.locationId),
    options.ids === undefined
      ? undefined
      : options.ids.length === 0
        ? sql`false`
        : sql`${columns.id} = any(${sql.param([...options.ids])}::uuid[])`,
  );
}

const digitsOf = (number: AnyPgColumn) => sql`(substring(${number} from '[0-9]+$'))::bigint`;

/**
 * Every sort is a keyset over an index: (created_at, id) for newest and oldest, (promised_date, id) for
 * promised (no promised date last), the number's digits then id for number.
 */
export function itemOrderBy(columns: TItemListColumns, sort: TItemSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(columns.createdAt), desc(columns.id)];
    case 'oldest':
      return [asc(columns.createdAt), asc(columns.id)];
    case 'promised':
      return [sql`${columns.promisedDate} asc nulls last`, asc(columns.id)];
    case 'number':
      return [sql`${digitsOf(columns.number)} asc`, asc(columns.id)];
  }
}

/** The rows strictly after the cursor's, in the order itemOrderBy sorts them. */
export function itemAfter(columns: TItemListColumns, after: TItemListAfter | undefined): SQL | undefined {
  if (!after) return undefined;
  const { id, createdAt, promisedDate } = columns;
  switch (after.sort) {
    case 'newest':
      return sql`(${createdAt}, ${id}) < (${after.value}::timestamptz, ${after.id}::uuid)`;
    case 'oldest':
      return sql`(${createdAt}, ${id}) > (${after.value}::timestamptz, ${after.id}::uuid)`;
    case 'promised':
      // NULLs sort last: after a dated row come later dates and then every undated row.
      return after.value === null
        ? sql`(${promisedDate} is null and ${id} > ${after.id}::uuid)`
        : sql`((${promisedDate}, ${id}) > (${after.value}::date, ${after.id}::uuid) or ${promisedDate} is null)`;
    case 'number':
      return sql`(${digitsOf(columns.number)}, ${id}) > (${after.value}::bigint, ${after.id}::uuid)`;
  }
}

/** A named customer's name, for the order or repair being written; undefined when there is no such customer. */
export async function findCustomerName(db: TDatabase, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.name;
}
