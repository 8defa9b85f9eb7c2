import { describe, expect, it } from 'vitest';
import { makeJobState } from '../jobs/job-state.fixture';
import type { TJobState } from '../jobs/job-views';
import {
  isFinishedStatus,
  jobQueryPhrase,
  jobStatusLabel,
  kindsWithStatus,
  matchesJobQuery,
  type TJobQuery,
} from './job-query';

const TOMORROW = '2026-03-12';

const state = makeJobState;

const job = (
  overrides: { status?: string; promisedDate?: string | null; state?: Partial<TJobState> } = {},
) => ({
  kind: 'order' as const,
  status: overrides.status ?? 'in_production',
  promisedDate: overrides.promisedDate ?? '2026-03-20',
  state: state(overrides.state),
});

const query = (overrides: Partial<TJobQuery> = {}): TJobQuery => ({
  kind: null,
  views: [],
  status: null,
  due: null,
  ...overrides,
});

const overdue = job({
  promisedDate: '2026-03-09',
  state: { isOverdue: true, daysOverdue: 2, due: 'overdue' },
});
const riskyThisWeek = job({ promisedDate: TOMORROW, state: { isAtRisk: true, due: 'week' } });
const riskyLater = job({ promisedDate: '2026-03-30', state: { isAtRisk: true, due: 'later' } });
const onTrackTomorrow = job({ promisedDate: TOMORROW, state: { due: 'week' } });
const ready = job({ status: 'ready', promisedDate: TOMORROW, state: { isInWork: false, due: 'none' } });

describe('matchesJobQuery (issue 32 §4)', () => {
  it('takes the views as a union', () => {
    const asked = query({ views: ['overdue', 'at-risk'] });
    expect(
      [overdue, riskyThisWeek, riskyLater, onTrackTomorrow].map((j) => matchesJobQuery(j, asked, TOMORROW)),
    ).toEqual([true, true, true, false]);
  });

  it('keeps what is overdue in a due window, and adds what is at risk within it', () => {
    const lateThisWeek = query({ views: ['overdue'], due: 'week' });
    expect(matchesJobQuery(overdue, lateThisWeek, TOMORROW)).toBe(true);
    expect(matchesJobQuery(riskyThisWeek, lateThisWeek, TOMORROW)).toBe(true);
    expect(matchesJobQuery(riskyLater, lateThisWeek, TOMORROW)).toBe(false);
    expect(matchesJobQuery(onTrackTomorrow, lateThisWeek, TOMORROW)).toBe(false);
  });

  it('narrows other views to the window', () => {
    const atRiskThisWeek = query({ views: ['at-risk'], due: 'week' });
    expect(matchesJobQuery(riskyThisWeek, atRiskThisWeek, TOMORROW)).toBe(true);
    expect(matchesJobQuery(riskyLater, atRiskThisWeek, TOMORROW)).toBe(false);
  });

  it('reads "due tomorrow" as work promised tomorrow: a piece ready for pickup is not due', () => {
    const tomorrow = query({ due: 'tomorrow' });
    expect(matchesJobQuery(onTrackTomorrow, tomorrow, TOMORROW)).toBe(true);
    expect(matchesJobQuery(riskyThisWeek, tomorrow, TOMORROW)).toBe(true);
    expect(matchesJobQuery(ready, tomorrow, TOMORROW)).toBe(false);
    expect(matchesJobQuery(riskyLater, tomorrow, TOMORROW)).toBe(false);
  });

  it('filters by kind and status', () => {
    expect(matchesJobQuery(overdue, query({ kind: 'repair' }), TOMORROW)).toBe(false);
    expect(matchesJobQuery(ready, query({ status: 'ready' }), TOMORROW)).toBe(true);
    expect(matchesJobQuery(overdue, query({ status: 'ready' }), TOMORROW)).toBe(false);
  });
});

describe('the words of a query', () => {
  it.each([
    [{ views: ['overdue'] }, 'overdue'],
    [{ views: ['overdue'], due: 'week' }, 'overdue or at risk this week'],
    [{ views: ['at-risk', 'over-phase-target'] }, 'at risk or over phase target'],
    [{ views: ['rush'] }, 'marked rush'],
    [{ due: 'tomorrow' }, 'due tomorrow'],
    [{ status: 'waiting_parts' }, 'in the status Waiting for parts'],
  ] as const)('says %j as “%s”, never "late"', (asked, words) => {
    const phrase = jobQueryPhrase(query(asked as Partial<TJobQuery>));
    expect(phrase).toBe(words);
    expect(phrase).not.toMatch(/\blate\b/);
  });
});

describe('statuses of either kind', () => {
  it('knows which kinds have a status, which are finished, and their words', () => {
    expect(kindsWithStatus('new')).toEqual(['order']);
    expect(kindsWithStatus('waiting_parts')).toEqual(['repair']);
    expect(kindsWithStatus('quality_check')).toEqual(['order', 'repair']);
    expect(isFinishedStatus('order', 'delivered')).toBe(true);
    expect(isFinishedStatus('repair', 'ready')).toBe(false);
    expect(jobStatusLabel('picked_up')).toBe('Picked up');
  });
});
