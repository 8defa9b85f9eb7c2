import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adaptGenericReads } from './generic.ts';
import { adaptImpinjPayload } from './impinj.ts';
import { countJsonValues, parseJsonStream } from './json-stream.ts';
import { MAX_LISTED_REJECTIONS, readerTimestamp, type TAdapterContext } from './types.ts';
import { adaptZebraPayload } from './zebra.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../test/fixtures/rfid');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const NOW = new Date('2026-11-21T12:00:00.000Z');
const context: TAdapterContext = { readerId: 'bench-fx9600', now: () => NOW };

describe('parseJsonStream', () => {
  it.each([
    ['one object', '{"a":1}', [{ a: 1 }]],
    ['an array', '[{"a":1},{"a":2}]', [{ a: 1 }, { a: 2 }]],
    ['NDJSON', '{"a":1}\n{"a":2}\n', [{ a: 1 }, { a: 2 }]],
    ['objects glued }{', '{"a":1}{"a":2}', [{ a: 1 }, { a: 2 }]],
    ['braces inside strings', '{"a":"}{"}{"b":"\\"{"}', [{ a: '}{' }, { b: '"{' }]],
    ['nothing', '  \n', []],
  ])('splits %s', (_name, text, expected) => {
    expect(parseJsonStream(text).map((piece) => (piece.ok ? piece.value : piece.message))).toEqual(expected);
  });

  it('reports a malformed object without losing its neighbours', () => {
    const pieces = parseJsonStream('{"a":1}\n{"a":\n{"b":2}');
    expect(pieces.filter((piece) => piece.ok).length).toBeGreaterThanOrEqual(1);
    expect(pieces.some((piece) => !piece.ok && piece.message.startsWith('Malformed JSON'))).toBe(true);
    expect(parseJsonStream('{"a":1} junk {"b":2}').map((piece) => piece.ok)).toEqual([true, false, true]);
  });
});

describe('countJsonValues', () => {
  it.each([
    ['one object', '{"a":1}', 1],
    ['an array', '[{"a":1},{"a":2}]', 2],
    ['an empty array', ' [ ] ', 0],
    ['nothing', '  \n', 0],
    ['NDJSON', '{"a":1}\n{"a":2}\n', 2],
    ['objects glued }{', '{}{}{}', 3],
    ['nested arrays and brackets inside strings', '[{"a":[1,2,3]},{"b":"],[{"},[4,5]]', 3],
    ['escaped quotes', '[{"a":"\\"],"},{}]', 2],
    ['scalars', '[1, "two", true, null]', 4],
    ['a stray token between objects', '{"a":1} junk {"b":2}', 3],
    ['arrays one after another', '[{},{}]\n[{}]', 3],
  ])('counts %s as the adapters take them', (_name, text, expected) => {
    expect(countJsonValues(text, 1_000)).toBe(expected);
  });

  it('counts the UTF-8 bytes of a payload as it counts its text', () => {
    const text = '[{"name":"Ça coûte 💎"},{"b":"]"}]\n{"c":"ü"}';
    expect(countJsonValues(Buffer.from(text, 'utf8'), 1_000)).toBe(countJsonValues(text, 1_000));
    expect(countJsonValues(Buffer.from(text, 'utf8'), 1_000)).toBe(3);
  });

  it('counts as many pieces as parseJsonStream hands out', () => {
    for (const text of ['[{"a":1},{"a":2}]', '{"a":1}\n{"a":2}', '{}{}', '{"a":1} junk {"b":2}', '[]']) {
      expect(countJsonValues(text, 1_000)).toBe(parseJsonStream(text).length);
    }
  });

  it('stops counting past the limit', () => {
    const big = `[${Array.from({ length: 349_521 }, () => '{}').join(',')}]`;
    expect(countJsonValues(big, 5_000)).toBe(5_001);
    expect(countJsonValues(big.replaceAll(',', '\n').slice(1, -1), 10)).toBe(11);
  });
});

