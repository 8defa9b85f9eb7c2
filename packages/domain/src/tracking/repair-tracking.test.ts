import { describe, expect, it } from 'vitest';
import { OFFSITE_DEFAULTS } from '../settings/general-settings';
import {
  applyScan,
  detectRepairsOffsite,
  emptyRepairTrackingState,
  findRepairByEpc,
  listTrackedRepairs,
  markOffsite,
  markReturned,
  REPAIR_TRACKING_EVENT_TYPES,
  repairTrackingStateFromList,
  startTracking,
  stopTracking,
  type TRepairScan,
  type TRepairTrackingState,
  type TTrackedRepair,
  ZTrackedRepairSchema,
} from './repair-tracking';

const T0 = new Date('2024-05-01T09:00:00.000Z');
const after = (minutes: number, seconds = 0) => new Date(T0.getTime() + minutes * 60_000 + seconds * 1000);

const casting = { id: 'DEPT001', name: 'Casting', gradient: 'from-a to-b', machineId: 'MACH-1' };
const setting = { id: 'DEPT002', name: 'Stone Setting', gradient: 'from-c to-d' };
const bench1 = { id: 'STATION000001', name: 'Bench 1' };
const bench2 = { id: 'STATION000002', name: 'Bench 2' };

const start = (state: TRepairTrackingState, repairId: string, epcCode: string) =>
  startTracking(state, { repairId, repairNumber: `R-${repairId}`, epcCode }).state;

const scan = (overrides: Partial<TRepairScan> = {}): TRepairScan => ({
  epcCode: 'E2801160',
  timestamp: after(0),
  antenna: 2,
  department: casting,
  station: bench1,
  ...overrides,
});

const repairOf = (state: TRepairTrackingState, repairId: string): TTrackedRepair => {
  const repair = state.repairs.get(repairId);
  if (repair === undefined) throw new Error(`repair ${repairId} is not tracked`);
  return repair;
};

const tracked = () => start(emptyRepairTrackingState(), 'r1', 'E2801160');

describe('repair tracking events', () => {
  it('names the six events of spec §4', () => {
    expect(REPAIR_TRACKING_EVENT_TYPES).toEqual([
      'tracking-started',
      'tracking-stopped',
      'offsite-detected',
      'offsite-returned',
      'repair-moved',
      'location-updated',
    ]);
  });
});

describe('startTracking', () => {
  it('starts a repair as active and maps its EPC', () => {
    const { state, events } = startTracking(emptyRepairTrackingState(), {
      repairId: 'r1',
      repairNumber: 'R-100',
      epcCode: 'E2801160',
    });
    const repair: TTrackedRepair = {
      repairId: 'r1',
      repairNumber: 'R-100',
      epcCode: 'E2801160',
      status: 'active',
      currentLocation: null,
      locationHistory: [],
      lastSeen: null,
      offsiteDetectedAt: null,
      offsiteReturnedAt: null,
      isExpectedOffsite: false,
    };
    expect(listTrackedRepairs(state)).toEqual([repair]);
    expect(findRepairByEpc(state, 'E2801160')).toEqual(repair);
    expect(events).toEqual([{ type: 'tracking-started', repair }]);
    expect(ZTrackedRepairSchema.parse(repair)).toEqual(repair);
  });

  it('keeps the expected-offsite flag it is given', () => {
    const { state } = startTracking(emptyRepairTrackingState(), {
      repairId: 'r1',
      repairNumber: 'R-1',
      epcCode: 'E280',
      isExpectedOffsite: true,
    });
    expect(repairOf(state, 'r1').isExpectedOffsite).toBe(true);
  });

  it('assigning an EPC already on another repair stops that repair first', () => {
    const before = start(tracked(), 'r2', 'AAAA');
    const { state, events } = startTracking(before, {
      repairId: 'r3',
      repairNumber: 'R-3',
      epcCode: 'E2801160',
    });
    expect(state.repairs.has('r1')).toBe(false);
    expect(findRepairByEpc(state, 'E2801160')?.repairId).toBe('r3');
    expect(findRepairByEpc(state, 'AAAA')?.repairId).toBe('r2');
    expect(events.map((e) => e.type)).toEqual(['tracking-stopped', 'tracking-started']);
    expect(events[0]).toEqual({
      type: 'tracking-stopped',
      repair: repairOf(before, 'r1'),
      reason: 'epc-reassigned',
    });
  });

  it('restarting a tracked repair with a new EPC frees its old EPC without a stop event', () => {
    const { state, events } = startTracking(tracked(), {
      repairId: 'r1',
      repairNumber: 'R-1',
      epcCode: 'BBBB',
    });
    expect(findRepairByEpc(state, 'E2801160')).toBeUndefined();
    expect(findRepairByEpc(state, 'BBBB')?.repairId).toBe('r1');
    expect(state.repairIdByEpc.size).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['tracking-started']);
  });

  it('does not change the state it was given', () => {
    const before = tracked();
    startTracking(before, { repairId: 'r9', repairNumber: 'R-9', epcCode: 'E2801160' });
    expect(listTrackedRepairs(before).map((r) => r.repairId)).toEqual(['r1']);
    expect(before.repairIdByEpc.get('E2801160')).toBe('r1');
  });
});

