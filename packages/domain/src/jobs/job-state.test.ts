import { describe, expect, it } from 'vitest';
import {
  dueWindowOf,
  endOfPromisedDay,
  jobState,
  offsiteSinceOf,
  type TJobStateInput,
  workshopToday,
} from './job-state';
import {
  compareJobPriority,
  isInJobView,
  JOB_SUMMARY_VIEWS,
  JOB_VIEW_LABELS,
  JOB_VIEWS,
  jobPlaceText,
  jobStateLabels,
  jobStateText,
  offsiteMinutes,
  summarizeJobs,
} from './job-views';

const NEW_YORK = 'America/New_York';
// 2026-11-27 at 23:30 in New York: already the 28th in UTC and in London.
const NOW = new Date('2026-11-28T04:30:00Z');

function job(overrides: Partial<TJobStateInput> = {}): TJobStateInput {
  return {
    kind: 'order',
    status: 'in_production',
    isRush: false,
    promisedDate: '2026-12-10',
    phase: { hoursInPhase: 1, targetHours: 8, isComplete: false },
    tracking: null,
    predictedLatest: null,
    ...overrides,
  };
}

const at = { now: NOW, timeZone: NEW_YORK };

describe('the workshop day', () => {
  it('is the date in the workshop zone, not in UTC', () => {
    expect(workshopToday(NOW, NEW_YORK)).toBe('2026-11-27');
    expect(workshopToday(NOW, 'Europe/London')).toBe('2026-11-28');
  });

  it('ends at the next midnight in the workshop zone', () => {
    expect(endOfPromisedDay('2026-11-27', NEW_YORK).toISOString()).toBe('2026-11-28T05:00:00.000Z');
    // Across the end of daylight saving time (New York went from UTC−4 to UTC−5 on 2026-11-01).
    expect(endOfPromisedDay('2026-10-31', NEW_YORK).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it.each([
    [null, 'none'],
    ['2026-11-26', 'overdue'],
    ['2026-11-27', 'today'],
    ['2026-11-28', 'week'],
    ['2026-12-03', 'week'],
    ['2026-12-04', 'later'],
  ] as const)('puts a promise of %s in the %s window', (promised, window) => {
    expect(dueWindowOf(promised, '2026-11-27')).toBe(window);
  });
});

describe('jobState', () => {
  it('is overdue only when in work and past its promised day in the workshop zone', () => {
    // Promised for the 27th: in New York it is still the 27th, so not overdue yet.
    expect(jobState(job({ promisedDate: '2026-11-27' }), at).isOverdue).toBe(false);
    expect(jobState(job({ promisedDate: '2026-11-27' }), { now: NOW, timeZone: 'UTC' }).isOverdue).toBe(true);
    const late = jobState(job({ promisedDate: '2026-11-24' }), at);
    expect(late).toMatchObject({ isOverdue: true, daysOverdue: 3, due: 'overdue' });
  });

  it.each([
    ['order', 'ready'],
    ['order', 'delivered'],
    ['order', 'cancelled'],
    ['repair', 'ready'],
    ['repair', 'picked_up'],
  ] as const)('never calls a %s that is %s overdue, due or at risk', (kind, status) => {
    const state = jobState(
      job({ kind, status, promisedDate: '2026-11-01', predictedLatest: new Date('2027-01-01T00:00:00Z') }),
      at,
    );
    expect(state).toMatchObject({ isOverdue: false, isAtRisk: false, due: 'none', isOverPhaseTarget: false });
    expect(state.isInWork).toBe(false);
  });

  it('is at risk when predicted to finish after its promised day, and not when already overdue', () => {
    const promisedDate = '2026-11-30';
    const end = endOfPromisedDay(promisedDate, NEW_YORK);
    expect(jobState(job({ promisedDate, predictedLatest: new Date(end.getTime() + 1) }), at).isAtRisk).toBe(
      true,
    );
    expect(jobState(job({ promisedDate, predictedLatest: end }), at).isAtRisk).toBe(false);
    expect(jobState(job({ promisedDate, predictedLatest: null }), at).isAtRisk).toBe(false);
    const overdue = jobState(
      job({ promisedDate: '2026-11-20', predictedLatest: new Date('2027-01-01T00:00:00Z') }),
      at,
    );
    expect(overdue).toMatchObject({ isOverdue: true, isAtRisk: false });
  });

  it('does not make a rush job created today overdue or over its phase target', () => {
    const rush = jobState(
      job({
        isRush: true,
        promisedDate: '2026-11-29',
        phase: { hoursInPhase: 0, targetHours: 8, isComplete: false },
      }),
      at,
    );
    expect(rush).toMatchObject({ isRush: true, isOverdue: false, isOverPhaseTarget: false, due: 'week' });
  });

  it('is over its phase target after more working hours in the phase than the target', () => {
    expect(
      jobState(job({ phase: { hoursInPhase: 8, targetHours: 8, isComplete: false } }), at).isOverPhaseTarget,
    ).toBe(false);
    expect(
      jobState(job({ phase: { hoursInPhase: 8.1, targetHours: 8, isComplete: false } }), at)
        .isOverPhaseTarget,
    ).toBe(true);
    expect(
      jobState(job({ phase: { hoursInPhase: 30, targetHours: 8, isComplete: true } }), at).isOverPhaseTarget,
    ).toBe(false);
  });

  it('counts offsite time from when the piece was last seen, not from when the sweep noticed', () => {
    const lastSeenAt = new Date('2026-11-27T14:00:00Z');
    const state = jobState(
      job({
        tracking: { status: 'offsite', lastSeenAt, offsiteDetectedAt: new Date('2026-11-28T04:29:00Z') },
      }),
      at,
    );
    expect(state).toMatchObject({ isOffsite: true, offsiteSince: lastSeenAt.toISOString() });
    expect(offsiteMinutes(state, NOW)).toBe(14 * 60 + 30);
    const finished = jobState(
      job({ status: 'delivered', tracking: { status: 'offsite', lastSeenAt, offsiteDetectedAt: null } }),
      at,
    );
    expect(finished).toMatchObject({ isOffsite: false, offsiteSince: null });
    expect(offsiteMinutes(finished, NOW)).toBeNull();
  });
});

describe('job views', () => {
  it('gives every view its own word, none of them "late"', () => {
    const labels = JOB_VIEWS.map((view) => JOB_VIEW_LABELS[view]);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label.toLowerCase()).not.toMatch(/\blate\b/);
  });

  it('puts each job in exactly the views its state says', () => {
    const jobs = [
      { number: 'A', input: job({ promisedDate: '2026-11-20' }) },
      { number: 'B', input: job({ promisedDate: '2026-11-27', isRush: true }) },
      { number: 'C', input: job({ promisedDate: '2026-12-01' }) },
      { number: 'D', input: job({ status: 'ready', promisedDate: '2026-11-20' }) },
      { number: 'E', input: job({ status: 'awaiting_approval', promisedDate: null }) },
      { number: 'F', input: job({ kind: 'repair', status: 'picked_up', isRush: true }) },
    ].map(({ number, input }) => ({
      number,
      kind: input.kind,
      status: input.status,
      state: jobState(input, at),
    }));
    const inView = (view: (typeof JOB_VIEWS)[number]) =>
      jobs.filter((j) => isInJobView(view, j)).map((j) => j.number);
    expect(inView('overdue')).toEqual(['A']);
    expect(inView('due-today')).toEqual(['B']);
    expect(inView('due-this-week')).toEqual(['B', 'C']);
    expect(inView('rush')).toEqual(['B']);
    expect(inView('ready-for-pickup')).toEqual(['D']);
    expect(inView('awaiting-approval')).toEqual(['E']);
    const summary = summarizeJobs(['order', 'repair'], jobs);
    for (const view of JOB_SUMMARY_VIEWS) {
      expect(summary.counts[view].order + summary.counts[view].repair).toBe(inView(view).length);
    }
    const first = jobs[0];
    if (!first) throw new Error('no jobs');
    expect(summarizeJobs(['order'], [...jobs, { ...first, kind: 'repair' as const }]).counts.overdue).toEqual(
      {
        order: 1,
        repair: 0,
      },
    );
  });

  it('orders work rush first, then most overdue, at risk, over target, promised date and number', () => {
    const card = (number: string, input: Partial<TJobStateInput>) => {
      const full = job(input);
      return { number, promisedDate: full.promisedDate, state: jobState(full, at) };
    };
    const cards = [
      card('G', { promisedDate: null }),
      card('F', { promisedDate: '2026-12-20' }),
      card('E', {
        phase: { hoursInPhase: 9, targetHours: 8, isComplete: false },
        promisedDate: '2026-12-20',
      }),
      card('D', { promisedDate: '2026-12-20', predictedLatest: new Date('2027-01-01T00:00:00Z') }),
      card('C', { promisedDate: '2026-11-26' }),
      card('B', { promisedDate: '2026-11-20' }),
      card('A', { isRush: true, promisedDate: '2026-12-30' }),
      card('F2', { promisedDate: '2026-12-20' }),
    ];
    expect(cards.sort(compareJobPriority).map((c) => c.number)).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'F2',
      'G',
    ]);
  });
});

