import {
  isAllowed,
  OFFSITE_MANAGER_ROLES,
  ORDER_EDITOR_ROLES,
  REPAIR_MANAGER_ROLES,
  REPAIR_OFFSITE_ROLES,
  REPAIR_VIEWER_ROLES,
  type TRoleAccess,
} from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { tvStationRoom } from '@loupe/domain/realtime/events';
import { canReturnFromOffsite, detectOffsite, type TOffsiteThresholds } from '@loupe/domain/tracking/offsite';
import type { TTrackedRepair } from '@loupe/domain/tracking/repair-tracking';
import {
  type TLocationUpdateResult,
  type TOffsiteItem,
  type TStationItem,
  type TStationScanResult,
  type TTrackedItemKind,
  type TTrackedOrderResponse,
  type TTrackingStats,
  ZTrackedItemKindSchema,
} from '@loupe/domain/tracking/tracking-api';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import { createAnnouncer, departmentRoom, itemRoom } from './announcements.ts';
import { createLocationMoves, type TAfterBatch, type TMoveOutcome } from './location-moves.ts';
import {
  createTrackingRepository,
  itemKindOf,
  type TItemRef,
  type TTrackedItemRow,
  type TTrackingRepository,
  trackingStatusOf,
} from './repository.ts';
import { historyEntryOf, offsiteItemOf, trackedOrderResponseOf, trackedRepairOf } from './views.ts';

export type TTrackingActor = TActor & { readonly id: string };

/**
 * Who may do what with the tracking of each kind (spec §6, issue 5): everyone follows orders, repairs are
 * seen by their viewers; the tag is managed by order editors and repair managers; the offsite flag and
 * the return by the /offsite roles. Moving a job by hand (update-location, spec §7) is for everyone with
 * orders, for the roles that manage repairs with repairs (issue 20 §5); a scan at a station is not a move
 * by hand (docs/decisions/005-station-scans-open-to-staff.md). The routes declare the same lists.
 */
export const TRACKING_ACCESS = {
  order: { read: 'all', move: 'all', track: ORDER_EDITOR_ROLES, offsite: OFFSITE_MANAGER_ROLES },
  repair: {
    read: REPAIR_VIEWER_ROLES,
    move: REPAIR_MANAGER_ROLES,
    track: REPAIR_MANAGER_ROLES,
    offsite: REPAIR_OFFSITE_ROLES,
  },
} as const satisfies Record<TTrackedItemKind, Record<'read' | 'move' | 'track' | 'offsite', TRoleAccess>>;

/** The /offsite screen lists orders and repairs. */
export const OFFSITE_LIST_ACCESS = OFFSITE_MANAGER_ROLES;

/** An item the offsite sweep marked. */
export type TOffsiteDetected = {
  readonly kind: TTrackedItemKind;
  readonly itemId: string;
  readonly number: string;
};

export type TTrackingServiceOptions = {
  readonly db: TDatabase;
  readonly clock: TClock;
  readonly events: TEventBus;
  /** The workshop's offsite rules (settings › general), read at every sweep. */
  readonly offsiteSettings: () => Promise<TOffsiteThresholds>;
  readonly logger?: Pick<FastifyBaseLogger, 'error'> | undefined;
  /** What follows a move in the same transaction: the workflow's phase changes. */
  readonly afterBatch?: readonly TAfterBatch[] | undefined;
  /**
   * The read pipeline a station page's keyboard-wedge scan goes through, as every reader's read does
   * (docs/architecture.md): dedupe, recording, the batch's one transaction, `rfid:tag-read`. Resolves with what
   * the scan did once committed, null when it placed nothing.
   */
  readonly ingestStationScan?: (scan: {
    readonly epc: string;
    readonly place: { readonly departmentId: string; readonly stationId: string };
    readonly at: Date;
    readonly actorId: string | null;
  }) => Promise<TMoveOutcome | null>;
};

const LABEL: Readonly<Record<TTrackedItemKind, string>> = { order: 'Order', repair: 'Repair' };

