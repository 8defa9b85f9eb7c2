import { describe, expect, it } from 'vitest';
import {
  defaultJobLocationId,
  isReadyAwayFromPickup,
  JOB_LOCATION_MESSAGES,
  jobLocationProblem,
} from './job-locations';

describe('job locations (issue 39 §2)', () => {
  it("defaults to the creator's home location, else LOC001", () => {
    expect(defaultJobLocationId('LOC004')).toBe('LOC004');
    expect(defaultJobLocationId(null)).toBe('LOC001');
    expect(defaultJobLocationId(undefined)).toBe('LOC001');
  });

  it('refuses an unknown location and an outside vendor, and accepts the workshop and stores', () => {
    expect(jobLocationProblem(undefined)).toBe(JOB_LOCATION_MESSAGES.unknown);
    expect(jobLocationProblem({ kind: 'vendor' })).toBe(JOB_LOCATION_MESSAGES.vendor);
    expect(jobLocationProblem({ kind: 'store' })).toBeNull();
    expect(jobLocationProblem({ kind: 'workshop' })).toBeNull();
  });

  it.each([
    ['ready', 'LOC001', 'LOC002', true],
    ['ready', 'LOC002', 'LOC002', false],
    ['ready', null, 'LOC002', false],
    ['in_production', 'LOC001', 'LOC002', false],
  ] as const)('status %s at %s, pickup at %s: away from pickup %s', (status, at, pickup, expected) => {
    expect(isReadyAwayFromPickup({ status, currentLocationId: at, pickupLocationId: pickup })).toBe(expected);
  });

  it('words the warning as the job page shows it', () => {
    expect(JOB_LOCATION_MESSAGES.readyAway('Main Workshop', 'Downtown store')).toBe(
      'Ready, but at Main Workshop: send it to Downtown store before the customer comes',
    );
  });
});