describe('jobPlaceText', () => {
  const state = jobState(job(), at);
  it('names the station and department, says offsite, or says it was never read', () => {
    const location = { stationName: 'Bench 2', departmentName: 'Bench work' };
    expect(jobPlaceText({ location, state })).toBe('at Bench 2 (Bench work)');
    expect(jobPlaceText({ location, state: { ...state, isOffsite: true } })).toBe(
      'offsite, last seen at Bench 2 (Bench work)',
    );
    expect(jobPlaceText({ location: null, state })).toBe('not read at any station yet');
  });
});

describe('jobStateLabels', () => {
  it('lists what is wrong, most pressing first, and says on track otherwise', () => {
    const overdue = jobState(
      job({ promisedDate: '2026-11-20', phase: { hoursInPhase: 9, targetHours: 8, isComplete: false } }),
      at,
    );
    expect(jobStateLabels(overdue)).toEqual(['Overdue', 'Over phase target']);
    expect(jobStateText(overdue)).toBe('Overdue');
    expect(jobStateText(jobState(job(), at))).toBe('On track');
  });
});

describe('offsiteSinceOf', () => {
  it('counts from the last read, and from the sweep’s notice only without one', () => {
    const lastSeenAt = new Date('2025-03-03T22:00:00Z');
    const offsiteDetectedAt = new Date('2025-03-04T12:00:00Z');
    expect(offsiteSinceOf({ lastSeenAt, offsiteDetectedAt })).toEqual(lastSeenAt);
    expect(offsiteSinceOf({ lastSeenAt: null, offsiteDetectedAt })).toEqual(offsiteDetectedAt);
    expect(offsiteSinceOf({ lastSeenAt: null, offsiteDetectedAt: null })).toBeNull();
  });
});
