import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCATION,
  nextLocationId,
  ZCreateLocationInputSchema,
  ZLocationIdSchema,
  ZLocationSchema,
  ZUpdateLocationInputSchema,
} from './locations';

describe('DEFAULT_LOCATION', () => {
  it('is LOC001, the default location of spec §3 and §9', () => {
    expect(DEFAULT_LOCATION).toEqual({ id: 'LOC001', name: 'Main Workshop' });
    expect(ZLocationIdSchema.safeParse(DEFAULT_LOCATION.id).success).toBe(true);
  });
});

describe('nextLocationId', () => {
  it('starts at LOC001', () => {
    expect(nextLocationId([])).toBe('LOC001');
  });

  it('is one past the highest sequence, leaving gaps alone', () => {
    expect(nextLocationId(['LOC001', 'LOC004', 'LOC002'])).toBe('LOC005');
  });

  it('grows past three digits instead of wrapping', () => {
    expect(nextLocationId(['LOC999'])).toBe('LOC1000');
  });

  it('ignores ids of another shape', () => {
    expect(nextLocationId(['DEPT007', 'LOCX', 'loc009'])).toBe('LOC001');
  });

  it('never returns an id already taken, always in the LOC format', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 30 }), (sequences) => {
        const ids = sequences.map((n) => `LOC${String(n).padStart(3, '0')}`);
        const next = nextLocationId(ids);
        expect(ids).not.toContain(next);
        expect(ZLocationIdSchema.safeParse(next).success).toBe(true);
      }),
    );
  });
});

describe('location schemas', () => {
  it.each(['LOC001', 'LOC1234'])('accepts the id %s', (id) => {
    expect(ZLocationIdSchema.safeParse(id).success).toBe(true);
  });

  it.each(['LOC01', 'loc001', 'DEPT001', 'LOC-001'])('refuses the id %s with a message', (id) => {
    const result = ZLocationIdSchema.safeParse(id);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Location id must be LOC plus a sequence number');
  });

  it('trims what a person types when creating a location', () => {
    expect(
      ZCreateLocationInputSchema.parse({ name: '  Annex ', address: ' Dock 4 ', description: ' Overflow ' }),
    ).toEqual({
      name: 'Annex',
      address: 'Dock 4',
      description: 'Overflow',
    });
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
    ['an address over 300 characters', { name: 'Annex', address: 'x'.repeat(301) }],
  ])('refuses %s', (_label, input) => {
    expect(ZCreateLocationInputSchema.safeParse(input).success).toBe(false);
  });

  it('lets an update leave every field out', () => {
    expect(ZUpdateLocationInputSchema.parse({})).toEqual({});
  });

  it('describes a location with its department count', () => {
    const location = {
      id: 'LOC001',
      name: 'Main Workshop',
      address: '',
      description: '',
      kind: 'store',
      departmentCount: 3,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    expect(ZLocationSchema.parse(location)).toEqual(location);
    expect(ZLocationSchema.safeParse({ ...location, departmentCount: -1 }).success).toBe(false);
    expect(ZLocationSchema.safeParse({ ...location, kind: 'warehouse' }).success).toBe(false);
    expect(ZCreateLocationInputSchema.parse({ name: 'Vendor', kind: 'vendor' }).kind).toBe('vendor');
  });
});
