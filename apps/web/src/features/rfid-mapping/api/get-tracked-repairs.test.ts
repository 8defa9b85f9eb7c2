import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockGet } from '@/test/api-mocks';
import { getTrackedRepairs } from './get-tracked-repairs';

const EPC = 'E28011606000020800000001';

describe('the tracked repairs of the RFID simulator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the tracked repairs, and fails on a malformed one', async () => {
    const repair = {
      repairId: 'repair-1',
      repairNumber: 'REP-00007',
      epcCode: EPC,
      status: 'active',
      currentLocation: null,
      locationHistory: [],
      lastSeen: null,
      offsiteDetectedAt: null,
      offsiteReturnedAt: null,
      isExpectedOffsite: false,
    };
    mockGet({ 'tracking/repairs': envelope([repair]) });
    expect((await getTrackedRepairs()).map(({ repairNumber }) => repairNumber)).toEqual(['REP-00007']);

    mockGet({ 'tracking/repairs': envelope([{ ...repair, epcCode: 42 }]) });
    await expect(getTrackedRepairs()).rejects.toThrow();
  });
});
