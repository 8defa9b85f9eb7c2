import { describe, expect, it } from 'vitest';
import {
  closingStopAt,
  formatLabour,
  formatTimerClock,
  isUndoable,
  labourSeconds,
  readStopsTimer,
  sessionSeconds,
  sessionsStoppedByFinish,
  sessionsToSwitch,
  undoUntil,
  WORK_TIME_NOTES,
  WORK_UNDO_WINDOW_MS,
} from './work-time';
import type { TWorkingCalendar } from './working-calendar';

const at = (iso: string) => new Date(iso);
const LONDON: TWorkingCalendar = {
  timeZone: 'Europe/London',
  openDays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:30',
  closedDates: [],
};

describe('work time durations', () => {
  it('counts a finished session to its end and a running one to now', () => {
    const startedAt = at('2026-11-30T09:00:00Z');
    expect(
      sessionSeconds(
        { userId: 'a', startedAt, endedAt: at('2026-11-30T09:45:30Z') },
        at('2026-12-01T00:00:00Z'),
      ),
    ).toBe(2730);
    expect(sessionSeconds({ userId: 'a', startedAt, endedAt: null }, at('2026-11-30T09:10:00Z'))).toBe(600);
  });

  it('never counts a session ending before it started as negative time', () => {
    expect(
      sessionSeconds(
        { userId: 'a', startedAt: at('2026-11-30T10:00:00Z'), endedAt: at('2026-11-30T09:00:00Z') },
        at('2026-11-30T11:00:00Z'),
      ),
    ).toBe(0);
  });
});

describe('labour of overlapping intervals', () => {
  const now = at('2026-11-30T12:00:00Z');
  it('counts one person’s overlapping sessions once', () => {
    expect(
      labourSeconds(
        [
          { userId: 'a', startedAt: at('2026-11-30T09:00:00Z'), endedAt: at('2026-11-30T10:00:00Z') },
          { userId: 'a', startedAt: at('2026-11-30T09:30:00Z'), endedAt: at('2026-11-30T10:30:00Z') },
          { userId: 'a', startedAt: at('2026-11-30T11:00:00Z'), endedAt: at('2026-11-30T11:15:00Z') },
        ],
        now,
      ),
    ).toBe((90 + 15) * 60);
  });

  it('adds two people working side by side', () => {
    expect(
      labourSeconds(
        [
          { userId: 'a', startedAt: at('2026-11-30T09:00:00Z'), endedAt: at('2026-11-30T10:00:00Z') },
          { userId: 'b', startedAt: at('2026-11-30T09:00:00Z'), endedAt: at('2026-11-30T10:00:00Z') },
        ],
        now,
      ),
    ).toBe(2 * 3600);
  });

  it('counts a running session to now, and a session inside another not at all', () => {
    expect(
      labourSeconds(
        [
          { userId: 'a', startedAt: at('2026-11-30T11:00:00Z'), endedAt: null },
          { userId: 'a', startedAt: at('2026-11-30T11:10:00Z'), endedAt: at('2026-11-30T11:20:00Z') },
        ],
        now,
      ),
    ).toBe(3600);
  });
});

describe('one running timer per person', () => {
  it('stops the timer running on another step', () => {
    const other = { id: 's1', assignmentId: 'x' };
    expect(sessionsToSwitch([other], 'y')).toEqual({ stop: [other], alreadyRunning: null });
  });

  it('stops nothing when the same step already runs', () => {
    const same = { id: 's1', assignmentId: 'y' };
    expect(sessionsToSwitch([same], 'y')).toEqual({ stop: [], alreadyRunning: same });
  });
});

describe('the undo window', () => {
  const made = at('2026-11-30T09:00:00Z');
  it.each([
    ['just after', 1_000, true],
    ['at the window’s end', WORK_UNDO_WINDOW_MS, true],
    ['past the window', WORK_UNDO_WINDOW_MS + 1, false],
    ['before it was made (a clock behind)', -1, false],
  ])('an action %s is undoable: %s', (_label, ageMs, expected) => {
    expect(isUndoable({ at: made, undoneAt: null }, new Date(made.getTime() + ageMs))).toBe(expected);
  });

  it('an action undone once is not undone again', () => {
    expect(isUndoable({ at: made, undoneAt: made }, new Date(made.getTime() + 10))).toBe(false);
  });

  it('says until when', () => {
    expect(undoUntil(made).getTime() - made.getTime()).toBe(WORK_UNDO_WINDOW_MS);
  });
});