describe('stopTracking', () => {
  it('removes the repair and its EPC mapping', () => {
    const before = tracked();
    const { state, events } = stopTracking(before, 'r1');
    expect(state.repairs.size).toBe(0);
    expect(state.repairIdByEpc.size).toBe(0);
    expect(events).toEqual([{ type: 'tracking-stopped', repair: repairOf(before, 'r1'), reason: 'stopped' }]);
  });

  it('does nothing for a repair that is not tracked', () => {
    const before = tracked();
    expect(stopTracking(before, 'nope')).toEqual({ state: before, events: [] });
  });
});

describe('markOffsite', () => {
  it('moves an active repair offsite and stamps the time', () => {
    const { state, events } = markOffsite(tracked(), 'r1', after(40));
    const repair = repairOf(state, 'r1');
    expect(repair.status).toBe('offsite');
    expect(repair.offsiteDetectedAt).toBe(after(40).toISOString());
    expect(events).toEqual([{ type: 'offsite-detected', repair }]);
  });

  it('leaves an already offsite repair unchanged, without an event', () => {
    const offsite = markOffsite(tracked(), 'r1', after(40)).state;
    const again = markOffsite(offsite, 'r1', after(80));
    expect(again.state).toBe(offsite);
    expect(again.events).toEqual([]);
    expect(repairOf(again.state, 'r1').offsiteDetectedAt).toBe(after(40).toISOString());
  });

  it('ignores a returned or untracked repair', () => {
    const offsite = markOffsite(tracked(), 'r1', after(40)).state;
    const returned = markReturned(offsite, 'r1', after(50));
    if (!returned.ok) throw new Error('expected a return');
    expect(markOffsite(returned.state, 'r1', after(60))).toEqual({ state: returned.state, events: [] });
    expect(markOffsite(tracked(), 'nope', after(60)).events).toEqual([]);
  });
});

describe('markReturned', () => {
  it('moves an offsite repair to returned and stamps the time', () => {
    const offsite = markOffsite(tracked(), 'r1', after(40)).state;
    const result = markReturned(offsite, 'r1', after(90));
    if (!result.ok) throw new Error('expected a return');
    const repair = repairOf(result.state, 'r1');
    expect(repair.status).toBe('returned');
    expect(repair.offsiteReturnedAt).toBe(after(90).toISOString());
    expect(repair.offsiteDetectedAt).toBe(after(40).toISOString());
    expect(result.events).toEqual([{ type: 'offsite-returned', repair }]);
  });

  it('refuses a repair that is not offsite', () => {
    expect(markReturned(tracked(), 'r1', after(1))).toEqual({ ok: false, reason: 'repair-not-offsite' });
  });

  it('refuses a repair that is not tracked', () => {
    expect(markReturned(tracked(), 'nope', after(1))).toEqual({ ok: false, reason: 'repair-not-tracked' });
  });
});

