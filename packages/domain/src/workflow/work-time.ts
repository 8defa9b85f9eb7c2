import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { ZWorkflowKindSchema, ZWorkflowPersonSchema } from './workflow-api';
import { instantOf, minutesOf, type TWorkingCalendar, wallTime } from './working-calendar';

/**
 * Work time (issue 37 §3): a person's timer on a job's step, started, paused, done or handed back from My
 * Tasks (one tap each, each undoable for a few seconds); a read at another station or the workshop's closing
 * stops a running one with a note. Labour per step is the sum of its sessions.
 */

/** What a person does to a step's timer from My Tasks; each is one tap and one undo. */
export const WORK_ACTIONS = ['start', 'pause', 'done', 'hand-back'] as const;
export type TWorkAction = (typeof WORK_ACTIONS)[number];

/** Why a session ended. */
export const WORK_END_REASONS = [
  'paused',
  'switched',
  'done',
  'handed-back',
  'read-elsewhere',
  'closing',
  'phase-finished',
] as const;
export type TWorkEndReason = (typeof WORK_END_REASONS)[number];

/** How long the "Undo" toast shows on My Tasks. */
export const WORK_UNDO_TOAST_MS = 6_000;
/**
 * How long after an action the server still undoes it: the toast's time and a margin for a slow request, so an
 * undo tapped at the toast's last moment still counts.
 */
export const WORK_UNDO_WINDOW_MS = 15_000;

/** The notes a stopped timer is left with, quoted once. */
export const WORK_TIME_NOTES = {
  closing: 'Stopped at closing',
  readAt: (station: string) => `Stopped: read at ${station}`,
  handedBack: (note: string | null) => (note ? `Handed back: ${note}` : 'Handed back'),
  phaseCompleted: 'Stopped: phase completed',
  jobFinished: (status: string) => `Stopped: job ${status.replaceAll('_', ' ')}`,
} as const;

/**
 * Where a wall TV sends people to start and stop work (decision 020): the station's kiosk, the touch screen at
 * the bench. The TV itself cannot be touched.
 */
export const WORK_TIME_COMPANION = {
  tvLine: (stationName: string) => `Start and stop work on the kiosk of ${stationName}:`,
} as const;

/** What My Tasks says after each tap. */
export const WORK_TIME_MESSAGES = {
  started: (job: string) => `Started ${job}.`,
  switched: (job: string, paused: string) => `Started ${job}. Paused ${paused}: one timer runs at a time.`,
  paused: (job: string) => `Paused ${job}.`,
  done: (job: string) => `${job} done.`,
  handedBack: (job: string) => `${job} handed back.`,
  undone: 'Undone.',
  closingTitle: 'Your timer stopped at closing',
  closingMessage: (job: string, phase: string) =>
    `${job} (${phase}) was still running at closing; it stopped then. Start it again when you carry on.`,
} as const;

/** One stretch of work on a step by one person. */
export type TWorkInterval = {
  readonly userId: string;
  readonly startedAt: Date;
  /** Null while it runs. */
  readonly endedAt: Date | null;
};

/** Seconds a session counts: to its end, or to `now` while it runs; never negative. */
export function sessionSeconds(session: TWorkInterval, now: Date): number {
  const end = session.endedAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - session.startedAt.getTime()) / 1000));
}

/**
 * Labour of a set of sessions: per person, overlapping or touching intervals are counted once (a double tap,
 * a timer started at the kiosk and on a phone), then the people's times are added up.
 */
export function labourSeconds(sessions: readonly TWorkInterval[], now: Date): number {
  const byUser = new Map<string, { start: number; end: number }[]>();
  for (const session of sessions) {
    const start = session.startedAt.getTime();
    const end = Math.max(start, (session.endedAt ?? now).getTime());
    byUser.set(session.userId, [...(byUser.get(session.userId) ?? []), { start, end }]);
  }
  let totalMs = 0;
  for (const intervals of byUser.values()) {
    intervals.sort((a, b) => a.start - b.start);
    let current: { start: number; end: number } | null = null;
    for (const interval of intervals) {
      if (current !== null && interval.start <= current.end) {
        current.end = Math.max(current.end, interval.end);
        continue;
      }
      if (current !== null) totalMs += current.end - current.start;
      current = { ...interval };
    }
    if (current !== null) totalMs += current.end - current.start;
  }
  return Math.floor(totalMs / 1000);
}

