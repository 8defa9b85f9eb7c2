import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  decodeCursor,
  encodeCursor,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  likePattern,
  listPageSchema,
  ZListQuerySchema,
} from './list';

describe('list queries', () => {
  it('defaults the limit and trims the search', () => {
    expect(ZListQuerySchema.parse({ q: '  ring  ' })).toEqual({ q: 'ring', limit: LIST_LIMIT_DEFAULT });
    expect(ZListQuerySchema.parse({ limit: '7', cursor: 'abc' })).toEqual({ limit: 7, cursor: 'abc' });
  });

  it.each([['0'], [String(LIST_LIMIT_MAX + 1)], ['1.5'], ['many']])('refuses the limit %s', (limit) => {
    expect(ZListQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it('answers pages of items with the total and the next cursor, null on the last page', () => {
    const schema = listPageSchema(z.object({ id: z.string() }));
    expect(schema.parse({ items: [{ id: 'a' }], total: 3, nextCursor: 'x' }).total).toBe(3);
    expect(schema.safeParse({ items: [], total: -1, nextCursor: null }).success).toBe(false);
    expect(schema.safeParse({ items: [], total: 0 }).success).toBe(false);
  });
});

describe('keyset cursors', () => {
  it('decodes every cursor it encoded', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        fc.string({ minLength: 1 }),
        (value, id) => {
          expect(decodeCursor(encodeCursor({ value, id }))).toEqual({ value, id });
        },
      ),
    );
  });

  it('is opaque: URI-safe text a client passes back untouched', () => {
    const cursor = encodeCursor({ value: '2030-01-01T00:00:00.000000Z', id: 'a b&c' });
    expect(cursor).toMatch(/^[A-Za-z0-9%._~!*'()-]+$/);
  });

  it.each([
    ['not JSON', 'garbage'],
    ['broken URI encoding', '%E0%A4%A'],
    ['JSON of another shape', encodeURIComponent(JSON.stringify({ value: 1 }))],
    ['an empty id', encodeURIComponent(JSON.stringify({ value: 1, id: '' }))],
    ['an object value', encodeURIComponent(JSON.stringify({ value: { a: 1 }, id: 'x' }))],
    ['a bare number', '42'],
  ])('refuses a cursor it did not make: %s', (_name, raw) => {
    expect(decodeCursor(raw)).toBeNull();
  });
});

describe('likePattern', () => {
  it.each([
    ['Ring', '%ring%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('searches for %j literally: %j', (q, pattern) => {
    expect(likePattern(q)).toBe(pattern);
  });
});
