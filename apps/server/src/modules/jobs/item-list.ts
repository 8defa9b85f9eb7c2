import { isCalendarDateOrNull, isCursorTimestamp, isNumber, parseCursor } from '../../lib/keyset.ts';

// The rules of the orders and repairs lists that their services apply: sorts, cursors and options. The
// SQL that filters, sorts and continues a page is in item-repository.ts.

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
  /** Issue 39: jobs collected at, or standing at, this location. */
  readonly locationId?: string | undefined;
  /** Only these ids: the open jobs of a job view, from the job read model. */
  readonly ids?: readonly string[] | undefined;
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
