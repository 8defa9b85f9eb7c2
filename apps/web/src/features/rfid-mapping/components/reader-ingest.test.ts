import type { TAntennaMapping } from '@loupe/domain/registry/readers';
import { describe, expect, it } from 'vitest';
import { antennasToShow, httpIngestUrl, mqttTopicOf } from './reader-ingest';

function mapping(overrides: Partial<TAntennaMapping> & Pick<TAntennaMapping, 'antenna'>): TAntennaMapping {
  return {
    readerId: 'dock-1',
    departmentId: 'DEPT001',
    departmentName: 'Casting',
    stationId: 'STATION000001',
    stationName: 'Bench 1',
    isTagAssignment: false,
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('reader ingest', () => {
  it.each([
    ['zebra', 'https://loupe.test/api/v1/rfid/zebra', 'loupe/readers/dock-1/zebra'],
    ['impinj', 'https://loupe.test/api/v1/rfid/impinj', 'loupe/readers/dock-1/impinj'],
    ['generic', 'https://loupe.test/api/v1/rfid/reads', 'loupe/readers/dock-1/reads'],
    ['keyboard', 'https://loupe.test/api/v1/rfid/reads', 'loupe/readers/dock-1/reads'],
  ] as const)('sends a %s reader to its own URL and topic', (kind, url, topic) => {
    expect(httpIngestUrl(kind, 'https://loupe.test')).toBe(url);
    expect(mqttTopicOf('dock-1', kind)).toBe(topic);
  });

  it('shows antennas 1-4, mapped ones and ones read, once each and in order', () => {
    expect(antennasToShow([mapping({ antenna: 7 }), mapping({ antenna: 2 })], [12, 7])).toEqual([
      1, 2, 3, 4, 7, 12,
    ]);
  });
});
