import { describe, expect, it } from 'vitest';
import { parseQuietHoursForm, toQuietHoursFormValues } from './quiet-hours-form-model';

describe('parseQuietHoursForm', () => {
  it('starts from the night when none are saved, and sends null while the switch is off', () => {
    const values = toQuietHoursFormValues(null);
    expect(values).toEqual({ isOn: false, start: '20:00', end: '07:00' });
    expect(parseQuietHoursForm({ ...values, start: '' })).toEqual({ ok: true, output: null });
  });

  it('sends the hours across midnight as they are', () => {
    expect(parseQuietHoursForm({ isOn: true, start: '22:00', end: '06:30' })).toEqual({
      ok: true,
      output: { start: '22:00', end: '06:30' },
    });
  });

  it('asks for times and for an end other than the start, under each time', () => {
    expect(parseQuietHoursForm({ isOn: true, start: '', end: '7' })).toEqual({
      ok: false,
      errors: { start: 'Use a time such as 20:00', end: 'Use a time such as 07:00' },
    });
    expect(parseQuietHoursForm({ isOn: true, start: '21:00', end: '21:00' })).toEqual({
      ok: false,
      errors: { end: 'Quiet hours must end at another time than they start' },
    });
  });
});
