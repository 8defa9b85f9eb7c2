import { describe, expect, it } from 'vitest';
import {
  ANTENNA_MAX,
  ANTENNA_MIN,
  READER_KIND_LABELS,
  READER_KINDS,
  ZAntennaMappingInputSchema,
  ZAntennaNumberSchema,
  ZCreateReaderInputSchema,
  ZReaderIdSchema,
  ZReaderSchema,
  ZReaderWithKeySchema,
  ZUpdateReaderInputSchema,
} from './readers';

describe('reader kinds', () => {
  it('are the adapters Loupe has, each with a label', () => {
    expect(READER_KINDS).toEqual(['zebra', 'impinj', 'generic', 'keyboard', 'llrp']);
    for (const kind of READER_KINDS) expect(READER_KIND_LABELS[kind]).toEqual(expect.any(String));
  });
});

describe('ZReaderIdSchema', () => {
  it.each(['fx-casting-1', 'R700_polish', 'A'])('accepts %s', (id) => {
    expect(ZReaderIdSchema.parse(id)).toBe(id);
  });

  it('trims the id before checking it', () => {
    expect(ZReaderIdSchema.parse('  fx-1 ')).toBe('fx-1');
  });

  it.each(['', 'has space', 'slash/in', 'x'.repeat(65), 'dot.ted'])('refuses %j with a message', (id) => {
    const result = ZReaderIdSchema.safeParse(id);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Reader id may use letters, digits, - and _ (at most 64)');
  });
});

describe('ZAntennaNumberSchema', () => {
  it('takes the antenna from a path segment', () => {
    expect(ZAntennaNumberSchema.parse('4')).toBe(4);
  });

  it.each([ANTENNA_MIN, ANTENNA_MAX])('accepts the bound %i', (antenna) => {
    expect(ZAntennaNumberSchema.parse(antenna)).toBe(antenna);
  });

  it.each([ANTENNA_MIN - 1, ANTENNA_MAX + 1, 1.5, 'two'])('refuses %j', (antenna) => {
    expect(ZAntennaNumberSchema.safeParse(antenna).success).toBe(false);
  });
});

describe('ZAntennaMappingInputSchema', () => {
  it('maps an antenna to a station of a department; tag assignment defaults to off', () => {
    expect(ZAntennaMappingInputSchema.parse({ departmentId: 'DEPT001', stationId: 'STATION123456' })).toEqual(
      {
        isTagAssignment: false,
        departmentId: 'DEPT001',
        stationId: 'STATION123456',
      },
    );
  });

  it('makes a tag-assignment antenna without a department or station', () => {
    expect(ZAntennaMappingInputSchema.parse({ isTagAssignment: true })).toEqual({ isTagAssignment: true });
  });

  it.each([
    ['nothing', {}],
    ['a station without its department', { stationId: 'STATION123456' }],
    ['a department without a station', { departmentId: 'DEPT001' }],
    ['empty ids', { departmentId: '', stationId: '' }],
    ['tag assignment switched off with nothing else', { isTagAssignment: false }],
  ])('refuses %s', (_label, input) => {
    expect(ZAntennaMappingInputSchema.safeParse(input).success).toBe(false);
  });
});

describe('reader schemas', () => {
  const reader = {
    id: 'fx-casting-1',
    name: 'Casting FX9600',
    kind: 'zebra',
    apiKeyPrefix: 'lpr_abcd',
    status: 'offline',
    lastHeartbeat: null,
    antennas: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };

  it('describes a reader without its key, and the one answer that carries the key', () => {
    expect(ZReaderSchema.parse(reader)).toEqual(reader);
    expect(ZReaderWithKeySchema.parse({ reader, apiKey: 'lpr_secret' })).toEqual({
      reader,
      apiKey: 'lpr_secret',
    });
  });

  it('refuses an unknown status or kind', () => {
    expect(ZReaderSchema.safeParse({ ...reader, status: 'sleeping' }).success).toBe(false);
    expect(ZCreateReaderInputSchema.safeParse({ id: 'r1', name: 'R', kind: 'alien' }).success).toBe(false);
  });

  it('creates with a trimmed name, and updates name or kind alone', () => {
    expect(ZCreateReaderInputSchema.parse({ id: 'r1', name: '  Bench wedge ', kind: 'keyboard' })).toEqual({
      id: 'r1',
      name: 'Bench wedge',
      kind: 'keyboard',
    });
    expect(ZUpdateReaderInputSchema.parse({ kind: 'impinj' })).toEqual({ kind: 'impinj' });
    expect(ZUpdateReaderInputSchema.safeParse({ name: ' ' }).success).toBe(false);
  });
});
