import { describe, expect, it } from 'vitest';
import {
  makeTagReadEventSchema,
  matchTrackedItem,
  resolveScan,
  type TReaderMapping,
  toScanEvent,
  ZReaderMappingSchema,
  ZScanEventSchema,
  ZTagReadEventSchema,
} from './scan-resolution';

const NOW = new Date('2024-05-01T12:00:00.000Z');
const TagRead = makeTagReadEventSchema(() => NOW);

const departments = [
  {
    id: 'DEPT001',
    name: 'Casting',
    stations: [
      { id: 'S0', name: 'Bench 1' },
      { id: 'S1', name: 'Bench 2' },
    ],
  },
  { id: 'DEPT002', name: 'Polishing', stations: [] },
];

const mapping = (overrides: Partial<TReaderMapping>): TReaderMapping => ({
  readerId: 'reader-1',
  antenna: 1,
  departmentId: 'DEPT001',
  stationIndex: 0,
  isTagAssignment: false,
  ...overrides,
});

const mappings: TReaderMapping[] = [
  mapping({ antenna: 1, stationIndex: 0 }),
  mapping({ antenna: 2, stationIndex: 1 }),
  mapping({ antenna: 3, departmentId: null, stationIndex: null, isTagAssignment: true }),
  mapping({ antenna: 4, departmentId: 'DEPT999' }),
  mapping({ antenna: 5, departmentId: 'DEPT002', stationIndex: 0 }),
  mapping({ antenna: 6, stationIndex: null }),
  mapping({ antenna: 2, stationIndex: 0 }),
];

describe('ZReaderMappingSchema', () => {
  it('accepts a mapping and defaults isTagAssignment to false', () => {
    expect(
      ZReaderMappingSchema.parse({ readerId: 'r', antenna: 2, departmentId: 'DEPT001', stationIndex: 0 }),
    ).toEqual({
      readerId: 'r',
      antenna: 2,
      departmentId: 'DEPT001',
      stationIndex: 0,
      isTagAssignment: false,
    });
  });

  it('lets a tag-assignment antenna leave out department and station', () => {
    expect(ZReaderMappingSchema.parse({ readerId: 'r', antenna: 3, isTagAssignment: true })).toEqual({
      readerId: 'r',
      antenna: 3,
      departmentId: null,
      stationIndex: null,
      isTagAssignment: true,
    });
  });

  it.each([
    ['antenna 0', { antenna: 0 }],
    ['a fractional antenna', { antenna: 1.5 }],
    ['a negative station index', { stationIndex: -1 }],
    ['an empty reader id', { readerId: '' }],
  ])('rejects %s', (_label, overrides) => {
    expect(ZReaderMappingSchema.safeParse({ ...mapping({}), ...overrides }).success).toBe(false);
  });
});

describe('makeTagReadEventSchema', () => {
  it('defaults antenna to 1 and timestamp to now, and normalizes the EPC', () => {
    expect(TagRead.parse({ epc: 'e2-80-11-60', readerId: 'reader-1' })).toEqual({
      epc: 'E2801160',
      readerId: 'reader-1',
      readerName: null,
      antenna: 1,
      timestamp: '2024-05-01T12:00:00.000Z',
      rssi: null,
      location: null,
    });
  });

  it('reads the clock at parse time, not when the schema is made', () => {
    let now = new Date('2024-01-01T00:00:00.000Z');
    const schema = makeTagReadEventSchema(() => now);
    now = new Date('2024-02-01T00:00:00.000Z');
    expect(schema.parse({ epc: 'E280', readerId: 'r' }).timestamp).toBe('2024-02-01T00:00:00.000Z');
  });

  it('accepts epcCode instead of epc, and keeps the given fields', () => {
    expect(
      TagRead.parse({
        epcCode: 'E2801160',
        readerId: 'reader-1',
        readerName: 'Casting door',
        antenna: 4,
        timestamp: '2024-05-01T11:59:00+02:00',
        rssi: -61.5,
        location: 'Casting',
      }),
    ).toEqual({
      epc: 'E2801160',
      readerId: 'reader-1',
      readerName: 'Casting door',
      antenna: 4,
      timestamp: '2024-05-01T11:59:00+02:00',
      rssi: -61.5,
      location: 'Casting',
    });
  });

  it('prefers epc when both spellings are present', () => {
    expect(TagRead.parse({ epc: 'AAAA', epcCode: 'BBBB', readerId: 'r' }).epc).toBe('AAAA');
  });

  it('accepts a timestamp in epoch milliseconds', () => {
    expect(TagRead.parse({ epc: 'E280', readerId: 'r', timestamp: NOW.getTime() }).timestamp).toBe(
      NOW.toISOString(),
    );
  });

  it.each([
    ['no EPC', { readerId: 'r' }],
    ['an EPC that is not whole words', { epc: 'E28', readerId: 'r' }],
    ['no reader', { epc: 'E280' }],
    ['a timestamp that is no date', { epc: 'E280', readerId: 'r', timestamp: 'noon' }],
    [
      'epoch milliseconds past the last Date',
      { epc: 'E280', readerId: 'r', timestamp: 8_640_000_000_000_001 },
    ],
  ])('rejects a read with %s', (_label, value) => {
    expect(TagRead.safeParse(value).success).toBe(false);
  });

  it('produces what ZTagReadEventSchema accepts', () => {
    const read = TagRead.parse({ epc: 'e280', readerId: 'r' });
    expect(ZTagReadEventSchema.parse(read)).toEqual(read);
    expect(ZTagReadEventSchema.safeParse({ ...read, epc: 'e280' }).success).toBe(false);
  });
});

