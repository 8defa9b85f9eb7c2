import { describe, expect, it } from 'vitest';
import {
  aggregateTransit,
  routeName,
  type TTransitBag,
  type TTransitEnvelope,
  transitHours,
} from './transit';

const NAMES: Record<string, string> = {
  LOC001: 'Workshop',
  LOC002: 'Downtown Store',
  LOC009: 'Casting house',
};
const locationName = (id: string) => NAMES[id] ?? id;

const bag = (id: string, values: Partial<TTransitBag> = {}): TTransitBag => ({
  id,
  fromLocationId: 'LOC002',
  toLocationId: 'LOC001',
  carrier: 'FedEx',
  status: 'received',
  sentDay: '2026-03-02',
  expectedOn: '2026-03-03',
  ...values,
});
const envelope = (transferId: string, hours: number | null, state = 'received'): TTransitEnvelope => ({
  transferId,
  state,
  hours,
});

describe('transitHours', () => {
  it('counts the hours from the send to the envelope’s arrival', () => {
    expect(transitHours(new Date('2026-03-02T16:00:00Z'), new Date('2026-03-03T10:30:00Z'))).toBe(18.5);
  });

  it('has none before the envelope arrived, or for an arrival stamped before the send', () => {
    expect(transitHours(new Date('2026-03-02T16:00:00Z'), null)).toBeNull();
    expect(transitHours(new Date('2026-03-02T16:00:00Z'), new Date('2026-03-02T15:00:00Z'))).toBeNull();
  });
});

describe('aggregateTransit', () => {
  it('gives per route and carrier the bags, envelopes, median and p90 hours, short and overdue bags', () => {
    const answer = aggregateTransit({
      sent: [
        bag('a'),
        bag('b', { status: 'received_short', sentDay: '2026-03-03' }),
        bag('c', { carrier: 'UPS' }),
        bag('v', {
          fromLocationId: 'LOC001',
          toLocationId: 'LOC009',
          carrier: 'Courier',
          status: 'in_transit',
        }),
        bag('x', { status: 'cancelled' }),
      ],
      envelopes: [
        envelope('a', 10),
        envelope('a', 20),
        envelope('b', 30),
        envelope('b', null, 'missing'),
        envelope('b', 1, 'extra'),
        envelope('c', 40),
        envelope('v', null, 'expected'),
        envelope('x', 5),
      ],
      open: [
        bag('v', {
          fromLocationId: 'LOC001',
          toLocationId: 'LOC009',
          carrier: 'Courier',
          status: 'in_transit',
        }),
        // Sent before the range and still out: overdue now, on its route.
        bag('old', { status: 'in_transit', expectedOn: '2026-02-20', sentDay: '2026-02-19' }),
      ],
      today: '2026-03-05',
      locationName,
    });
    expect(answer.summary).toEqual({
      bags: 4,
      envelopes: 6,
      arrived: 4,
      medianHours: 25,
      p90Hours: 37,
      short: 1,
      overdue: 2,
      inTransit: 2,
    });
    expect(answer.routes).toEqual([
      {
        fromLocationId: 'LOC002',
        fromLocationName: 'Downtown Store',
        toLocationId: 'LOC001',
        toLocationName: 'Workshop',
        carrier: 'FedEx',
        bags: 2,
        envelopes: 4,
        arrived: 3,
        medianHours: 20,
        p90Hours: 28,
        short: 1,
        overdue: 1,
        shortRate: 0.5,
      },
      expect.objectContaining({ carrier: 'UPS', bags: 1, arrived: 1, medianHours: 40, p90Hours: 40 }),
      expect.objectContaining({
        toLocationName: 'Casting house',
        carrier: 'Courier',
        bags: 1,
        envelopes: 1,
        arrived: 0,
        medianHours: null,
        overdue: 1,
        shortRate: 0,
      }),
    ]);
    expect(answer.byDay).toEqual([
      { day: '2026-03-02', arrived: 3, medianHours: 20 },
      { day: '2026-03-03', arrived: 1, medianHours: 30 },
    ]);
  });

  it('has nothing to say without bags', () => {
    expect(
      aggregateTransit({ sent: [], envelopes: [], open: [], today: '2026-03-05', locationName }),
    ).toEqual({
      summary: {
        bags: 0,
        envelopes: 0,
        arrived: 0,
        medianHours: null,
        p90Hours: null,
        short: 0,
        overdue: 0,
        inTransit: 0,
      },
      routes: [],
      byDay: [],
    });
  });
});

describe('routeName', () => {
  it('reads from the sender to the receiver', () => {
    expect(routeName({ fromLocationName: 'Downtown Store', toLocationName: 'Workshop' })).toBe(
      'Downtown Store → Workshop',
    );
  });
});
