import { roomName, tvStationRoom, userRoom } from '@loupe/domain/realtime/events';
import type { TWorkTimerState } from '@loupe/domain/workflow/work-time';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import type { FastifyBaseLogger } from 'fastify';
import type { TTransactional } from '../../db/transaction.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TWorkTimeRepository } from './repository.ts';

/** What to announce once a change committed. */
export type TAnnounce = () => void;

/** A timer that started or stopped, and the stations whose TVs show its job (where it started, where it is). */
export type TTimerChange = {
  readonly session: {
    readonly itemKind: string;
    readonly itemId: string;
    readonly phaseKey: string;
    readonly userId: string;
    readonly stationId: string | null;
  };
  readonly state: TWorkTimerState;
  /** Why it stopped (an end reason) or 'undone'; null when it started. */
  readonly reason: string | null;
  readonly at: Date;
  readonly stationIds?: readonly (string | null)[];
};

/**
 * `work:timer-changed` (issue 37 §3), once the change committed: to the timer's person (My Tasks, the kiosk they
 * stand at), the job's room (its page), the TVs of the stations it was started at and stands at, and the
 * board's people (socket-server audienceOf).
 */
export function timerChangedAnnouncement(events: TEventBus, change: TTimerChange): TAnnounce {
  const { session } = change;
  const kind = session.itemKind as TWorkflowKind;
  const stations = new Set(
    [session.stationId, ...(change.stationIds ?? [])].filter((id): id is string => id !== null),
  );
  return () =>
    events.publish(
      'work:timer-changed',
      {
        itemType: kind,
        itemId: session.itemId,
        phaseKey: session.phaseKey,
        userId: session.userId,
        state: change.state,
        reason: change.reason,
        stationId: session.stationId,
        timestamp: change.at.toISOString(),
      },
      {
        rooms: [
          userRoom(session.userId),
          roomName({ kind, id: session.itemId }),
          ...[...stations].map(tvStationRoom),
        ],
      },
    );
}

/** Publishes what a committed change queued; a failing listener never undoes it, it is logged. */
export function publishAll(
  logger: Pick<FastifyBaseLogger, 'error'> | undefined,
  announcements: readonly TAnnounce[],
): void {
  for (const announce of announcements) {
    try {
      announce();
    } catch (error) {
      logger?.error({ err: error }, 'work time: announcing a timer change failed');
    }
  }
}

/**
 * Runs a change in one transaction; the timer changes it queued are announced once it committed, never for a
 * change rolled back.
 */
export function committedTimerChanges(
  workTime: TTransactional<TWorkTimeRepository>,
  events: TEventBus,
  logger: Pick<FastifyBaseLogger, 'error'> | undefined,
) {
  return async function committed<T>(
    work: (repo: TWorkTimeRepository, changed: (change: TTimerChange) => void) => Promise<T>,
  ): Promise<T> {
    const pending: TAnnounce[] = [];
    const result = await workTime.withTransaction((repo) =>
      work(repo, (change) => pending.push(timerChangedAnnouncement(events, change))),
    );
    publishAll(logger, pending);
    return result;
  };
}
