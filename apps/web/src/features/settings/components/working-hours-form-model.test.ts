import {
  UNKNOWN_TIME_ZONE_MESSAGE,
  WORKING_CALENDAR_DEFAULTS,
} from '@loupe/domain/workflow/working-calendar';
import { describe, expect, it } from 'vitest';
import {
  MY_DAYS_MESSAGE,
  parseMyHoursForm,
  parseWorkingHoursForm,
  toMyHoursFormValues,
  toWorkingHoursFormValues,
} from './working-hours-form-model';

const SAVED = toWorkingHoursFormValues(WORKING_CALENDAR_DEFAULTS);

describe('parseWorkingHoursForm', () => {
  it('reads the closed dates one a line (or parted by commas) and sends the calendar', () => {
    expect(parseWorkingHoursForm({ ...SAVED, closedDates: '2026-12-25\n2026-12-26, 2027-01-01\n' })).toEqual({
      ok: true,
      output: { ...WORKING_CALENDAR_DEFAULTS, closedDates: ['2026-12-25', '2026-12-26', '2027-01-01'] },
    });
  });

  it('asks for a known time zone, whether it is empty or unknown', () => {
    for (const timeZone of ['', 'Mars/Olympus']) {
      expect(parseWorkingHoursForm({ ...SAVED, timeZone })).toEqual({
        ok: false,
        errors: { timeZone: UNKNOWN_TIME_ZONE_MESSAGE },
      });
    }
  });

  it('names the wrong closed date, refuses a day with no open day and a close before the opening', () => {
    expect(
      parseWorkingHoursForm({
        ...SAVED,
        openDays: [],
        opensAt: '17:00',
        closesAt: '09:00',
        closedDates: '2026-12-25\n25/12/2026',
      }),
    ).toEqual({
      ok: false,
      errors: {
        openDays: 'Choose at least one open day',
        closesAt: 'The workshop must close after it opens',
        closedDates: '25/12/2026: Use dates such as 2026-12-25',
      },
    });
  });
});

describe('parseMyHoursForm', () => {
  it('starts from the workshop week, and sends null (the workshop’s hours) while the switch is off', () => {
    const values = toMyHoursFormValues(null);
    expect(values).toEqual({ isOwn: false, openDays: [1, 2, 3, 4, 5], opensAt: '09:00', closesAt: '17:00' });
    expect(parseMyHoursForm({ ...values, openDays: [] })).toEqual({ ok: true, output: null });
  });

  it('checks one’s own hours with the server’s rules', () => {
    const own = { ...toMyHoursFormValues(null), isOwn: true };
    expect(parseMyHoursForm({ ...own, openDays: [6] })).toEqual({
      ok: true,
      output: { openDays: [6], opensAt: '09:00', closesAt: '17:00' },
    });
    expect(parseMyHoursForm({ ...own, openDays: [], closesAt: '08:00' })).toEqual({
      ok: false,
      errors: { openDays: MY_DAYS_MESSAGE, closesAt: 'The day must end after it starts' },
    });
  });
});
