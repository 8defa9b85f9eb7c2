import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet } from '@/test/api-mocks';
import { getTrackedOrders } from './get-tracked-orders';

const EPC = 'E28011606000020800000001';

function trackedOrder(orderNumber: string) {
  return {
    orderId: `order-${orderNumber}`,
    order: { orderNumber },
    epcCode: EPC,
    status: 'tracking',
    currentDepartment: { name: 'Casting' },
    currentDepartmentId: 'DEPT001',
    currentStation: { name: 'Bench 1' },
    currentStationId: 'STATION000001',
    locationHistory: [],
    lastSeenAt: '2025-06-15T11:55:00.000Z',
    expectedOffsite: false,
    offsiteDetectedAt: null,
    offsiteReturnedAt: null,
  };
}

describe('the tracked orders shared by the dashboard and the RFID simulator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a malformed tracked order and leaves it out, keeping the others', async () => {
    mockGet({ 'tracking/orders': envelope([trackedOrder('ORD-00042'), { orderId: 42 }]) });
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
