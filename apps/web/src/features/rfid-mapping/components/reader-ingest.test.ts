import { describe, expect, it } from 'vitest';
import { makeAntennaMapping } from '@/test/rfid-fixtures';
import { antennasToShow, httpIngestUrl, mqttTopicOf } from './reader-ingest';

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
    expect(
      antennasToShow([makeAntennaMapping({ antenna: 7 }), makeAntennaMapping({ antenna: 2 })], [12, 7]),
    ).toEqual([1, 2, 3, 4, 7, 12]);
  });
});