describe('ZScanEventSchema', () => {
  it('accepts the simplified scan and normalizes its EPC', () => {
    expect(
      ZScanEventSchema.parse({
        readerId: 'r',
        antenna: 2,
        epcCode: 'e280',
        timestamp: '2024-05-01T12:00:00Z',
      }),
    ).toEqual({ readerId: 'r', antenna: 2, epcCode: 'E280', timestamp: '2024-05-01T12:00:00Z' });
  });

  it('rejects a scan without a timestamp', () => {
    expect(ZScanEventSchema.safeParse({ readerId: 'r', antenna: 2, epcCode: 'E280' }).success).toBe(false);
  });

  it('is what a tag read simplifies to', () => {
    const read = TagRead.parse({ epc: 'E280', readerId: 'r', antenna: 3, rssi: -40 });
    expect(toScanEvent(read)).toEqual({
      readerId: 'r',
      antenna: 3,
      epcCode: 'E280',
      timestamp: NOW.toISOString(),
    });
  });
});

describe('resolveScan', () => {
  it.each([
    ['resolves a mapped antenna to its department and station', 'reader-1', 1, { station: 'S0' }],
    ['uses the first mapping for a reader and antenna', 'reader-1', 2, { station: 'S1' }],
    ['ignores a reader without a mapping', 'reader-2', 1, { ignored: 'unmapped' }],
    ['ignores an antenna without a mapping', 'reader-1', 9, { ignored: 'unmapped' }],
    ['ignores a mapping whose department is gone', 'reader-1', 4, { ignored: 'department-missing' }],
    [
      'ignores a mapping whose station index is past the stations',
      'reader-1',
      5,
      { ignored: 'station-missing' },
    ],
    ['ignores a mapping without a station index', 'reader-1', 6, { ignored: 'station-missing' }],
  ])('%s', (_label, readerId, antenna, expected) => {
    const result = resolveScan({ readerId, antenna }, mappings, departments);
    if ('ignored' in expected) {
      expect(result).toEqual({ kind: 'ignored', reason: expected.ignored });
    } else {
      expect(result.kind).toBe('location');
      if (result.kind !== 'location') return;
      expect(result.department.id).toBe('DEPT001');
      expect(result.station.id).toBe(expected.station);
      expect(result.mapping.antenna).toBe(antenna);
    }
  });

  it('returns a tag-assignment antenna as tag-assignment, not as a location', () => {
    expect(resolveScan({ readerId: 'reader-1', antenna: 3 }, mappings, departments)).toEqual({
      kind: 'tag-assignment',
      mapping: mappings[2],
    });
  });

  it('treats a tag-assignment antenna as such even when it also names a station', () => {
    const both = [mapping({ isTagAssignment: true })];
    expect(resolveScan({ readerId: 'reader-1', antenna: 1 }, both, departments).kind).toBe('tag-assignment');
  });
});

describe('matchTrackedItem', () => {
  const items = [
    { epcCode: 'abc', id: 'lower' },
    { epcCode: 'ABC', id: 'upper' },
    { epcCode: ' ABC', id: 'padded' },
  ];

  it.each([
    ['abc', 'lower'],
    ['ABC', 'upper'],
    [' ABC', 'padded'],
    ['ABC ', undefined],
    ['Abc', undefined],
  ])('matches %j exactly: %s', (epc, id) => {
    expect(matchTrackedItem(epc, items)?.id).toBe(id);
  });

  it("does not match 'abc' with 'ABC' nor ' ABC' with 'ABC'", () => {
    expect(matchTrackedItem('abc', [{ epcCode: 'ABC' }])).toBeUndefined();
    expect(matchTrackedItem(' ABC', [{ epcCode: 'ABC' }])).toBeUndefined();
  });
});
