import {
  closingStopAt,
  readStopsTimer,
  sessionsStoppedByFinish,
  type TStepFinished,
  WORK_TIME_MESSAGES,
  WORK_TIME_NOTES,
} from '@loupe/domain/workflow/work-time';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import type { TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TNotice } from '../notifications/service.ts';
import type { TJobMoved } from '../tracking/location-moves.ts';
import type { TWorkSessionRow, TWorkTimeRepository } from './repository.ts';
import { toSessions } from './session-views.ts';
import { stepFinishedBy } from './step-finished.ts';
import { committedTimerChanges, type TAnnounce, timerChangedAnnouncement } from './timer-events.ts';

export type TWorkTimeStopsOptions = {
  readonly workTime: TTransactional<TWorkTimeRepository>;
  readonly clock: TClock;
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** Where `work:timer-changed` is announced, after commit. */
  readonly events: TEventBus;
  readonly logger?: Pick<FastifyBaseLogger, 'error' | 'info'> | undefined;
};

/**
 * What stops a timer without a tap (issue 37 §3): a read at another station, the workshop's closing, and the
 * step finished another way than Done.
 */
export function createWorkTimeStops(options: TWorkTimeStopsOptions) {
  const { workTime, clock, events } = options;
  const committed = committedTimerChanges(workTime, events, options.logger);

  type TFinishedStep = TStepFinished & { readonly itemKind: TWorkflowKind; readonly at: Date };

  async function stopTimedSteps(finishedSteps: readonly TFinishedStep[]): Promise<void> {
    let running: TWorkSessionRow[];
    try {
      running = await workTime.runningOfJobs(
        finishedSteps.map((finished) => ({ kind: finished.itemKind, itemId: finished.itemId })),
      );
    } catch (error) {
      options.logger?.error(
        { err: error, steps: finishedSteps.length },
        'work time: stopping finished steps failed',
      );
      return;
    }
    const isTimed = (finished: TFinishedStep) =>
      running.some((session) => session.itemId === finished.itemId && session.itemKind === finished.itemKind);
    for (const finished of finishedSteps.filter(isTimed)) {
      await stops.stopFinished(finished).catch((error: unknown) => {
        options.logger?.error(
          { err: error, itemId: finished.itemId },
          'work time: stopping a finished step failed',
        );
      });
    }
  }

  const stops = {
    /**
     * Called by tracking inside the transaction that applied a batch of reads: a job read at a station other
     * than where its timer was started stops that timer, with a note saying where.
     */
    async afterMoves(tx: TDatabase, moved: readonly TJobMoved[]): Promise<TAnnounce[]> {
      if (moved.length === 0) return [];
      const pending: TAnnounce[] = [];
      const repo = workTime.within(tx);
      const running = await repo.runningOfJobs(moved);
      if (running.length === 0) return [];
      for (const move of moved) {
        for (const session of running) {
          if (session.endedAt !== null || session.itemId !== move.itemId || session.itemKind !== move.kind)
            continue;
          if (move.at.getTime() < session.startedAt.getTime()) continue;
          if (!readStopsTimer(session.stationId, move.stationId)) continue;
          await repo.endSession(session.id, {
            endedAt: move.at,
            endReason: 'read-elsewhere',
            note: WORK_TIME_NOTES.readAt(move.stationName),
          });
          session.endedAt = move.at;
          pending.push(
            timerChangedAnnouncement(events, {
              session,
              state: 'stopped',
              reason: 'read-elsewhere',
              at: move.at,
              stationIds: [move.stationId],
            }),
          );
        }
      }
      return pending;
    },

    /**
     * The closing sweep: a timer still running past the workshop's closing on the day it started stops at
     * closing, with a note; its person finds a notice in their bell next morning. Returns how many stopped.
     */
    async stopAtClosing(
      notify: (userIds: readonly string[], notice: TNotice) => Promise<void>,
    ): Promise<number> {
      const calendar = await options.calendar();
      const now = clock();
      const stopped = await committed(async (repo, changed) => {
        const done: TWorkSessionRow[] = [];
        for (const session of await repo.runningStartedBefore(now)) {
          const stopAt = closingStopAt(session.startedAt, calendar);
          if (now.getTime() < stopAt.getTime()) continue;
          const ended = await repo.endSession(session.id, {
            endedAt: stopAt,
            endReason: 'closing',
            note: WORK_TIME_NOTES.closing,
          });
          if (ended) {
            done.push(ended);
            changed({ session: ended, state: 'stopped', reason: 'closing', at: stopAt });
          }
        }
        return done.length === 0 ? [] : toSessions(repo, done, now);
      });
      for (const session of stopped) {
        try {
          await notify([session.person.id], {
            kind: 'assignment',
            title: WORK_TIME_MESSAGES.closingTitle,
            message: WORK_TIME_MESSAGES.closingMessage(session.number || 'A job', session.phaseName),
            link: '/my-tasks',
          });
        } catch (error) {
          options.logger?.error({ err: error, sessionId: session.id }, 'work time: a closing notice failed');
        }
      }
      if (stopped.length > 0)
        options.logger?.info({ stopped: stopped.length }, 'work time: timers stopped at closing');
      return stopped.length;
    },

    /**
     * A step finished another way than Done (its phase completed from the board or by a read, the job delivered
     * or cancelled): the timers still running on it stop at that moment, with a note. Returns how many stopped.
     */
    async stopFinished(finished: TFinishedStep) {
      return committed(async (repo, changed) => {
        const running = await repo.runningOfJobs([{ kind: finished.itemKind, itemId: finished.itemId }]);
        const ofKind = running.filter((session) => session.itemKind === finished.itemKind);
        let count = 0;
        for (const { session, note } of sessionsStoppedByFinish(ofKind, finished)) {
          // Never before it started: a finish announced late must not make a negative session.
          const endedAt = new Date(Math.max(finished.at.getTime(), session.startedAt.getTime()));
          const ended = await repo.endSession(session.id, { endedAt, endReason: 'phase-finished', note });
          if (!ended) continue;
          count += 1;
          changed({ session: ended, state: 'stopped', reason: 'phase-finished', at: endedAt });
        }
        return count;
      });
    },

    /**
     * Listens, after their commits, for steps finished another way: a phase completed (the board, a read, a
     * status set by hand) and a job delivered, picked up or cancelled. Returns the unsubscribe.
     */
    followFinishedSteps(): () => void {
      let announced: TFinishedStep[] = [];
      return events.subscribe((announcement) => {
        const finished = stepFinishedBy(announcement);
        if (finished === null) return;
        announced.push(finished);
        if (announced.length > 1) return;
        // Those announced together (a batch of reads finishes hundreds of steps at once) are looked at together:
        // one query for the timers running on any of them, and a transaction only for a step that has one,
        // instead of a transaction per step (issue 38's profile).
        setImmediate(() => {
          const batch = announced;
          announced = [];
          void stopTimedSteps(batch);
        });
      });
    },
  };
  return stops;
}
