import { likePattern } from '@loupe/domain/api/list';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import { and, asc, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isCalendarDateOrNull, isCursorTimestamp, isNumber, parseCursor } from '../../lib/keyset.ts';
import { isTracked } from './tracking-summary.ts';

/** The sorts of the orders and repairs lists (ORDER_SORTS, REPAIR_SORTS): repairs page exactly like orders. */
export type TItemSort = 'newest' | 'oldest' | 'promised' | 'number';

/** Where a page of orders or repairs continues, per sort: the sort value and id of the last row seen. */
export type TItemListAfter =
  | { readonly sort: 'newest' | 'oldest'; readonly value: string; readonly id: string }
  | { readonly sort: 'promised'; readonly value: string | null; readonly id: string }
  | { readonly sort: 'number'; readonly value: number; readonly id: string };

/** What a page of orders or repairs asks the repository for: the filters, the sort and where to continue. */
export type TItemListOptions<S extends string> = {
  readonly q?: string | undefined;
  readonly status?: S | undefined;
  readonly isRush?: boolean | undefined;
  readonly tracked?: boolean | undefined;
  readonly sort: TItemSort;
  readonly limit: number;
  readonly after?: TItemListAfter | undefined;
};

/** The cursor of an orders or repairs list, checked against the list's sort (400 when it does not fit). */
export function itemListAfter(sort: TItemSort, raw: string | undefined): TItemListAfter | undefined {
  switch (sort) {
    case 'newest':
    case 'oldest': {
      const after = parseCursor(raw, isCursorTimestamp);
      return after && { sort, ...after };
    }
    case 'promised': {
      const after = parseCursor(raw, isCalendarDateOrNull);
      return after && { sort, ...after };
    }
    case 'number': {
      const after = parseCursor(raw, isNumber);
      return after && { sort, ...after };
    }
  }
}

/** The cursor value of an order or repair row under a sort (its readable number's digits for `number`). */
export function itemCursorValue(
  sort: TItemSort,
  row: { readonly cursorCreatedAt: string; readonly promisedDate: string | null; readonly number: string },
): string | number | null {
  switch (sort) {
    case 'newest':
    case 'oldest':
      return row.cursorCreatedAt;
    case 'promised':
      return row.promisedDate;
    case 'number':
      return Number(/\d+$/.exec(row.number)?.[0] ?? 0);
  }
}

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
};

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
