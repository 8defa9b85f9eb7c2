import { plural } from '../text/plural';
import type { TWorkflowJob } from '../workflow/workflow-api';

import { localDate } from './question-parser';

/** Words and links the assistant's answers share, whichever engine writes them (issue 16). */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const jobPath = (kind: 'order' | 'repair', id: string) =>
  `/${kind === 'order' ? 'orders' : 'repairs'}/${id}`;
export const stationPath = (departmentId: string, stationId: string) =>
  `/departments/${departmentId}/stations/${stationId}`;
export const DEPARTMENTS_PATH = '/departments';
export const READERS_PATH = '/rfid-mapping';
export const OFFSITE_PATH = '/offsite';

/** "3 h", "2 days", "25 min": how long, in the unit a person would use. */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(ms / HOUR_MS);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(ms / DAY_MS)} days`;
}

/** "Tue 14 May 10:32" in the workshop's time zone. */
export function dateTimeText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(',', '');
}

/** "Tue 14 May" for a calendar date (YYYY-MM-DD). */
export function dayText(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
    .format(new Date(`${date}T00:00:00Z`))
    .replace(',', '');
}

/**
 * Why a job is overdue, at risk or over its phase target, in short clauses, most telling first. The state is
 * the job read model's (jobs/job-state.ts): this only puts it in words, with what may explain it.
 */
export function jobStateReasons(job: TWorkflowJob, timeZone: string): string[] {
  const reasons: string[] = [];
  const { workflow, state } = job;
  if (state.isOverdue && job.promisedDate !== null) {
    reasons.push(`promised ${dayText(job.promisedDate)}, ${plural(state.daysOverdue, 'day')} ago`);
  }
  if (state.isAtRisk && job.prediction !== null) {
    // The day in the workshop's zone, as promised dates are.
    reasons.push(
      `predicted done by ${dayText(localDate(new Date(job.prediction.latest), timeZone))} at worst`,
    );
  }
  if (state.isOverPhaseTarget) {
    reasons.push(
      `${workflow.hoursInPhase} working h in ${workflow.phaseName} against ${workflow.targetHours} h planned`,
    );
  }
  if (state.isOffsite) reasons.push('it is offsite');
  if (job.assignment === null && !workflow.isComplete)
    reasons.push(`nobody is assigned to ${workflow.phaseName}`);
  if (workflow.reworkCount > 0) reasons.push(`reworked ${workflow.reworkCount}×`);
  return reasons;
}

/** The questions the assistant suggests when it does not understand, and after an answer. */
export const SUGGESTED_QUESTIONS = [
  'What is overdue or at risk this week, and why?',
  'What is at Bench 2?',
  'What is offsite?',
  "Today's summary",
  'Who has room for more work?',
  'Are the readers online?',
] as const;

export const NOT_UNDERSTOOD_TEXT =
  "I didn't understand that question. I can answer questions about orders, repairs, stations, departments, who has what, what is overdue, at risk or offsite, and the readers. Try one of these:";