/**
 * One running timer per person: starting one stops theirs that runs on another step ('switched'). Returns the
 * ids of the sessions to stop; starting the step that already runs stops nothing (and starts nothing).
 */
export function sessionsToSwitch<T extends { id: string; assignmentId: string | null }>(
  running: readonly T[],
  assignmentId: string,
): { readonly stop: readonly T[]; readonly alreadyRunning: T | null } {
  const same = running.find((session) => session.assignmentId === assignmentId) ?? null;
  return { stop: running.filter((session) => session !== same), alreadyRunning: same };
}

/** Whether an action may still be undone: not undone yet, and within WORK_UNDO_WINDOW_MS of when it was made. */
export function isUndoable(action: { at: Date; undoneAt: Date | null }, now: Date): boolean {
  if (action.undoneAt !== null) return false;
  const age = now.getTime() - action.at.getTime();
  return age >= 0 && age <= WORK_UNDO_WINDOW_MS;
}

/** Until when an action can be undone. */
export function undoUntil(at: Date): Date {
  return new Date(at.getTime() + WORK_UNDO_WINDOW_MS);
}

/**
 * When a timer started at `startedAt` stops by itself: the workshop's closing time on the day it started, or,
 * started after closing (overtime), the end of that day. Nobody's timer runs overnight.
 */
export function closingStopAt(startedAt: Date, calendar: TWorkingCalendar): Date {
  const { date, minutes } = wallTime(startedAt, calendar.timeZone);
  const closes = minutesOf(calendar.closesAt);
  return minutes < closes
    ? instantOf(date, closes, calendar.timeZone)
    : instantOf(date, 24 * 60, calendar.timeZone);
}

/** What finished a step another way than Done: its phase completed (board, read, status), or the job ended. */
export type TStepFinished =
  | { readonly kind: 'phase-completed'; readonly itemId: string; readonly phaseKey: string }
  | { readonly kind: 'job-finished'; readonly itemId: string; readonly status: string };

/**
 * A timer on a step that was finished another way (the phase completed from the board or by a read, the job
 * delivered or cancelled) stops at that moment with a note: its step is over, so its time is too. Returns the
 * running sessions to stop and the note each gets.
 */
export function sessionsStoppedByFinish<T extends { itemId: string; phaseKey: string; endedAt: Date | null }>(
  running: readonly T[],
  finished: TStepFinished,
): { readonly session: T; readonly note: string }[] {
  return running.flatMap((session) => {
    if (session.endedAt !== null || session.itemId !== finished.itemId) return [];
    switch (finished.kind) {
      case 'phase-completed':
        return session.phaseKey === finished.phaseKey
          ? [{ session, note: WORK_TIME_NOTES.phaseCompleted }]
          : [];
      case 'job-finished':
        return [{ session, note: WORK_TIME_NOTES.jobFinished(finished.status) }];
      default: {
        const never: never = finished;
        throw new Error(`an unknown finish ${String(never)}`);
      }
    }
  });
}

/** Whether a read at `stationId` stops a timer begun where the job was (`sessionStationId`; null: nowhere known). */
export function readStopsTimer(sessionStationId: string | null, stationId: string): boolean {
  return sessionStationId !== stationId;
}

// The shapes of /api/v1/work-time.

const ZTimestampSchema = lazySchema(() => z.string());

export const ZWorkSessionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: ZWorkflowKindSchema,
    itemId: z.string(),
    number: z.string(),
    phaseKey: z.string(),
    phaseName: z.string(),
    assignmentId: z.string().nullable(),
    person: ZWorkflowPersonSchema,
    stationName: z.string().nullable(),
    startedAt: ZTimestampSchema,
    endedAt: ZTimestampSchema.nullable(),
    endReason: z.enum(WORK_END_REASONS).nullable(),
    note: z.string().nullable(),
    seconds: z.number().int().nonnegative(),
  }),
);
export type TWorkSession = z.infer<typeof ZWorkSessionSchema>;

