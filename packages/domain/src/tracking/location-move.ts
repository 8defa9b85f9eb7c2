import { durationMinutes } from './location-history';
import type { TTrackingStatus } from './tracking-status';

/**
 * The rule of spec §4 for a read of a tagged order or repair at a station, for the server's tracking
 * service (HTTP update-location and the RFID pipeline alike). Pure: the caller loads the item, applies
 * the plan inside its transaction and announces after commit.
 */

/** Where a tracked item is and when it was last seen. */
export type TTrackedPosition = {
  readonly status: TTrackingStatus;
  readonly departmentId: string | null;
  readonly stationId: string | null;
  /** When it arrived at the current station: the start of the next move's duration. */
  readonly arrivedAt: Date | null;
  readonly lastSeen: Date | null;
};

/** A read already resolved to a department and station. */
export type TLocationRead = {
  readonly departmentId: string;
  readonly stationId: string;
  readonly at: Date;
};

export type TLocationMovePlan =
  /** Older than what is known: nothing changes, so a late read never rewrites history. */
  | { readonly kind: 'stale' }
  /** Same department and station: only lastSeen refreshes (spec §4). */
  | {
      readonly kind: 'seen';
      readonly lastSeen: Date;
      readonly returnsFromOffsite: boolean;
      readonly resumesActive: boolean;
    }
  /** Elsewhere: a new arrival; `durationMinutes` is the whole minutes spent where it was. */
  | {
      readonly kind: 'moved';
      readonly arrivedAt: Date;
      readonly lastSeen: Date;
      readonly durationMinutes: number;
      readonly returnsFromOffsite: boolean;
      readonly resumesActive: boolean;
    };

/**
 * A read older than the current arrival cannot change where the item is. For an offsite item, a read
 * no newer than its last sighting is a late delivery that proves nothing about its return.
 */
export function isStaleRead(item: TTrackedPosition, at: Date): boolean {
  if (item.arrivedAt !== null && at.getTime() < item.arrivedAt.getTime()) return true;
  return item.status === 'offsite' && item.lastSeen !== null && at.getTime() <= item.lastSeen.getTime();
}

/**
 * Spec §4: same department and station → only lastSeen; otherwise a move, recording the minutes spent
 * at the previous location. A read of an offsite item returns it (docs/architecture.md). A return is an
 * event, not a final state (issue 21 §3): the next read of a returned item tracks it as active again, so
 * the sweep can flag it when it leaves once more. lastSeen never goes backwards.
 */
export function planLocationMove(item: TTrackedPosition, read: TLocationRead): TLocationMovePlan {
  if (isStaleRead(item, read.at)) return { kind: 'stale' };
  const lastSeen =
    item.lastSeen !== null && item.lastSeen.getTime() > read.at.getTime() ? item.lastSeen : read.at;
  const returnsFromOffsite = item.status === 'offsite';
  const resumesActive = item.status === 'returned';
  if (item.departmentId === read.departmentId && item.stationId === read.stationId) {
    return { kind: 'seen', lastSeen, returnsFromOffsite, resumesActive };
  }
  return {
    kind: 'moved',
    arrivedAt: read.at,
    lastSeen,
    durationMinutes: item.arrivedAt === null ? 0 : durationMinutes(item.arrivedAt, read.at),
    returnsFromOffsite,
    resumesActive,
  };
}