describe('stopping at closing', () => {
  it('stops a timer started in the day at that day’s closing, in the workshop’s zone (summer time)', () => {
    expect(closingStopAt(at('2026-06-01T08:00:00Z'), LONDON).toISOString()).toBe('2026-06-01T16:30:00.000Z');
  });

  it('stops a timer started in the day at that day’s closing (winter time)', () => {
    expect(closingStopAt(at('2026-11-30T10:00:00Z'), LONDON).toISOString()).toBe('2026-11-30T17:30:00.000Z');
  });

  it('stops an overtime timer started after closing at the end of that day, not the next closing', () => {
    expect(closingStopAt(at('2026-11-30T18:00:00Z'), LONDON).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});

describe('a read at another station', () => {
  it('stops a timer begun elsewhere or nowhere known, not one begun at that station', () => {
    expect(readStopsTimer('bench-1', 'polish-1')).toBe(true);
    expect(readStopsTimer(null, 'polish-1')).toBe(true);
    expect(readStopsTimer('bench-1', 'bench-1')).toBe(false);
  });

  it('leaves the note the spec words', () => {
    expect(WORK_TIME_NOTES.readAt('Polishing 1')).toBe('Stopped: read at Polishing 1');
    expect(WORK_TIME_NOTES.closing).toBe('Stopped at closing');
  });
});

describe('a step finished another way than Done', () => {
  const running = (itemId: string, phaseKey: string, endedAt: Date | null = null) => ({
    id: `${itemId}-${phaseKey}`,
    itemId,
    phaseKey,
    endedAt,
  });
  const sessions = [running('o1', 'bench'), running('o1', 'polishing'), running('o2', 'bench')];

  it('stops the timers on a completed phase of that job only, with a note', () => {
    const stopped = sessionsStoppedByFinish(sessions, {
      kind: 'phase-completed',
      itemId: 'o1',
      phaseKey: 'bench',
    });
    expect(stopped.map(({ session, note }) => [session.id, note])).toEqual([
      ['o1-bench', 'Stopped: phase completed'],
    ]);
  });

  it('stops every timer of a delivered or cancelled job, saying which', () => {
    expect(
      sessionsStoppedByFinish(sessions, { kind: 'job-finished', itemId: 'o1', status: 'delivered' }).map(
        ({ session, note }) => [session.id, note],
      ),
    ).toEqual([
      ['o1-bench', 'Stopped: job delivered'],
      ['o1-polishing', 'Stopped: job delivered'],
    ]);
    expect(WORK_TIME_NOTES.jobFinished('picked_up')).toBe('Stopped: job picked up');
  });

  it('leaves a timer that already ended alone', () => {
    const ended = [running('o1', 'bench', at('2026-11-28T10:00:00Z'))];
    expect(
      sessionsStoppedByFinish(ended, { kind: 'phase-completed', itemId: 'o1', phaseKey: 'bench' }),
    ).toEqual([]);
  });
});

describe('formatTimerClock', () => {
  it.each([
    [0, '0:00'],
    [247, '4:07'],
    [25 * 60 + 13, '25:13'],
    [3909, '1:05:09'],
    [-5, '0:00'],
  ])('shows %i seconds as %s', (seconds, shown) => {
    expect(formatTimerClock(seconds)).toBe(shown);
  });
});

describe('formatLabour', () => {
  it.each([
    [0, '0 min'],
    [30, '< 1 min'],
    [12 * 60, '12 min'],
    [65 * 60, '1 h 05 min'],
  ])('%i s reads %s', (seconds, text) => {
    expect(formatLabour(seconds)).toBe(text);
  });
});