/** What a tap answers: the action to undo, until when, what to say, and my running timer after it. */
export const ZWorkActionResultSchema = lazySchema(() =>
  z.object({
    actionId: z.string(),
    action: z.enum(WORK_ACTIONS),
    undoUntil: ZTimestampSchema,
    message: z.string(),
    running: ZWorkSessionSchema.nullable(),
  }),
);
export type TWorkActionResult = z.infer<typeof ZWorkActionResultSchema>;

/** My timers: the one running, and the labour so far on each of my open assignments. */
export const ZMyWorkTimeSchema = lazySchema(() =>
  z.object({
    running: ZWorkSessionSchema.nullable(),
    byAssignment: z.array(
      z.object({
        assignmentId: z.string(),
        seconds: z.number().int().nonnegative(),
        /** Whether a timer was ever started on it: "Resume" rather than "Start". */
        hasStarted: z.boolean(),
        isRunning: z.boolean(),
        /** The last session's note when a read or closing stopped it (shown until it starts again). */
        stoppedNote: z.string().nullable(),
      }),
    ),
  }),
);
export type TMyWorkTime = z.infer<typeof ZMyWorkTimeSchema>;

/** A job's labour: one row per step and person, with the sessions behind them. */
export const ZJobLabourSchema = lazySchema(() =>
  z.object({
    rows: z.array(
      z.object({
        phaseKey: z.string(),
        phaseName: z.string(),
        person: ZWorkflowPersonSchema,
        seconds: z.number().int().nonnegative(),
        isRunning: z.boolean(),
      }),
    ),
    totalSeconds: z.number().int().nonnegative(),
    sessions: z.array(ZWorkSessionSchema),
  }),
);
export type TJobLabour = z.infer<typeof ZJobLabourSchema>;

/** Whether a timer runs or stopped, as the realtime event `work:timer-changed` says. */
export const WORK_TIMER_STATES = ['running', 'stopped'] as const;
export type TWorkTimerState = (typeof WORK_TIMER_STATES)[number];

/** A person's running timer on a piece, as the kiosk and the TV show it ("Marco · 25 min"). */
export const ZRunningTimerSchema = lazySchema(() =>
  z.object({
    person: ZWorkflowPersonSchema,
    phaseName: z.string(),
    startedAt: ZTimestampSchema,
  }),
);
export type TRunningTimer = z.infer<typeof ZRunningTimerSchema>;

/**
 * GET /work-time/stations/{id}: the pieces at a station, for its kiosk: the signed-in person's step on each (to
 * start, pause or finish in one tap) and who is working on it now.
 */
export const ZStationWorkSchema = lazySchema(() =>
  z.object({
    stationId: z.string(),
    pieces: z.array(
      z.object({
        kind: ZWorkflowKindSchema,
        itemId: z.string(),
        number: z.string(),
        customerName: z.string(),
        /** My open step on it; null when none of its steps is mine. */
        mine: z
          .object({
            assignmentId: z.string(),
            phaseName: z.string(),
            seconds: z.number().int().nonnegative(),
            hasStarted: z.boolean(),
            isRunning: z.boolean(),
            stoppedNote: z.string().nullable(),
          })
          .nullable(),
        running: z.array(ZRunningTimerSchema),
      }),
    ),
  }),
);
export type TStationWork = z.infer<typeof ZStationWorkSchema>;

export const ZStartWorkSchema = lazySchema(() =>
  z.object({
    /** The station the timer is started at (the kiosk); by default where the job was last read. */
    stationId: z.string().trim().min(1).max(100).optional(),
  }),
);
export const ZHandBackSchema = lazySchema(() => z.object({ note: z.string().trim().max(500).optional() }));

/** A running timer as a stopwatch shows it, ticking each second: 4:07, 25:13, 1:05:09. */
export function formatTimerClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Labour as people read it: 1 h 05 min, 12 min, under a minute. */
export function formatLabour(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return seconds > 0 ? '< 1 min' : '0 min';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return `${hours} h ${String(rest).padStart(2, '0')} min`;
}
