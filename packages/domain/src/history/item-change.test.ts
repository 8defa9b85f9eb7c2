import { describe, expect, it } from 'vitest';
import { diffFields, ZItemChangeListQuerySchema, ZItemChangeSchema } from './item-change';

describe('diffFields', () => {
  it('records only the fields whose value changed, as from and to', () => {
    expect(
      diffFields(
        { status: 'new', priceCents: 100, notes: 'a' },
        { status: 'in_design', priceCents: 100, notes: 'b' },
      ),
    ).toEqual({ status: { from: 'new', to: 'in_design' }, notes: { from: 'a', to: 'b' } });
  });

  it('counts only the keys of the change: a partial update records what it was asked to change', () => {
    expect(diffFields({ a: 1, b: 2 }, { b: 3 })).toEqual({ b: { from: 2, to: 3 } });
    expect(diffFields({ a: 1 }, { a: undefined })).toEqual({});
  });

  it('treats a missing value as null, so a creation records every field set', () => {
    expect(diffFields({}, { name: 'Ring', promisedDate: null, isRush: false })).toEqual({
      name: { from: null, to: 'Ring' },
      isRush: { from: null, to: false },
    });
    expect(diffFields({ photos: ['a.jpg'] }, { photos: null })).toEqual({
      photos: { from: ['a.jpg'], to: null },
    });
  });

  it('compares arrays and objects by value', () => {
    expect(
      diffFields(
        { types: ['sizing'], ref: { id: '1', name: 'A' } },
        { types: ['sizing'], ref: { id: '1', name: 'A' } },
      ),
    ).toEqual({});
    expect(diffFields({ types: ['sizing'] }, { types: ['sizing', 'polishing'] })).toEqual({
      types: { from: ['sizing'], to: ['sizing', 'polishing'] },
    });
  });
});

describe('item change schemas', () => {
  it('accepts a change with or without an actor, and refuses an unknown action', () => {
    const change = { id: 1, at: '2030-01-01T00:00:00.000Z', action: 'updated', actor: null, changes: {} };
    expect(ZItemChangeSchema.parse(change)).toEqual(change);
    expect(ZItemChangeSchema.safeParse({ ...change, action: 'exploded' }).success).toBe(false);
  });

  it('pages a history without a search', () => {
    expect(ZItemChangeListQuerySchema.parse({ limit: '10', q: 'ignored' })).toEqual({ limit: 10 });
  });
});