describe('rejected parts', () => {
  it('are all counted, and the first few listed with their reason', () => {
    const body = Array.from({ length: 500 }, (_, index) => (index === 3 ? { epc: 'E280' } : {}));
    const result = adaptGenericReads(body, context);
    expect(result.reads).toHaveLength(1);
    expect(result.rejectedCount).toBe(499);
    expect(result.rejected).toHaveLength(MAX_LISTED_REJECTIONS);
    expect(result.rejected[3]).toMatchObject({ index: 4 });
    const zebra = adaptZebraPayload(
      Array.from({ length: 50 }, () => '{"data":{"idHex":"XYZ"}}').join('\n'),
      context,
    );
    expect(zebra).toMatchObject({ rejectedCount: 50, rejected: { length: MAX_LISTED_REJECTIONS } });
  });

  it('quote what the reader sent only in part', () => {
    const long = 'x'.repeat(10_000);
    const [rejection] = adaptGenericReads({ epc: 'E280', readerId: long }, context).rejected;
    expect(rejection?.message.length).toBeLessThan(120);
  });
});

describe('readerTimestamp', () => {
  it.each([
    ['2026-11-21T14:02:09.470+0100', '2026-11-21T13:02:09.470Z'],
    ['2026-11-21T14:02:09.470-05:00', '2026-11-21T19:02:09.470Z'],
    ['2026-11-21T19:20:31.598591708Z', '2026-11-21T19:20:31.598Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(readerTimestamp(text)).toBe(iso);
  });

  it.each([
    '2026-11-21T14:02:09',
    'yesterday',
    '2026-13-45T99:00:00Z',
    '',
    // Issue 34 §1: times no database stores, which failed the batch they shared with other readers' reads.
    '0000-01-01T00:00:00+0000',
    '0001-01-01T00:00:00.000+1400',
  ])('refuses %j', (text) => {
    expect(readerTimestamp(text)).toBeNull();
  });
});

describe('Zebra IoT Connector', () => {
  it('reads a single tag data event: normalized EPC, antenna, RSSI, reader host, UTC time', () => {
    const result = adaptZebraPayload(fixture('zebra-fx9600-single.json'), context);
    expect(result.rejected).toEqual([]);
    expect(result.reads).toEqual([
      {
        epc: 'E2801160600002089D7C0DBA',
        readerId: 'bench-fx9600',
        readerName: 'FX9600F0A1B2',
        antenna: 2,
        timestamp: '2026-11-21T13:02:09.470Z',
        rssi: -52,
        location: null,
      },
    ]);
  });

  it.each([
    ['zebra-fx9600-array.json', ['E2801160600002089D7C0DBA', '300833B2DDD9014000000001'], [1, 4]],
    ['zebra-ndjson.txt', ['E28011606000020A', 'E28011606000020B'], [3, 3]],
    ['zebra-glued.txt', ['E28011606000020C', 'E28011606000020D'], [1, 2]],
  ])('reads every event of %s', (name, epcs, antennas) => {
    const result = adaptZebraPayload(fixture(name), context);
    expect(result.rejected).toEqual([]);
    expect(result.reads.map((read) => read.epc)).toEqual(epcs);
    expect(result.reads.map((read) => read.antenna)).toEqual(antennas);
  });

  it('turns a heartbeat management event into a heartbeat, not a read', () => {
    const result = adaptZebraPayload(fixture('zebra-heartbeat.json'), context);
    expect(result.reads).toEqual([]);
    expect(result.heartbeats).toEqual([{ readerId: 'bench-fx9600', at: '2026-11-21T13:03:00.000Z' }]);
  });

  it('counts other event types as ignored', () => {
    const result = adaptZebraPayload(fixture('zebra-gpi.json'), context);
    expect(result).toMatchObject({ reads: [], heartbeats: [], ignored: 1, rejected: [] });
  });

  it('rejects a bad EPC or a timestamp without a zone, and keeps the good events around them', () => {
    const payload = [
      '{"data":{"idHex":"not hex","antenna":1},"timestamp":"2026-11-21T09:00:00Z","type":"SIMPLE"}',
      '{"data":{"idHex":"e280116060000208","antenna":1},"timestamp":"2026-11-21T09:00:00","type":"SIMPLE"}',
      '{"data":{"idHex":"e280116060000208","antenna":99},"timestamp":"2026-11-21T09:00:00Z","type":"SIMPLE"}',
      '{"data":{"idHex":"e280116060000209","antenna":1},"timestamp":"2026-11-21T09:00:00Z","type":"SIMPLE"}',
    ].join('\n');
    const result = adaptZebraPayload(payload, context);
    expect(result.reads.map((read) => read.epc)).toEqual(['E280116060000209']);
    expect(result.rejected.map((rejection) => rejection.index)).toEqual([0, 1, 2]);
    expect(result.rejected[0]?.message).toContain('hexadecimal');
    expect(result.rejected[1]?.message).toContain('time zone');
  });
});

describe('Impinj R700 IoT interface', () => {
  it('reads a webhook array: base64 epc and epcHex alike, centi-dBm as dBm, other events counted', () => {
    const result = adaptImpinjPayload(fixture('impinj-r700-webhook.json'), {
      ...context,
      readerId: 'qa-r700',
    });
    expect(result.rejected).toEqual([]);
    expect(result.ignored).toBe(1);
    expect(result.reads).toEqual([
      {
        epc: 'E2801160600002089D7C0DBA',
        readerId: 'qa-r700',
        readerName: 'impinj-14-46-36',
        antenna: 1,
        timestamp: '2026-11-21T19:20:31.598Z',
        rssi: -54,
        location: 'Polishing bench',
      },
      {
        epc: '300833B2DDD9014000000001',
        readerId: 'qa-r700',
        readerName: 'impinj-14-46-36',
        antenna: 3,
        timestamp: '2026-11-21T19:20:31.711Z',
        rssi: -61.5,
        location: 'QA tray',
      },
    ]);
  });

  it('takes an empty array as a keep-alive', () => {
    const result = adaptImpinjPayload(fixture('impinj-r700-keepalive.json'), context);
    expect(result).toEqual({
      reads: [],
      heartbeats: [{ readerId: 'bench-fx9600', at: NOW.toISOString() }],
      ignored: 0,
      rejected: [],
      rejectedCount: 0,
    });
  });

  it('reads the single event an MQTT message carries', () => {
    const result = adaptImpinjPayload(fixture('impinj-r700-mqtt.json'), context);
    expect(result.reads.map((read) => [read.epc, read.antenna, read.rssi])).toEqual([
      ['300833B2DDD9014000000001', 2, -48.25],
    ]);
  });

  it('rejects an event without an EPC, with bad base64, or without an eventType', () => {
    const payload = JSON.stringify([
      { timestamp: '2026-11-21T19:20:31Z', eventType: 'tagInventory', tagInventoryEvent: { antennaPort: 1 } },
      { timestamp: '2026-11-21T19:20:31Z', eventType: 'tagInventory', tagInventoryEvent: { epc: '***' } },
      { timestamp: '2026-11-21T19:20:31Z', tagInventoryEvent: { epcHex: 'E280' } },
    ]);
    const result = adaptImpinjPayload(payload, context);
    expect(result.reads).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.message)).toEqual([
      'tagInventoryEvent needs epc or epcHex',
      'EPC is not valid base64',
      'An Impinj event needs an eventType',
    ]);
  });
});

