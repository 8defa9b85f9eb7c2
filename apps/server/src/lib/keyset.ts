import { decodeCursor, encodeCursor, type TCursor } from '@loupe/domain/api/list';
import { AppError } from '@loupe/domain/errors/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/**
 * Keyset paging shared by the lists of customers, the catalog, orders and repairs: a page ends with the
 * sort value and id of its last row, and the next page starts strictly after that pair, so rows added or
 * removed meanwhile never make a page skip or repeat a row (as OFFSET would).
 */

const ZUuidSchema = z.uuid();
const isUuid = (id: string) => ZUuidSchema.safeParse(id).success;
/** Ids of bigserial rows (the change history). */
export const isSerialId = (id: string) => /^\d{1,18}$/.test(id);

export const INVALID_CURSOR_MESSAGE = 'This page cursor is not valid. Start again from the first page.';

export function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', INVALID_CURSOR_MESSAGE, {
    details: { issues: [{ field: 'querystring.cursor', message: INVALID_CURSOR_MESSAGE }] },
  });
}

/**
 * The cursor a client passed back, checked: one this API made, whose value `isValue` accepts and whose id
 * is a UUID (or what `isId` accepts). Undefined when there is none (the first page); anything else answers 400.
 */
export function parseCursor<V extends TCursor['value']>(
  raw: string | undefined,
  isValue: (value: TCursor['value']) => value is V,
  isId: (id: string) => boolean = isUuid,
): { readonly value: V; readonly id: string } | undefined {
  if (raw === undefined || raw === '') return undefined;
  const cursor = decodeCursor(raw);
  if (cursor === null || !isValue(cursor.value) || !isId(cursor.id)) {
    throw invalidCursor();
  }
  return { value: cursor.value, id: cursor.id };
}

export const isString = (value: TCursor['value']): value is string => typeof value === 'string';
export const isNumber = (value: TCursor['value']): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);
export const isStringOrNull = (value: TCursor['value']): value is string | null =>
  value === null || typeof value === 'string';

/** A timestamp as the lists' SQL writes it into cursors (UTC, microseconds). */
const CURSOR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const isCursorTimestamp = (value: TCursor['value']): value is string =>
  typeof value === 'string' && CURSOR_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDateOrNull = (value: TCursor['value']): value is string | null =>
  value === null ||
  (typeof value === 'string' && CALENDAR_DATE.test(value) && !Number.isNaN(Date.parse(value)));

/**
 * Cuts the `limit + 1` rows a query fetched into a page: the extra row only says there is a next page,
 * whose cursor is the last row of this one.
 */
export function pageOf<R, T>(
  rows: readonly R[],
  limit: number,
  options: { readonly cursorOf: (row: R) => TCursor; readonly toItem: (row: R) => T },
): { items: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(options.toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(options.cursorOf(last)) : null,
  };
}

/** A page of a list sorted by name, case-insensitively, then id (customers, the catalog): cursors carry lower(name). */
export function pageBySortName<R extends { readonly sortName: string; readonly id: string }, T>(
  rows: readonly R[],
  limit: number,
  toItem: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  return pageOf(rows, limit, { cursorOf: (row) => ({ value: row.sortName, id: row.id }), toItem });
}

/** A timestamp column as cursors carry it: UTC with microseconds, so no two distinct instants collide. */
export function cursorTimestamp(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
