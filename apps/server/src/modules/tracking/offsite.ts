import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { tvStationRoom } from '@loupe/domain/realtime/events';
import { canReturnFromOffsite, isOffsiteDue } from '@loupe/domain/tracking/offsite';
import type { TOffsiteItem, TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import { departmentRoom, itemRoom, type TAnnouncer } from './announcements.ts';
import {
  assertAllowed,
  LABEL,
  OFFSITE_LIST_ACCESS,
  requireItem,
  requireTracked,
  TRACKING_ACCESS,
  type TTrackingActor,
  type TTrackingServiceOptions,
} from './common.ts';
import { itemKindOf, offsiteItemOf, trackingStatusOf } from './views.ts';

/** An item the offsite sweep marked. */
export type TOffsiteDetected = {
  readonly kind: TTrackedItemKind;
  readonly itemId: string;
  readonly number: string;
};

/** Offsite: the grace flag, the return, the list, and the sweep that marks what went unseen (spec §4). */
export function createOffsite(options: TTrackingServiceOptions, announcer: TAnnouncer) {
  const { tracking, clock } = options;
  const { inTransaction, announceItemChanged, announceReturned, queue } = announcer;

  /** POST …/expected-offsite: a longer grace period before the sweep calls it offsite (spec §4). */
  async function setExpectedOffsite(
    actor: TTrackingActor,
    kind: TTrackedItemKind,
    itemId: string,
    expectedOffsite: boolean,
  ): Promise<void> {
    assertAllowed(actor, TRACKING_ACCESS[kind].offsite);
    const now = clock();
    await inTransaction(async (repo, pending) => {
      const item = await requireItem(repo, kind, itemId);
      const tracked = await requireTracked(repo, item);
      if (tracked.expectedOffsite === expectedOffsite) return;
      await repo.updateTracked(kind, itemId, { expectedOffsite });
      await repo.recordChange({
        kind,
        itemId,
        at: now,
        actorId: actor.id,
        action: 'expected-offsite-changed',
        changes: { expectedOffsite: { from: tracked.expectedOffsite, to: expectedOffsite } },
      });
      announceItemChanged(pending, item, now);
    });
  }

  /** POST …/return: offsite → returned, allowed only from offsite (spec §4). */
  async function returnFromOffsite(
    actor: TTrackingActor,
    kind: TTrackedItemKind,
    itemId: string,
  ): Promise<void> {
    assertAllowed(actor, TRACKING_ACCESS[kind].offsite);
    const now = clock();
    await inTransaction(async (repo, pending) => {
      const item = await requireItem(repo, kind, itemId);
      const tracked = await requireTracked(repo, item);
      if (!canReturnFromOffsite({ status: trackingStatusOf(tracked.status) })) {
        throw new AppError(
          'CONFLICT',
          `${LABEL[kind]} ${item.number} is not offsite, so it cannot be returned (it is ${trackingStatusOf(tracked.status)}).`,
        );
      }
      await repo.updateTracked(kind, itemId, { status: 'returned', offsiteReturnedAt: now });
      await repo.recordChange({
        kind,
        itemId,
        at: now,
        actorId: actor.id,
        action: 'returned-from-offsite',
        changes: { status: { from: 'offsite', to: 'returned' } },
      });
      announceReturned(pending, item, tracked.epc, now, [itemRoom(item)]);
      if (kind === 'repair') announceItemChanged(pending, item, now);
    });
  }

  /** GET /tracking/offsite: what is out of the building now, newest detection first. */
  async function offsiteItems(actor: TActor): Promise<TOffsiteItem[]> {
    assertAllowed(actor, OFFSITE_LIST_ACCESS);
    const rows = await tracking.listOffsite();
    return rows.map(offsiteItemOf);
  }

  /**
   * One offsite sweep (spec §4): active items unseen for longer than offsiteTimeout, or
   * expectedOffsiteGracePeriod when flagged, become offsite at `now`.
   */
  async function detectOffsite(now: Date): Promise<TOffsiteDetected[]> {
    const settings = await options.offsiteSettings();
    const byStation = (await options.offsiteTimeoutsByStation?.()) ?? new Map<string, number>();
    // A piece at a station of a location with its own timeout follows it (issue 39 §3).
    const thresholdsAt = (stationId: string | null) => {
      const own = stationId === null ? undefined : byStation.get(stationId);
      return own === undefined ? settings : { ...settings, offsiteTimeout: own };
    };
    const shortest = Math.min(
      settings.offsiteTimeout,
      settings.expectedOffsiteGracePeriod,
      ...byStation.values(),
    );
    const seenBefore = new Date(now.getTime() - shortest * 60_000);
    return inTransaction(async (repo, pending) => {
      const candidates = (await repo.offsiteCandidates(seenBefore)).map((row) => ({
        row,
        status: trackingStatusOf(row.status),
        lastSeen: row.lastSeenAt === null ? null : row.lastSeenAt.toISOString(),
        isExpectedOffsite: row.expectedOffsite,
        offsiteDetectedAt: row.offsiteDetectedAt === null ? null : row.offsiteDetectedAt.toISOString(),
      }));
      const detected: TOffsiteDetected[] = [];
      const marked = candidates.filter((candidate) =>
        isOffsiteDue(candidate, thresholdsAt(candidate.row.currentStationId), now),
      );
      for (const { row, lastSeen } of marked) {
        const kind = itemKindOf(row);
        await repo.updateTracked(kind, row.itemId, { status: 'offsite', offsiteDetectedAt: now });
        // Kept in the job's history: the start of the vendor leg that analytics rebuilds count.
        await repo.recordChange({
          kind,
          itemId: row.itemId,
          at: now,
          actorId: null,
          action: 'offsite-detected',
          changes: { status: { from: trackingStatusOf(row.status), to: 'offsite' } },
        });
        const item = await repo.findItem(kind, row.itemId);
        if (item === undefined || lastSeen === null) continue;
        detected.push({ kind, itemId: item.id, number: item.number });
        const rooms = [itemRoom(item)];
        if (row.currentDepartmentId !== null) rooms.push(departmentRoom(row.currentDepartmentId));
        queue(
          pending,
          'tracking:offsite-detected',
          {
            itemType: kind,
            itemId: item.id,
            number: item.number,
            epc: row.epc,
            lastSeen,
            detectedAt: now.toISOString(),
            isExpectedOffsite: row.expectedOffsite,
          },
          rooms,
        );
        if (kind === 'repair') announceItemChanged(pending, item, now);
        if (row.currentStationId !== null) {
          const stationId = row.currentStationId;
          queue(pending, 'tv:screen-changed', { stationId, timestamp: now.toISOString() }, [
            tvStationRoom(stationId),
          ]);
        }
      }
      return detected;
    });
  }

  return { setExpectedOffsite, returnFromOffsite, offsiteItems, detectOffsite };
}
