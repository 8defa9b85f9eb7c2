import { decodeCursor, encodeCursor, type TListPage } from '@loupe/domain/api/list';
import { AppError } from '@loupe/domain/errors/errors';

/**
 * One page of a small list (locations, departments, stations, readers: tens of rows, not thousands), cut
 * in memory after a keyset cursor. The order is decided here, with code-unit comparison, rather than by
 * the database's collation, so the cursor compares exactly the way the list was sorted — and a row deleted
 * between two pages cannot make the next page skip or repeat anything.
 */
export type TSortKey = readonly (string | number)[];

function compareKeys(a: TSortKey, b: TSortKey): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const left = a[i];
    const right = b[i];
    if (left === right) continue;
    if (left === undefined) return -1;
    if (right === undefined) return 1;
    if (typeof left === 'number' && typeof right === 'number') return left - right;
    return String(left) < String(right) ? -1 : 1;
  }
  return 0;
}

export type TOrdering<T> = { readonly sortKey: (item: T) => TSortKey; readonly id: (item: T) => string };

function keyedInOrder<T>(items: readonly T[], ordering: TOrdering<T>) {
  return items
    .map((item) => ({ item, key: [...ordering.sortKey(item), ordering.id(item)] as TSortKey }))
    .sort((a, b) => compareKeys(a.key, b.key));
}

/** The items in the list's order (the sort key, then the id). */
export function inOrder<T>(items: readonly T[], ordering: TOrdering<T>): T[] {
  return keyedInOrder(items, ordering).map((entry) => entry.item);
}

/** The items in order, `limit` of them after `cursor`; `total` counts the whole filtered list. */
export function pageOf<T>(
  items: readonly T[],
  query: { readonly limit: number; readonly cursor?: string | undefined },
  ordering: TOrdering<T>,
): TListPage<T> {
  const keyed = keyedInOrder(items, ordering);
  let start = 0;
  if (query.cursor !== undefined && query.cursor !== '') {
    const cursor = decodeCursor(query.cursor);
    const after = typeof cursor?.value === 'string' ? parseKey(cursor.value) : null;
    if (cursor === null || after === null) {
      throw new AppError(
        'VALIDATION_FAILED',
        'This page cursor is not valid. Start again from the first page.',
      );
    }
    const last: TSortKey = [...after, cursor.id];
    start = keyed.findIndex((entry) => compareKeys(entry.key, last) > 0);
    if (start === -1) start = keyed.length;
  }
  const page = keyed.slice(start, start + query.limit);
  const lastOfPage = page.at(-1);
  const hasMore = start + page.length < keyed.length;
  return {
    items: page.map((entry) => entry.item),
    total: keyed.length,
    nextCursor:
      hasMore && lastOfPage
        ? encodeCursor({
            value: JSON.stringify(lastOfPage.key.slice(0, -1)),
            id: String(lastOfPage.key.at(-1)),
          })
        : null,
  };
}

function parseKey(raw: string): TSortKey | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    return value.every((part) => typeof part === 'string' || typeof part === 'number')
      ? (value as TSortKey)
      : null;
  } catch {
    // Not JSON: a cursor somebody made up; the caller answers 400.
    return null;
  }
}
