import { describe, expect, it } from 'vitest';
import { openedWorkshopDate, WORKING_CALENDAR_DEFAULTS } from '../workflow/working-calendar';
import { composeDigest, DIGEST_LINES_PER_PART, isQuietTime } from './digest';

const at = (iso: string) => new Date(iso);

describe('isQuietTime', () => {
  it('is never quiet without quiet hours', () => {
    expect(isQuietTime(at('2026-11-24T03:00:00Z'), null, 'UTC')).toBe(false);
  });

  it('covers a span within one day, start included and end excluded', () => {
    const lunch = { start: '12:00', end: '13:00' };
    expect(isQuietTime(at('2026-11-24T11:59:00Z'), lunch, 'UTC')).toBe(false);
    expect(isQuietTime(at('2026-11-24T12:00:00Z'), lunch, 'UTC')).toBe(true);
    expect(isQuietTime(at('2026-11-24T12:59:00Z'), lunch, 'UTC')).toBe(true);
    expect(isQuietTime(at('2026-11-24T13:00:00Z'), lunch, 'UTC')).toBe(false);
  });

  it('runs past midnight when it starts after it ends', () => {
    const night = { start: '20:00', end: '07:00' };
    expect(isQuietTime(at('2026-11-24T19:59:00Z'), night, 'UTC')).toBe(false);
    expect(isQuietTime(at('2026-11-24T23:30:00Z'), night, 'UTC')).toBe(true);
    expect(isQuietTime(at('2026-11-25T06:59:00Z'), night, 'UTC')).toBe(true);
    expect(isQuietTime(at('2026-11-25T07:00:00Z'), night, 'UTC')).toBe(false);
  });

  it('reads the hours in the workshop’s time zone', () => {
    const night = { start: '20:00', end: '07:00' };
    // 02:00 UTC is 21:00 the day before in New York.
    expect(isQuietTime(at('2026-11-25T02:00:00Z'), night, 'America/New_York')).toBe(true);
    // 13:00 UTC is 08:00 in New York.
    expect(isQuietTime(at('2026-11-25T13:00:00Z'), night, 'America/New_York')).toBe(false);
  });
});

describe('openedWorkshopDate', () => {
  const calendar = { ...WORKING_CALENDAR_DEFAULTS, timeZone: 'Europe/London', closedDates: ['2026-12-25'] };

  it('names the date once the workshop has opened on an open day', () => {
    expect(openedWorkshopDate(at('2026-11-24T08:59:00Z'), calendar)).toBeNull();
    expect(openedWorkshopDate(at('2026-11-24T09:00:00Z'), calendar)).toBe('2026-11-24');
    expect(openedWorkshopDate(at('2026-11-24T22:00:00Z'), calendar)).toBe('2026-11-24');
  });

  it('gives nothing on a weekend or a closed date', () => {
    expect(openedWorkshopDate(at('2026-11-28T10:00:00Z'), calendar)).toBeNull();
    expect(openedWorkshopDate(at('2026-12-25T10:00:00Z'), calendar)).toBeNull();
  });
});

describe('composeDigest', () => {
  const base = {
    companyName: 'Atelier',
    date: '2026-11-24',
    publicUrl: 'https://loupe.example',
    alerts: [],
    tasks: [],
    readyForPickup: [],
    unreadNotices: 0,
  };

  it('says plainly when nothing waits', () => {
    const { subject, text } = composeDigest(base);
    expect(subject).toBe('[Atelier] Your day in Loupe, 2026-11-24');
    expect(text).toContain('Your tasks\n  Nothing is assigned to you.');
    expect(text).toContain('Open alerts\n  No open alerts.');
    expect(text).not.toContain('Ready or awaiting');
    expect(text).toContain('https://loupe.example/settings/notifications');
  });

  it('lists each part with links, and leaves out alerts for a role without the feed', () => {
    const { text } = composeDigest({
      ...base,
      alerts: null,
      tasks: [{ text: 'ORD-00012 — Setting, due 2026-11-24 15:00', link: '/orders/o12' }],
      readyForPickup: [{ text: 'ORD-00007 for Abigail Foster is ready', link: '/orders/o7' }],
      unreadNotices: 3,
    });
    expect(text).toContain(
      'Your tasks (1)\n  • ORD-00012 — Setting, due 2026-11-24 15:00 — https://loupe.example/orders/o12',
    );
    expect(text).toContain('Ready or awaiting your customer (1)\n  • ORD-00007');
    expect(text).not.toContain('alerts');
    expect(text).toContain('Unread notices in your bell: 3');
  });

  it('shows at most ten lines of a part and links the rest', () => {
    const alerts = Array.from({ length: DIGEST_LINES_PER_PART + 4 }, (_, i) => ({
      text: `Alert ${i + 1}`,
      link: `/orders/${i + 1}`,
    }));
    const { text } = composeDigest({ ...base, alerts });
    expect(text).toContain(`Open alerts (${DIGEST_LINES_PER_PART + 4})`);
    expect(text).toContain(`Alert ${DIGEST_LINES_PER_PART}`);
    expect(text).not.toContain(`Alert ${DIGEST_LINES_PER_PART + 1} `);
    expect(text).toContain('… and 4 more: https://loupe.example/alerts');
  });
});