describe('generic JSON reads', () => {
  it('reads one tag read event with the spec defaults: antenna 1, timestamp now, EPC normalized', () => {
    const result = adaptGenericReads({ epc: ' e2-80-11-60 ' }, context);
    expect(result.reads).toEqual([
      {
        epc: 'E2801160',
        readerId: 'bench-fx9600',
        readerName: null,
        antenna: 1,
        timestamp: NOW.toISOString(),
        rssi: null,
        location: null,
      },
    ]);
  });

  it('reads an array mixing tag read events and simplified scan events', () => {
    const result = adaptGenericReads(
      [
        { epcCode: 'E2801160', antenna: 2, timestamp: '2026-11-21T10:00:00.000Z' },
        { epc: 'e2801161', readerId: 'bench-fx9600', antenna: 3, rssi: -40, location: 'Casting' },
      ],
      context,
    );
    expect(result.rejected).toEqual([]);
    expect(result.reads.map((read) => [read.epc, read.antenna, read.timestamp])).toEqual([
      ['E2801160', 2, '2026-11-21T10:00:00.000Z'],
      ['E2801161', 3, NOW.toISOString()],
    ]);
  });

  it('refuses a read that names another reader, a non-object and a bad EPC, keeping the rest', () => {
    const result = adaptGenericReads(
      [{ epc: 'E2801160', readerId: 'someone-else' }, 42, { epc: 'E28' }, { epc: 'E2801162' }],
      context,
    );
    expect(result.reads.map((read) => read.epc)).toEqual(['E2801162']);
    expect(result.rejected.map((rejection) => rejection.index)).toEqual([0, 1, 2]);
    expect(result.rejected[0]?.message).toContain('not the reader of this API key');
    expect(result.rejected[2]?.message).toContain('16-bit words');
  });
});
