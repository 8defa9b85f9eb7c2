import type { TOffsiteItem } from '@loupe/domain/tracking/tracking-api';
import { describe, expect, it } from 'vitest';
import { byLongestOffsite, matchesOffsiteFilter, OFFSITE_FILTERS } from './offsite-filter';

function item(
  id: string,
  offsiteDetectedAt: string | null,
  isExpectedOffsite = false,
  lastSeen: string | null = null,
): TOffsiteItem {
  return {
    itemKind: 'order',
    itemId: id,
    number: id,
    customerName: 'C',
    epc: 'E1',
    lastSeen,
    offsiteDetectedAt,
    // As the server answers it (domain offsiteSinceOf): last seen, else the sweep's notice.
    offsiteSince: lastSeen ?? offsiteDetectedAt,
    isExpectedOffsite,
    lastDepartmentName: null,
    lastStationName: null,
  };
}

describe('offsite filters', () => {
  const expected = item('a', null, true);
  const unexpected = item('b', null, false);

  it.each([
    ['all', [true, true]],
    ['expected', [true, false]],
    ['unexpected', [false, true]],
  ] as const)('%s keeps %j of an expected and an unexpected item', (filter, kept) => {
    expect([matchesOffsiteFilter(expected, filter), matchesOffsiteFilter(unexpected, filter)]).toEqual(kept);
  });

  it('covers every filter', () => {
    expect(OFFSITE_FILTERS).toEqual(['all', 'expected', 'unexpected']);
  });

  it('puts the item offsite longest first and those without a time last', () => {
    const items = [
      item('late', '2025-03-04T12:00:00.000Z'),
      item('unknown', null),
      item('early', '2025-03-04T08:00:00.000Z'),
    ];
    expect([...items].sort(byLongestOffsite).map((i) => i.itemId)).toEqual(['early', 'late', 'unknown']);
  });

  it('lists the piece gone longest first, by when it was last seen', () => {
    // Noticed later but last seen earlier: the one gone longest comes first.
    const seenEarly = item('seen-early', '2025-03-04T12:00:00.000Z', false, '2025-03-03T08:00:00.000Z');
    const noticedEarly = item('noticed-early', '2025-03-04T09:00:00.000Z', false, '2025-03-04T08:30:00.000Z');
    expect([noticedEarly, seenEarly].sort(byLongestOffsite).map((i) => i.itemId)).toEqual([
      'seen-early',
      'noticed-early',
    ]);
  });
});
