import { describe, expect, it } from 'vitest';
import { WORKING_CALENDAR_DEFAULTS } from '../workflow/working-calendar';
import {
  effectiveLocationSettings,
  storedLocationSettings,
  transitWorkingDays,
} from './effective-location-settings';

const workshop = {
  calendar: { ...WORKING_CALENDAR_DEFAULTS, timeZone: 'Europe/London' },
  offsiteTimeoutMinutes: 30,
  labelPrinter: 'bench-zebra',
};
const storeCalendar = {
  timeZone: 'America/New_York',
  openDays: [2, 3, 4, 5, 6],
  opensAt: '10:00',
  closesAt: '19:00',
  closedDates: [],
};

describe('effectiveLocationSettings', () => {
  it("takes every field the location leaves out from the workshop's", () => {
    expect(effectiveLocationSettings({}, workshop)).toEqual({
      calendar: workshop.calendar,
      offsiteTimeoutMinutes: 30,
      // The bags' default too (DEFAULT_TRANSIT_DAYS): one truth about a store's distance.
      transitDays: 1,
      labelPrinter: 'bench-zebra',
      manifestPrinter: null,
    });
  });

  it("keeps the location's own values over the workshop's", () => {
    expect(
      effectiveLocationSettings(
        {
          calendar: storeCalendar,
          offsiteTimeoutMinutes: 120,
          transitDays: 2,
          labelPrinter: 'store-label',
          manifestPrinter: 'store-laser',
        },
        workshop,
      ),
    ).toEqual({
      calendar: storeCalendar,
      offsiteTimeoutMinutes: 120,
      transitDays: 2,
      labelPrinter: 'store-label',
      manifestPrinter: 'store-laser',
    });
  });

  it("takes an empty printer name as the workshop's", () => {
    expect(effectiveLocationSettings({ labelPrinter: '' }, workshop).labelPrinter).toBe('bench-zebra');
  });
});

describe('storedLocationSettings', () => {
  it('reads what the schema accepts', () => {
    expect(storedLocationSettings({ transitDays: 3, offsiteTimeoutMinutes: 45 })).toEqual({
      transitDays: 3,
      offsiteTimeoutMinutes: 45,
    });
  });

  it('drops only the fields that no longer pass, and anything that is not an object', () => {
    expect(storedLocationSettings({ transitDays: 3, offsiteTimeoutMinutes: -1, stray: 'x' })).toEqual({
      transitDays: 3,
    });
    expect(storedLocationSettings(null)).toEqual({});
    expect(storedLocationSettings('{}')).toEqual({});
  });
});

describe('transitWorkingDays', () => {
  it.each([
    ['workshop', { transitDays: 4 }, 0],
    ['store', {}, 2],
    ['store', { transitDays: 2 }, 4],
    ['vendor', { transitDays: 1 }, 2],
  ] as const)('a %s with %j adds %i working days', (kind, settings, expected) => {
    expect(transitWorkingDays({ kind, settings })).toBe(expected);
  });
});
