import { describe, expect, it } from 'vitest';
import { decodeLlrp, encodeLlrp } from './codec.ts';
import {
  parseCapabilities,
  powerIndexFor,
  roSpecOf,
  type TLlrpCapabilities,
  tagReadsOf,
} from './reader-config.ts';

const capabilities = (vendorId: number): TLlrpCapabilities => ({
  vendorId,
  manufacturer: 'Impinj',
  model: 'Speedway R420',
  firmware: '5.14',
  antennaCount: 4,
  powerTable: [
    { index: 1, dbm: 10 },
    { index: 2, dbm: 20 },
    { index: 3, dbm: 30 },
  ],
});

const settings = {
  host: 'r420',
  port: 5084,
  useTls: false,
  antennas: [{ antenna: 1, enabled: true, txPowerDbm: 25 }],
  session: 1,
  reportEveryMs: 1000,
};

describe('the LLRP messages Loupe sends', () => {
  it('encodes the header as LLRP 1.0.1 defines it: version 1, type, length, id', () => {
    // KEEPALIVE_ACK is type 72: 0x0400 | 72, 10 bytes, message id 7.
    expect(encodeLlrp('KEEPALIVE_ACK', 7).toString('hex')).toBe('04480000000a00000007');
  });

  it('sends Impinj’s search mode as its Custom parameter (vendor 25882, subtype 23) to an Impinj reader only', () => {
    const withMode = { ...settings, searchMode: 'dual-target' as const };
    const impinj = encodeLlrp('ADD_ROSPEC', 1, roSpecOf(withMode, capabilities(25882))).toString('hex');
    // Type 1023, length 14, vendor 0x651a, subtype 23, mode 2.
    expect(impinj).toContain('03ff000e0000651a000000170002');
    const zebra = encodeLlrp('ADD_ROSPEC', 1, roSpecOf(withMode, capabilities(10642))).toString('hex');
    expect(zebra).not.toContain('03ff');
  });

  it('takes the highest power of the reader’s table not above the one set, else its lowest', () => {
    expect(powerIndexFor(capabilities(1), 25)).toBe(2);
    expect(powerIndexFor(capabilities(1), 30)).toBe(3);
    expect(powerIndexFor(capabilities(1), 5)).toBe(1);
  });
});

describe('the LLRP messages Loupe reads', () => {
  it('names an unknown maker and model by their numbers', () => {
    const answer = decodeLlrp(
      encodeLlrp('GET_READER_CAPABILITIES_RESPONSE', 3, {
        LLRPStatus: { StatusCode: 'M_Success', ErrorDescription: '' },
      }),
    );
    expect(parseCapabilities(answer)).toMatchObject({
      manufacturer: 'Vendor 0',
      model: 'Model 0',
      antennaCount: 0,
    });
  });

  it('reads EPC-96 and longer EPCs with their antenna, RSSI and last-seen time', () => {
    const report = decodeLlrp(
      encodeLlrp('RO_ACCESS_REPORT', 5, {
        TagReportData: [
          {
            EPC_96: { EPC: '300833b2ddd9014000000001' },
            AntennaID: { AntennaID: 2 },
            PeakRSSI: { PeakRSSI: -55 },
            LastSeenTimestampUTC: { Microseconds: 1_700_000_000_000_000n },
          },
          { EPCData: { EPC: 'e28011606000020800000000aabb' } },
        ],
      }),
    );
    const now = () => new Date('2026-01-01T00:00:00Z');
    expect(tagReadsOf(report, now)).toEqual([
      { epc: '300833B2DDD9014000000001', antenna: 2, rssi: -55, timestamp: '2023-11-14T22:13:20.000Z' },
      { epc: 'E28011606000020800000000AABB', antenna: 1, rssi: null, timestamp: '2026-01-01T00:00:00.000Z' },
    ]);
  });
});
