// @vitest-environment jsdom
import { TRACKING_SYNC_INTERVAL_MS } from '@loupe/domain/config/constants';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet } from '@/test/api-mocks';
import { simulatorItemsQueryOptions } from './get-simulator-items';

describe('the tracked items of the RFID simulator', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('polls GET /tracking/orders every 30 s while shown (spec §7, §9)', async () => {
    vi.useFakeTimers();
    const get = mockGet({ 'tracking/orders': envelope([]), 'tracking/repairs': envelope([]) });
    const observer = new QueryObserver(new QueryClient(), simulatorItemsQueryOptions());
    const stop = observer.subscribe(() => {});
    const ordersAsked = () => get.mock.calls.filter(([path]) => path === 'tracking/orders').length;

    await vi.advanceTimersByTimeAsync(0);
    expect(ordersAsked()).toBe(1);
    await vi.advanceTimersByTimeAsync(TRACKING_SYNC_INTERVAL_MS - 1000);
    expect(ordersAsked()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ordersAsked()).toBe(2);

    stop();
    await vi.advanceTimersByTimeAsync(TRACKING_SYNC_INTERVAL_MS);
    expect(ordersAsked()).toBe(2);
  });
});
