import { describe, expect, it } from 'vitest';
import { ZReaderIdSchema } from '../registry/readers';
import { READ_TIME_RANGE_MESSAGE } from '../rfid/read-time';
import {
  indexScanMappings,
  makeTagReadEventSchema,
  matchTrackedItem,
  resolveScan,
  stationScannerId,
  type TScanMapping,
  toScanEvent,
  ZScanEventSchema,
  ZTagReadEventSchema,
} from './scan-resolution';

const NOW = new Date('2024-05-01T12:00:00.000Z');
const TagRead = makeTagReadEventSchema(() => NOW);

const mapping = (overrides: Partial<TScanMapping>): TScanMapping => ({
  readerId: 'reader-1',
  antenna: 1,
  departmentId: 'DEPT001',
  stationId: 'S0',
  isTagAssignment: false,
  ...overrides,
});

const mappings = indexScanMappings([
  mapping({ antenna: 1, stationId: 'S0' }),
  mapping({ antenna: 2, stationId: 'S1' }),
  mapping({ antenna: 3, departmentId: null, stationId: null, isTagAssignment: true }),
  mapping({ antenna: 4, departmentId: null }),
  mapping({ antenna: 5, stationId: null }),
  mapping({ antenna: 2, stationId: 'S0' }),
]);

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

  it('accepts the first and the last instant a database stores', () => {
    expect(TagRead.parse({ epc: 'E280', readerId: 'r', timestamp: '0001-01-01T00:00:00Z' }).timestamp).toBe(
      '0001-01-01T00:00:00Z',
    );
    expect(TagRead.parse({ epc: 'E280', readerId: 'r', timestamp: 253_402_300_799_999 }).timestamp).toBe(
      '9999-12-31T23:59:59.999Z',
    );
    expect(
      TagRead.safeParse({ epc: 'E280', readerId: 'r', timestamp: '0000-06-01T00:00:00Z' }).error?.issues[0]
        ?.message,
    ).toBe(READ_TIME_RANGE_MESSAGE);
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
    // Issue 34 §1: a time no database can store would fail the batch it shares with other readers' reads.
    ['a timestamp in the year 0', { epc: 'E280', readerId: 'r', timestamp: '0000-01-01T00:00:00Z' }],
    [
      'a timestamp before 0001 in UTC',
      { epc: 'E280', readerId: 'r', timestamp: '0001-01-01T00:00:00+14:00' },
    ],
    ['epoch milliseconds past 9999', { epc: 'E280', readerId: 'r', timestamp: 253_402_300_800_000 }],
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
    ['resolves a mapped antenna to its department and station', 'reader-1', 1, 'S0'],
    ['uses the first mapping for a reader and antenna', 'reader-1', 2, 'S1'],
    ['leaves a reader without a mapping unmapped', 'reader-2', 1, null],
    ['leaves an antenna without a mapping unmapped', 'reader-1', 9, null],
    ['leaves a mapping whose department is gone unmapped', 'reader-1', 4, null],
    ['leaves a mapping whose station is gone unmapped', 'reader-1', 5, null],
  ])('%s', (_label, readerId, antenna, station) => {
    expect(resolveScan({ readerId, antenna }, mappings)).toEqual(
      station === null
        ? { kind: 'unmapped' }
        : { kind: 'location', departmentId: 'DEPT001', stationId: station },
    );
  });

  it('returns a tag-assignment antenna as tag-assignment, not as a location', () => {
    expect(resolveScan({ readerId: 'reader-1', antenna: 3 }, mappings)).toEqual({ kind: 'tag-assignment' });
  });

  it('treats a tag-assignment antenna as such even when it also names a station', () => {
    const both = indexScanMappings([mapping({ isTagAssignment: true })]);
    expect(resolveScan({ readerId: 'reader-1', antenna: 1 }, both).kind).toBe('tag-assignment');
  });

  it('places a station page scan at its station, whatever the mappings say', () => {
    const place = { departmentId: 'DEPT002', stationId: 'S9' };
    expect(resolveScan({ readerId: stationScannerId('S9'), antenna: 1, station: place }, new Map())).toEqual({
      kind: 'location',
      ...place,
    });
  });

  it('names station scanners so that no reader id can be one', () => {
    expect(stationScannerId('S9')).toBe('station:S9');
    expect(ZReaderIdSchema.safeParse(stationScannerId('S9')).success).toBe(false);
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
