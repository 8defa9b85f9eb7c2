import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';
import { statusByHandAt, statusSteps } from './status-by-hand.ts';
import {
  antennaOf,
  DEPARTMENTS,
  DISPATCH,
  plannedRoute,
  READERS,
  stationKey,
  VENDOR_RETURNS,
} from './workshop-plan.ts';

const STATION_KEYS = new Set(DEPARTMENTS.flatMap((d) => d.stations.map((s) => stationKey(d.name, s.name))));

describe('the demo workshop plan', () => {
  it('has at least six departments of two or three stations, and four readers of four antennas', () => {
    expect(DEPARTMENTS.length).toBeGreaterThanOrEqual(6);
    for (const department of DEPARTMENTS) expect([2, 3]).toContain(department.stations.length);
    expect(READERS.map((reader) => reader.kind).sort()).toEqual(['impinj', 'impinj', 'zebra', 'zebra']);
    const antennas = READERS.flatMap((reader) => reader.antennas);
    expect(antennas).toHaveLength(16);
    expect(antennas.filter((antenna) => 'tagAssignment' in antenna)).toHaveLength(1);
    for (const antenna of antennas) {
      if ('station' in antenna) expect(STATION_KEYS.has(antenna.station)).toBe(true);
    }
  });

  it.each(['order', 'repair'] as const)('walks every %s through read stations to packing', (kind) => {
    const random = seededRandom(3);
    for (let run = 0; run < 200; run += 1) {
      const route = plannedRoute(kind, random);
      for (const key of route) expect(antennaOf(key), key).not.toBeNull();
      expect(route.at(-1)).toBe('QA/Photography & packing');
      const dispatch = route.indexOf(DISPATCH);
      if (dispatch >= 0) expect(route[dispatch + 1]).toBe(VENDOR_RETURNS);
    }
    expect(plannedRoute(kind, random, { toVendor: true })).toContain(DISPATCH);
  });

  it.each([
    ['order', 'new', 'in_design', ['in_design']],
    ['order', 'in_design', 'in_production', ['in_production']],
    ['order', 'quality_check', 'in_production', ['in_production']],
    ['order', 'quality_check', 'delivered', ['ready', 'delivered']],
    ['order', 'delivered', 'ready', []],
    ['repair', 'received', 'ready', ['in_progress', 'quality_check', 'ready']],
    ['repair', 'waiting_parts', 'quality_check', ['in_progress', 'quality_check']],
    ['repair', 'ready', 'picked_up', ['picked_up']],
    ['repair', 'in_progress', 'in_progress', []],
  ] as const)('steps a %s from %s to %s through allowed statuses', (kind, from, to, steps) => {
    expect(statusSteps(kind, from, to)).toEqual(steps);
  });

  it('sets by hand only what reads do not: ready once packed, a repair waiting for parts at the vendors', () => {
    expect(statusByHandAt('order', 'Design/Sketch table')).toBeNull();
    expect(statusByHandAt('order', 'Casting/Casting machine')).toBeNull();
    expect(statusByHandAt('order', DISPATCH)).toBeNull();
    expect(statusByHandAt('repair', DISPATCH)).toBe('waiting_parts');
    expect(statusByHandAt('repair', 'QA/Photography & packing')).toBe('ready');
    expect(statusByHandAt('order', 'QA/Photography & packing')).toBe('ready');
  });
});