function assertAllowed(actor: TActor, access: TRoleAccess): void {
  if (!isAllowed(actor, access)) throw forbidden();
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The tracking of orders and repairs (spec §4, §7): tags, location moves, offsite detection and return.
 * Every change runs in one transaction and is announced after it committed.
 */
export function createTrackingService(options: TTrackingServiceOptions) {
  const { db, clock } = options;
  const announcer = createAnnouncer({ db, events: options.events, logger: options.logger });
  const { inTransaction, announceItemChanged, announceReturned, queue } = announcer;
  const { applyMove, applyMoves } = createLocationMoves({ clock, announcer, afterBatch: options.afterBatch });

  async function notTracked(kind: TTrackedItemKind, itemId: string): Promise<AppError> {
    const item = await createTrackingRepository(db).findItem(kind, itemId);
    return item === undefined
      ? new AppError('NOT_FOUND', `There is no ${kind} ${itemId}.`)
      : new AppError('NOT_FOUND', `${LABEL[kind]} ${item.number} is not being tracked.`);
  }

  async function requireItem(repo: TTrackingRepository, kind: TTrackedItemKind, itemId: string) {
    const item = await repo.findItem(kind, itemId);
    if (item === undefined) throw new AppError('NOT_FOUND', `There is no ${kind} ${itemId}.`);
    return item;
  }

  async function requireTracked(repo: TTrackingRepository, item: TItemRef): Promise<TTrackedItemRow> {
    const tracked = await repo.findTracked(item.kind, item.id, { forUpdate: true });
    if (tracked === undefined) {
      throw new AppError('NOT_FOUND', `${LABEL[item.kind]} ${item.number} is not being tracked.`);
    }
    return tracked;
  }

  async function orderResponse(orderId: string): Promise<TTrackedOrderResponse> {
    const repo = createTrackingRepository(db);
    const view = await repo.findView('order', orderId);
    if (view === undefined) throw await notTracked('order', orderId);
    const history = await repo.historyOf('order', [orderId]);
    return trackedOrderResponseOf(view, history.get(orderId) ?? []);
  }

  async function repairResponse(repairId: string): Promise<TTrackedRepair> {
    const repo = createTrackingRepository(db);
    const view = await repo.findView('repair', repairId);
    if (view === undefined) throw await notTracked('repair', repairId);
    const history = await repo.historyOf('repair', [repairId]);
    return trackedRepairOf(view, history.get(repairId) ?? []);
  }

  return {
    applyMoves,
    applyMove,

    /** POST /tracking/{orders|repairs}/update-location (spec §7): every refusal is an error with a message. */
    async updateLocation(
      actor: TTrackingActor,
      kind: TTrackedItemKind,
      input: {
        itemId: string;
        epcCode: string;
        departmentId: string;
        stationId: string;
        readerId?: string | null;
        antennaNumber?: number | null;
        timestamp?: string;
      },
    ): Promise<TLocationUpdateResult> {
      assertAllowed(actor, TRACKING_ACCESS[kind].move);
      const outcome = await applyMove({
        kind,
        itemId: input.itemId,
        epc: input.epcCode,
        departmentId: input.departmentId,
        stationId: input.stationId,
        readerId: input.readerId ?? null,
        antenna: input.antennaNumber ?? null,
        at: input.timestamp === undefined ? clock() : new Date(input.timestamp),
        actorId: actor.id,
      });
      switch (outcome.result) {
        case 'moved':
          return {
            locationChanged: true,
            outcome: 'moved',
            returnedFromOffsite: outcome.returnedFromOffsite,
          };
        case 'seen':
          return {
            locationChanged: false,
            outcome: 'seen',
            returnedFromOffsite: outcome.returnedFromOffsite,
          };
        case 'stale':
        case 'duplicate':
          return { locationChanged: false, outcome: 'stale', returnedFromOffsite: false };
        case 'unknown-item':
          throw await notTracked(kind, input.itemId);
        case 'epc-mismatch':
          throw new AppError(
            'CONFLICT',
            `EPC ${input.epcCode} is not the tag of ${kind} ${outcome.item.number}, which carries ${outcome.trackedEpc}.`,
          );
        case 'invalid-location':
          switch (outcome.reason) {
            case 'department-not-found':
              throw new AppError('NOT_FOUND', `Department ${input.departmentId} does not exist.`);
            case 'station-not-found':
              throw new AppError('NOT_FOUND', `Station ${input.stationId} does not exist.`);
            case 'station-not-in-department':
              throw new AppError(
                'VALIDATION_FAILED',
                `Station ${input.stationId} is not a station of department ${input.departmentId}.`,
              );
          }
      }
    },

    /** The items that already carry these tags: a tag-assignment read of one is not offered again. */
    itemsCarrying(epcs: readonly string[]) {
      return createTrackingRepository(db).itemsCarrying(epcs);
    },

    /** GET /stations/{stationId}/items: orders for everyone, repairs for those who see repairs. */
    async itemsAtStation(actor: TActor, stationId: string): Promise<TStationItem[]> {
      const repo = createTrackingRepository(db);
      if ((await repo.findStation(stationId)) === undefined) {
        throw new AppError('NOT_FOUND', `Station ${stationId} does not exist.`);
      }
      const kinds: TTrackedItemKind[] = isAllowed(actor, TRACKING_ACCESS.repair.read)
        ? ['order', 'repair']
        : ['order'];
      const rows = await repo.listAtStation(stationId, kinds);
      return rows.map((row) => ({
        kind: ZTrackedItemKindSchema.parse(row.itemKind),
        id: row.itemId,
        number: row.number,
        customerName: row.customerName,
        epc: row.epc,
        status: trackingStatusOf(row.status),
        arrivedAt: row.arrivedAt?.toISOString() ?? null,
        lastSeen: row.lastSeenAt?.toISOString() ?? null,
      }));
    },

    /**
     * POST /stations/{stationId}/scans: a keyboard-wedge scan at a station moves whichever tracked item
     * carries the tag there, as a reader's read would. A tag nothing carries is answered, not refused, so the
     * scanning jeweler sees it in the scan log (spec §4: a scan matching nothing is only logged).
     */
    async scanAtStation(
      actor: TTrackingActor,
      stationId: string,
      scan: { epc: string; scannedAt?: string | undefined },
    ): Promise<TStationScanResult> {
      const { epc } = scan;
      const stationGone = () => new AppError('NOT_FOUND', `Station ${stationId} does not exist.`);
      const station = await createTrackingRepository(db).findStation(stationId);
      if (station === undefined) throw stationGone();
      const { ingestStationScan } = options;
      if (ingestStationScan === undefined) throw new Error('tracking: no read pipeline for station scans');
      let outcome = await ingestStationScan({
        epc,
        place: { departmentId: station.departmentId, stationId },
        // A scan sent again later keeps its time, so a read made in between still wins (the stale rule).
        at: scan.scannedAt === undefined ? clock() : new Date(scan.scannedAt),
        actorId: actor.id,
      });
      if (outcome?.result === 'duplicate') {
        // This very scan was applied before (sent again after a restart emptied the dedupe memory): it
        // changes nothing now, and the item carrying the tag is where that scan, or a later read, put it.
        const repo = createTrackingRepository(db);
        const tracked = await repo.findTrackedByEpc(epc);
        const item = tracked && (await repo.findItem(itemKindOf(tracked), tracked.itemId));
        outcome =
          item === undefined
            ? null
            : tracked?.currentStationId === stationId
              ? { result: 'seen', item, returnedFromOffsite: false }
              : { result: 'stale', item };
      }
      if (outcome?.result === 'invalid-location') throw stationGone();
      if (outcome === null || !('item' in outcome) || outcome.result === 'epc-mismatch') {
        // Found by its EPC, an item cannot carry another one: this is a tag no tracked item carries.
        return {
          outcome: 'unknown-tag',
          epc,
          item: null,
          returnedFromOffsite: false,
          message: `No tracked order or repair carries tag ${epc}.`,
        };
      }
      const { item } = outcome;
      const visible = item.kind === 'order' || isAllowed(actor, TRACKING_ACCESS.repair.read);
      const name = visible ? item.number : 'A repair';
      const returnedFromOffsite = outcome.result !== 'stale' && outcome.returnedFromOffsite;
      const messages = {
        moved: `${name} moved to ${station.name}.`,
        seen: `${name} is already at ${station.name}.`,
        stale: `${name} was scanned elsewhere more recently: not moved.`,
      } as const;
      return {
        outcome: outcome.result,
        epc,
        item: visible ? { kind: item.kind, id: item.id, number: item.number } : null,
        returnedFromOffsite,
        message: returnedFromOffsite
          ? `${messages[outcome.result]} Back from offsite.`
          : messages[outcome.result],
      };
    },

    /**
     * POST /tracking/assign-epc and /tracking/repairs/assign-epc: the tag goes on this item. An item that
     * held it loses it first (spec §4); an item already tracked keeps its location with the new tag.
     */
    async assignEpc(
      actor: TTrackingActor,
      kind: TTrackedItemKind,
      itemId: string,
      epc: string,
      options: { readonly expectedNumber?: string | undefined } = {},
    ) {
      assertAllowed(actor, TRACKING_ACCESS[kind].track);
      const now = clock();
      try {
        await inTransaction(async (repo, pending) => {
          const item = await requireItem(repo, kind, itemId);
          // A number sent with the id must be the item's: a mismatch is a mix-up at the desk, not a detail.
          if (options.expectedNumber !== undefined && options.expectedNumber.trim() !== item.number) {
            const field = kind === 'order' ? 'body.orderNumber' : 'body.repairNumber';
            const message = `${options.expectedNumber.trim()} is not the number of this ${kind}: it is ${item.number}.`;
            throw new AppError('VALIDATION_FAILED', message, { details: { issues: [{ field, message }] } });
          }
          await repo.lockTracked([epc], [{ kind, id: itemId }]);
          const current = await repo.findTracked(kind, itemId);
          if (current?.epc === epc) return;
          const holder = await repo.findTrackedByEpc(epc);
          if (holder !== undefined) {
            const holderKind = itemKindOf(holder);
            await repo.deleteTracked(holderKind, holder.itemId);
            await repo.recordChange({
              kind: holderKind,
              itemId: holder.itemId,
              at: now,
              actorId: actor.id,
              action: 'tracking-stopped',
              changes: { epc: { from: epc, to: null }, epcReassignedTo: { from: null, to: item.number } },
            });
            const holderItem = await repo.findItem(holderKind, holder.itemId);
            if (holderItem !== undefined) announceItemChanged(pending, holderItem, now);
          }
          if (current === undefined) {
            await repo.insertTracked({
              itemKind: kind,
              itemId,
              epc,
              status: 'active',
              startedAt: now,
              startedBy: actor.id,
            });
          } else {
            await repo.updateTracked(kind, itemId, {
              epc,
              status: 'active',
              offsiteDetectedAt: null,
              offsiteReturnedAt: null,
            });
          }
          await repo.recordChange({
            kind,
            itemId,
            at: now,
            actorId: actor.id,
            action: 'epc-assigned',
            changes: { epc: { from: current?.epc ?? null, to: epc } },
          });
          if (kind === 'order') {
            queue(
              pending,
              'order:tracking:started',
              { orderId: item.id, orderNumber: item.number, epc, timestamp: now.toISOString() },
              [itemRoom(item)],
            );
          } else {
            announceItemChanged(pending, item, now);
          }
        });
      } catch (error) {
        // Two people tagging with the same EPC at the same moment: the database keeps one.
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', `EPC ${epc} was just assigned to another item. Try again.`, {
            cause: error,
          });
        }
        throw error;
      }
    },

    /** DELETE /tracking/{orders|repairs}/{id}: the tag comes off; the location history stays. */
    async stopTracking(actor: TTrackingActor, kind: TTrackedItemKind, itemId: string): Promise<TItemRef> {
      assertAllowed(actor, TRACKING_ACCESS[kind].track);
      const now = clock();
      return inTransaction(async (repo, pending) => {
        const item = await requireItem(repo, kind, itemId);
        const removed = await repo.deleteTracked(kind, itemId);
        if (removed === undefined) {
          throw new AppError('NOT_FOUND', `${LABEL[kind]} ${item.number} is not being tracked.`);
        }
        await repo.recordChange({
          kind,
          itemId,
          at: now,
          actorId: actor.id,
          action: 'tracking-stopped',
          changes: { epc: { from: removed.epc, to: null } },
        });
        announceItemChanged(pending, item, now);
        return item;
      });
    },

    /**
     * A job delivered or cancelled gives its tag back, in the transaction that finished it: the envelope is
     * emptied and reused, so its reads must not move a finished job, the sweep must not call it offsite, and
     * the tracking counts hold open jobs only (issue 32). The location history stays with the job.
     */
    async releaseTagOfFinished(
      tx: TDatabase,
      finished: { kind: TTrackedItemKind; itemId: string; at: Date; actorId: string | null },
    ): Promise<void> {
      const repo = createTrackingRepository(tx);
      const removed = await repo.deleteTracked(finished.kind, finished.itemId);
      if (removed === undefined) return;
      await repo.recordChange({
        kind: finished.kind,
        itemId: finished.itemId,
        at: finished.at,
        actorId: finished.actorId,
        action: 'tracking-stopped',
        changes: { epc: { from: removed.epc, to: null }, reason: { from: null, to: 'Finished' } },
      });
    },

    /** POST …/expected-offsite: a longer grace period before the sweep calls it offsite (spec §4). */
    async setExpectedOffsite(
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
    },

    /** POST …/return: offsite → returned, allowed only from offsite (spec §4). */
    async returnFromOffsite(actor: TTrackingActor, kind: TTrackedItemKind, itemId: string): Promise<void> {
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
    },

    /** GET /tracking/orders: every tracked order in the backend shape of spec §3. */
    async listOrders(): Promise<TTrackedOrderResponse[]> {
      const repo = createTrackingRepository(db);
      const views = await repo.listViews('order');
      const history = await repo.historyOf(
        'order',
        views.map((view) => view.itemId),
      );
      return views.map((view) => trackedOrderResponseOf(view, history.get(view.itemId) ?? []));
    },

    getOrder: orderResponse,

    /**
     * GET /tracking/{orders|repairs}/{id}/location-history: where the job has been, newest first, whether
     * or not it still carries a tag. The history belongs to the job (issue 11 §2), so it outlives its tag.
     */
    async locationHistory(actor: TActor, kind: TTrackedItemKind, itemId: string) {
      assertAllowed(actor, TRACKING_ACCESS[kind].read);
      const repo = createTrackingRepository(db);
      await requireItem(repo, kind, itemId);
      const [tracked, history] = await Promise.all([
        repo.findTracked(kind, itemId),
        repo.historyOf(kind, [itemId]),
      ]);
      return {
        isTracked: tracked !== undefined,
        locationHistory: (history.get(itemId) ?? []).map(historyEntryOf),
      };
    },

    async listRepairs(actor: TActor): Promise<TTrackedRepair[]> {
      assertAllowed(actor, TRACKING_ACCESS.repair.read);
      const repo = createTrackingRepository(db);
      const views = await repo.listViews('repair');
      const history = await repo.historyOf(
        'repair',
        views.map((view) => view.itemId),
      );
      return views.map((view) => trackedRepairOf(view, history.get(view.itemId) ?? []));
    },

    async getRepair(actor: TActor, repairId: string): Promise<TTrackedRepair> {
      assertAllowed(actor, TRACKING_ACCESS.repair.read);
      return repairResponse(repairId);
    },

    /**
     * GET /tracking/stats (spec §7, §9). Repairs are counted only for those who see repairs (issue 20 §5):
     * for anyone else the repair figures are left out and the total and department counts are of orders.
     */
    async stats(actor: TActor): Promise<TTrackingStats> {
      const repo = createTrackingRepository(db);
      const withRepairs = isAllowed(actor, TRACKING_ACCESS.repair.read);
      const kinds: TTrackedItemKind[] = withRepairs ? ['order', 'repair'] : ['order'];
      const counts = { activeOrders: 0, offsiteOrders: 0, returnedOrders: 0 };
      const repairCounts = { activeRepairs: 0, offsiteRepairs: 0, returnedRepairs: 0 };
      let totalTracked = 0;
      for (const row of await repo.countByKindAndStatus(kinds)) {
        totalTracked += row.total;
        const status = trackingStatusOf(row.status);
        switch (ZTrackedItemKindSchema.parse(row.kind)) {
          case 'order':
            counts[`${status}Orders`] += row.total;
            break;
          case 'repair':
            repairCounts[`${status}Repairs`] += row.total;
            break;
        }
      }
      const departmentCounts: Record<string, number> = {};
      for (const row of await repo.countByDepartment(kinds)) departmentCounts[row.name] = row.total;
      return { totalTracked, ...counts, ...(withRepairs ? repairCounts : {}), departmentCounts };
    },

    /** GET /tracking/offsite: what is out of the building now, newest detection first. */
    async offsiteItems(actor: TActor): Promise<TOffsiteItem[]> {
      assertAllowed(actor, OFFSITE_LIST_ACCESS);
      const rows = await createTrackingRepository(db).listOffsite();
      return rows.map(offsiteItemOf);
    },

    /**
     * One offsite sweep (spec §4): active items unseen for longer than offsiteTimeout, or
     * expectedOffsiteGracePeriod when flagged, become offsite at `now`.
     */
    async detectOffsite(now: Date): Promise<TOffsiteDetected[]> {
      const settings = await options.offsiteSettings();
      const shortest = Math.min(settings.offsiteTimeout, settings.expectedOffsiteGracePeriod);
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
        for (const { row, lastSeen } of detectOffsite(candidates, settings, now).marked) {
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
    },
  };
}

export type TTrackingService = ReturnType<typeof createTrackingService>;
