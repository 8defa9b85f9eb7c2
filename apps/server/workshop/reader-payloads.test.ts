import { describe, expect, it } from 'vitest';
import { adaptGenericReads } from '../src/modules/ingest/adapters/generic.ts';
import { adaptImpinjPayload } from '../src/modules/ingest/adapters/impinj.ts';
import { adaptZebraPayload } from '../src/modules/ingest/adapters/zebra.ts';
import {
  genericPayload,
  impinjEventPayload,
  impinjKeepAlive,
  impinjPayload,
  impinjTimestamp,
  type TSimRead,
  zebraHeartbeat,
  zebraPayload,
  zebraTimestamp,
} from './reader-payloads.ts';

const NOW = new Date('2026-11-21T19:20:31.598Z');
const context = { readerId: 'fx9600-front', now: () => NOW };

const READS: readonly TSimRead[] = [
  { epc: 'E2801160600002089D7C0DBA', antenna: 1, at: new Date('2026-11-21T19:20:31.598Z'), rssi: -54 },
  { epc: 'E2801160600002089D7C0DBA', antenna: 1, at: new Date('2026-11-21T19:20:31.911Z'), rssi: -57 },
  { epc: '300833B2DDD9014000000001', antenna: 4, at: new Date('2026-11-20T23:59:59.001Z'), rssi: -61 },
];

/** What the adapters should make of READS: the same tags, antennas, times and RSSI. */
function expected(readerName: string | null, location: (read: TSimRead) => string | null = () => null) {
  return READS.map((read) => ({
    epc: read.epc,
    readerId: context.readerId,
    readerName,
    antenna: read.antenna,
    timestamp: read.at.toISOString(),
    rssi: read.rssi,
    location: location(read),
  }));
}

describe('reader payloads read back through the real adapters', () => {
  it.each([
    ['this machine’s offset', undefined],
    ['UTC−5', -300],
    ['UTC+5:30', 330],
  ])('Zebra tag data events with %s give back the same reads', (_label, utcOffsetMinutes) => {
    const payload = zebraPayload(READS, {
      hostName: 'FX9600F0A1B2',
      mac: '84:24:8D:F0:A1:B2',
      utcOffsetMinutes,
    });
    const result = adaptZebraPayload(payload, context);
    expect(result.rejected).toEqual([]);
    expect(result.reads).toEqual(expected('FX9600F0A1B2'));
    const events = JSON.parse(payload) as { type: string; data: { eventNum: number; idHex: string } }[];
    expect(events.map((event) => [event.type, event.data.eventNum])).toEqual([
      ['SIMPLE', 1],
      ['SIMPLE', 2],
      ['SIMPLE', 3],
    ]);
  });

  it('writes Zebra timestamps as the IoT Connector does, local time with a colon-less offset', () => {
    expect(zebraTimestamp(new Date('2026-11-21T19:02:09.101Z'), -300)).toBe('2026-11-21T14:02:09.101-0500');
    expect(zebraTimestamp(new Date('2026-11-21T19:02:09.101Z'), 60)).toBe('2026-11-21T20:02:09.101+0100');
  });

  it('makes a Zebra heartbeat a heartbeat and nothing else', () => {
    const result = adaptZebraPayload(zebraHeartbeat({ hostName: 'FX9600F0A1B2' }, NOW, 277_869), context);
    expect(result.reads).toEqual([]);
    expect(result.heartbeats).toEqual([{ readerId: context.readerId, at: NOW.toISOString() }]);
    expect(JSON.parse(zebraHeartbeat({ hostName: 'X' }, NOW, 277_869)).data.uptime).toBe('3 days, 05:11:09');
  });

  it.each([
    ['base64', 'base64' as const],
    ['hex', 'hex' as const],
  ])('Impinj tagInventory events with %s EPCs give back the same reads', (_label, epcEncoding) => {
    const antennaNames = { 1: 'Inspection', 4: 'Vendor returns' };
    const payload = impinjPayload(READS, 'impinj-14-46-36', { epcEncoding, antennaNames });
    const result = adaptImpinjPayload(payload, context);
    expect(result.rejected).toEqual([]);
    expect(result.reads).toEqual(
      expected('impinj-14-46-36', (read) => antennaNames[read.antenna as 1 | 4] ?? null),
    );
    const [first] = JSON.parse(payload) as { tagInventoryEvent: Record<string, unknown> }[];
    expect(Object.keys(first?.tagInventoryEvent ?? {})).toContain(epcEncoding === 'hex' ? 'epcHex' : 'epc');
  });

  it('sends Impinj times in nanoseconds, one event per MQTT message, and [] as the keep-alive', () => {
    expect(impinjTimestamp(NOW)).toBe('2026-11-21T19:20:31.598000000Z');
    const single = adaptImpinjPayload(impinjEventPayload(READS[2] as TSimRead, 'impinj-14-46-36'), context);
    expect(single.reads).toEqual([expected('impinj-14-46-36')[2]]);
    const keepAlive = adaptImpinjPayload(impinjKeepAlive(), context);
    expect(keepAlive.reads).toEqual([]);
    expect(keepAlive.heartbeats).toHaveLength(1);
  });

  it('generic JSON reads give back the same reads', () => {
    const result = adaptGenericReads(JSON.parse(genericPayload(READS)), context);
    expect(result.rejected).toEqual([]);
    expect(result.reads).toEqual(expected(null));
  });
});
