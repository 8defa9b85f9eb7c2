import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Lists of the REST API (issue 5 §6): `q` searches, `limit` caps a page, `cursor` continues where the
 * previous page stopped, and every answer carries the total of the whole filtered list.
 */
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

export const ZListQuerySchema = lazySchema(() =>
  z.object({
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
    cursor: z.string().max(500).optional(),
  }),
);
export type TListQuery = z.output<typeof ZListQuerySchema>;

/** `{items, total, nextCursor}`; nextCursor is null on the last page. */
export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    nextCursor: z.string().nullable(),
  });
}
export type TListPage<T> = { items: T[]; total: number; nextCursor: string | null };

/**
 * A keyset cursor: the sort value and id of the last row of a page. Opaque to clients (URI-encoded JSON
 * they pass back untouched), so the server may change what it holds.
 */
export type TCursor = { readonly value: string | number | null; readonly id: string };

const ZCursorSchema = lazySchema(() =>
  z.object({ value: z.union([z.string(), z.number(), z.null()]), id: z.string().min(1) }),
);

export function encodeCursor(cursor: TCursor): string {
  return encodeURIComponent(JSON.stringify(cursor));
}

/** The cursor, or null when it is not one this API made (the caller answers 400). */
export function decodeCursor(raw: string): TCursor | null {
  try {
    const parsed = ZCursorSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    // Not URI-encoded JSON: a cursor somebody made up.
    return null;
  }
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
