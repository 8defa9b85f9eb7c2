// @vitest-environment jsdom
import type { TStationItem } from '@loupe/domain/tracking/tracking-api';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRelativeRequests } from '@/test/dom-stubs';
import { stationItemsQueryOptions } from './station-api';

const STATION_ID = 'STATION123456';

function item(number: string): TStationItem {
  return {
    kind: 'order',
    id: `ord-${number}`,
    number,
    customerName: 'Maria Lopez',
    epc: 'E2801160600002084A6D3F12',
    status: 'active',
    arrivedAt: '2025-06-15T10:00:00.000Z',
    lastSeen: '2025-06-15T11:00:00.000Z',
  };
}

/** The URL of what the app's API client sent, whichever way ky hands it to fetch. */
function urlOf(input: string | URL | Request): string {
  return input instanceof Request ? input.url : String(input);
}

describe('station items through the API client', () => {
  let answers: TStationItem[][];
  let fetchSpy: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    answers = [[item('ORD-00042')], [item('ORD-00042'), item('ORD-00043')]];
    fetchSpy = vi.fn(async (input: string | URL | Request) => {
      const data = answers.shift();
      if (data === undefined) throw new Error(`unexpected request ${urlOf(input)}`);
      return Response.json({ success: true, data });
    });
    stubPageRelativeRequests();
    vi.stubGlobal('fetch', fetchSpy);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches the live item list from the network again once an event marks it stale', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    const first = await queryClient.fetchQuery(stationItemsQueryOptions(STATION_ID));
    // What a realtime invalidation does: the next fetch must see the server's answer of now.
    await queryClient.invalidateQueries();
    const second = await queryClient.fetchQuery(stationItemsQueryOptions(STATION_ID));

    expect(first.map(({ number }) => number)).toEqual(['ORD-00042']);
    expect(second.map(({ number }) => number)).toEqual(['ORD-00042', 'ORD-00043']);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    for (const [input] of fetchSpy.mock.calls) {
      expect(new URL(urlOf(input)).pathname).toBe(`/api/v1/tracking/stations/${STATION_ID}/items`);
    }
    queryClient.clear();
  });
});
