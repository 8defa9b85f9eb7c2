// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// A page's first Intl object costs tens of milliseconds in a browser (its locale data loads): the modules every
// screen imports build none as they load, only when something is formatted (issue 35 §4).
describe('the date modules as they load', () => {
  const originals = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };
  afterEach(() => {
    Object.assign(Intl, originals);
  });

  /** Counts what `Intl[name]` builds, called or constructed, from now on. */
  function counted(name: keyof typeof originals): { built: number } {
    const count = { built: 0 };
    const original = originals[name];
    const proxy = new Proxy(original, {
      construct(target, args) {
        count.built += 1;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        count.built += 1;
        return Reflect.apply(target, self, args);
      },
    });
    Object.assign(Intl, { [name]: proxy });
    return count;
  }

  it('build no date or number format until one is used', async () => {
    vi.resetModules();
    const dateFormats = counted('DateTimeFormat');
    const numberFormats = counted('NumberFormat');
    const { formatCalendarDate } = await import('./date-format');
    const { calendarDateText } = await import('@loupe/domain/api/dates');
    expect(dateFormats.built).toBe(0);
    expect(numberFormats.built).toBe(0);
    expect(calendarDateText('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatCalendarDate('2026-11-27')).toMatch(/2026/);
    expect(dateFormats.built).toBeGreaterThan(0);
  });
});
