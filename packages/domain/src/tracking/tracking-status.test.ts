import { describe, expect, it } from 'vitest';
import { TRACKING_STATUSES, ZTrackingStatusSchema } from './tracking-status';

describe('tracking status', () => {
  it('has exactly the client statuses of spec §3', () => {
    expect(TRACKING_STATUSES).toEqual(['active', 'offsite', 'returned']);
  });

  it.each(['tracking', 'Active', ''])('rejects %j, which is not a client status', (value) => {
    expect(ZTrackingStatusSchema.safeParse(value).success).toBe(false);
  });
});
