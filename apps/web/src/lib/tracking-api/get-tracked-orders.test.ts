import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet } from '@/test/api-mocks';
import { backendTrackedOrder } from '@/test/rfid-fixtures';
import { getTrackedOrders } from './get-tracked-orders';

describe('the tracked orders shared by the dashboard and the RFID simulator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a malformed tracked order and leaves it out, keeping the others', async () => {
    mockGet({ 'tracking/orders': envelope([backendTrackedOrder('ORD-00042'), { orderId: 42 }]) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const orders = await getTrackedOrders();

    expect(orders.map(({ orderNumber }) => orderNumber)).toEqual(['ORD-00042']);
    expect(orders[0]?.currentLocation?.stationName).toBe('Bench 1');
    expect(warn).toHaveBeenCalledWith('Skipped tracked order #1 of GET /tracking/orders', expect.any(String));
  });

  it('fails when the server answers no list of tracked orders', async () => {
    mockGet({ 'tracking/orders': { success: true, data: { items: [] } } });
    await expect(getTrackedOrders()).rejects.toThrow('The server did not answer a list of tracked orders.');
  });
});