describe('applyScan', () => {
  it('ignores a scan whose EPC is on no repair', () => {
    const before = tracked();
    expect(applyScan(before, scan({ epcCode: 'FFFF' }))).toEqual({ state: before, events: [] });
  });

  it('matches the EPC exactly: another case is another tag', () => {
    const before = start(emptyRepairTrackingState(), 'r1', 'E2801160abcd');
    expect(applyScan(before, scan({ epcCode: 'E2801160ABCD' })).events).toEqual([]);
  });

  it('puts the first location at the front of the history with duration 0', () => {
    const { state, events } = applyScan(tracked(), scan({ timestamp: after(5) }));
    const repair = repairOf(state, 'r1');
    const location = {
      departmentId: 'DEPT001',
      departmentName: 'Casting',
      stationId: 'STATION000001',
      stationName: 'Bench 1',
      machineId: 'MACH-1',
      antennaNumber: 2,
      timestamp: after(5).toISOString(),
      epc: 'E2801160',
    };
    expect(repair.currentLocation).toEqual(location);
    expect(repair.lastSeen).toBe(after(5).toISOString());
    expect(repair.locationHistory).toHaveLength(1);
    expect(repair.locationHistory[0]).toMatchObject({ location: 'Casting - Bench 1', duration: 0 });
    expect(events).toEqual([{ type: 'repair-moved', repair, from: null, to: location }]);
    expect(ZTrackedRepairSchema.parse(repair)).toEqual(repair);
  });

  it('at the same department and station only updates lastSeen', () => {
    const moved = applyScan(tracked(), scan({ timestamp: after(5) })).state;
    const { state, events } = applyScan(moved, scan({ timestamp: after(20), antenna: 3 }));
    const before = repairOf(moved, 'r1');
    const repair = repairOf(state, 'r1');
    expect(repair).toEqual({ ...before, lastSeen: after(20).toISOString() });
    expect(events).toEqual([{ type: 'location-updated', repair }]);
  });

  it('at another station replaces the location and fronts a history entry with the floored minutes spent', () => {
    const first = applyScan(tracked(), scan({ timestamp: after(5) })).state;
    const { state, events } = applyScan(first, scan({ timestamp: after(52, 59), station: bench2 }));
    const repair = repairOf(state, 'r1');
    expect(repair.currentLocation).toMatchObject({ stationId: 'STATION000002', stationName: 'Bench 2' });
    expect(repair.locationHistory.map((e) => [e.location, e.duration])).toEqual([
      ['Casting - Bench 2', 47],
      ['Casting - Bench 1', 0],
    ]);
    expect(events[0]?.type).toBe('repair-moved');
  });

  it('at the same station name in another department is a move', () => {
    const first = applyScan(tracked(), scan({ timestamp: after(5) })).state;
    const { state } = applyScan(first, scan({ timestamp: after(65), department: setting }));
    const repair = repairOf(state, 'r1');
    expect(repair.currentLocation).toMatchObject({ departmentId: 'DEPT002', machineId: null });
    expect(repair.locationHistory[0]).toMatchObject({
      location: 'Stone Setting - Bench 1',
      department: 'Stone Setting',
      duration: 60,
      currentDepartment: { id: 'DEPT002', name: 'Stone Setting', gradient: 'from-c to-d' },
      rfidTag: 'E2801160',
    });
  });

  it('leaves the tracking status alone, even for an offsite repair', () => {
    const offsite = markOffsite(tracked(), 'r1', after(40)).state;
    expect(repairOf(applyScan(offsite, scan({ timestamp: after(41) })).state, 'r1').status).toBe('offsite');
  });
});

describe('detectRepairsOffsite', () => {
  it('marks the active repairs unseen for longer than offsiteTimeout', () => {
    let state = start(tracked(), 'r2', 'AAAA');
    state = applyScan(state, scan({ timestamp: after(0) })).state;
    state = applyScan(state, scan({ epcCode: 'AAAA', timestamp: after(20) })).state;
    const result = detectRepairsOffsite(state, OFFSITE_DEFAULTS, after(45));
    expect(result.events.map((e) => [e.type, e.repair.repairId])).toEqual([['offsite-detected', 'r1']]);
    expect(repairOf(result.state, 'r1').status).toBe('offsite');
    expect(repairOf(result.state, 'r2').status).toBe('active');
  });
});

describe('repairTrackingStateFromList', () => {
  it('rebuilds the EPC mapping from stored repairs', () => {
    const repairs = listTrackedRepairs(start(tracked(), 'r2', 'AAAA'));
    const state = repairTrackingStateFromList(repairs);
    expect(listTrackedRepairs(state)).toEqual(repairs);
    expect(findRepairByEpc(state, 'AAAA')?.repairId).toBe('r2');
  });

  it('lets the later of two repairs with one EPC keep it', () => {
    const [r1] = listTrackedRepairs(tracked());
    if (r1 === undefined) throw new Error('missing repair');
    const state = repairTrackingStateFromList([r1, { ...r1, repairId: 'r2' }]);
    expect(listTrackedRepairs(state).map((r) => r.repairId)).toEqual(['r2']);
    expect(findRepairByEpc(state, 'E2801160')?.repairId).toBe('r2');
  });
});
