import { tvStationRoom } from '@loupe/domain/realtime/events';
import { durationMinutes } from '@loupe/domain/tracking/location-history';
import { planLocationMove } from '@loupe/domain/tracking/location-move';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TClosedVisit } from '../analytics/facts-repository.ts';
import { departmentRoom, itemRoom, type TAnnouncer, type TPending } from './announcements.ts';
import type {
  TDepartmentRow,
  TItemRef,
  TLocationHistoryInsert,
  TStationRow,
  TTrackedItemRow,
  TTrackingRepository,
} from './repository.ts';
import { itemKindOf, trackingStatusOf } from './views.ts';

/**
 * One read of a tag at a station, from update-location or from the RFID pipeline. An item id (with its
 * kind) names the item and the EPC must be its tag; without one the EPC finds it, of `kind` if given.
 */
export type TLocationMove = {
  readonly epc: string;
  readonly departmentId: string;
  readonly stationId: string;
  readonly readerId?: string | null;
  readonly antenna?: number | null;
  readonly at: Date;
  /** The reader event's identity: applying it a second time changes nothing. */
  readonly readKey?: string | null;
  /** Who reported it (update-location); null for readers. */
  readonly actorId?: string | null;
} & (
  | { readonly kind: TTrackedItemKind; readonly itemId: string }
  | { readonly kind?: TTrackedItemKind; readonly itemId?: undefined }
);

export type TPlace = { readonly departmentId: string; readonly stationId: string };

/** A job a batch moved, for what else follows a move in the same transaction (the workflow's phases). */
export type TJobMoved = {
  readonly kind: TTrackedItemKind;
  readonly itemId: string;
  readonly departmentId: string;
  readonly stationId: string;
  readonly stationName: string;
  readonly at: Date;
};

/**
 * What follows a batch's moves in its transaction (the workflow's phases, analytics' visits), in the order
 * the composition root lists them by name; each may return what to announce once the batch committed.
 */
export type TAfterBatch = {
  readonly name: string;
  readonly run: (
    tx: TDatabase,
    batch: { readonly moved: readonly TJobMoved[]; readonly visits: readonly TClosedVisit[] },
  ) => Promise<readonly (() => void)[] | undefined>;
};

/**
 * What else a batch does in its transaction (the RFID pipeline: record the reads first, count the
 * unplaceable ones last), so that the whole batch commits or fails as one (docs/architecture.md).
 */
export type TBatchSteps = {
  readonly before?: (tx: TDatabase) => Promise<void>;
  readonly after?: (tx: TDatabase, outcomes: readonly TMoveOutcome[]) => Promise<void>;
};

export type TInvalidLocationReason =
  | 'department-not-found'
  | 'station-not-found'
  | 'station-not-in-department';

/** What one read did. Only `moved` changed the location (the update-location answer's locationChanged). */
export type TMoveOutcome =
  | {
      readonly result: 'moved';
      readonly item: TItemRef;
      readonly from: TPlace | null;
      readonly to: TPlace;
      readonly returnedFromOffsite: boolean;
    }
  | { readonly result: 'seen'; readonly item: TItemRef; readonly returnedFromOffsite: boolean }
  /** Older than the item's current arrival: nothing changed. */
  | { readonly result: 'stale'; readonly item: TItemRef }
  /** Its read key was applied before. */
  | { readonly result: 'duplicate' }
  /** No tracked item has this EPC (or this id). */
  | { readonly result: 'unknown-item' }
  | { readonly result: 'epc-mismatch'; readonly item: TItemRef; readonly trackedEpc: string }
  | { readonly result: 'invalid-location'; readonly reason: TInvalidLocationReason };

/** What a batch reads up front and the writes it gathers: items are keyed `kind:id`. */
type TBatch = {
  readonly tracked: Map<string, TTrackedItemRow>;
  readonly trackedByEpc: Map<string, TTrackedItemRow>;
  readonly items: Map<string, TItemRef>;
  readonly departments: Map<string, TDepartmentRow>;
  readonly stations: Map<string, TStationRow>;
  /** Read keys applied before, and those this batch applies (a read delivered twice in one batch). */
  readonly appliedReadKeys: Set<string>;
  readonly history: TLocationHistoryInsert[];
  readonly visits: TClosedVisit[];
  readonly changed: Set<TTrackedItemRow>;
  readonly stationsSeen: Map<string, Date>;
};

const itemKey = (kind: TTrackedItemKind, id: string) => `${kind}:${id}`;

/**
 * Spec §4's location rule applied to the database: one read or a batch of reads in one transaction,
 * idempotent on read keys, announced after commit. Shared by update-location and the RFID pipeline.
 */
export function createLocationMoves(options: {
  readonly clock: TClock;
  readonly announcer: TAnnouncer;
  readonly afterBatch?: readonly TAfterBatch[] | undefined;
}) {
  const { clock, announcer } = options;
  const { inTransaction, queue, announceItemChanged, announceReturned } = announcer;

  /**
   * One read against the batch's rows in memory: the same rule as ever (planLocationMove), its writes
   * gathered in `batch` and made for the whole batch at once, its announcements queued for after commit.
   */
  async function applyOne(
    repo: TTrackingRepository,
    move: TLocationMove,
    pending: TPending,
    batch: TBatch,
  ): Promise<TMoveOutcome> {
    if (move.readKey && batch.appliedReadKeys.has(move.readKey)) return { result: 'duplicate' };
    const tracked =
      move.itemId === undefined
        ? batch.trackedByEpc.get(move.epc)
        : batch.tracked.get(itemKey(move.kind, move.itemId));
    if (tracked === undefined || (move.kind !== undefined && tracked.itemKind !== move.kind)) {
      return { result: 'unknown-item' };
    }
    const kind = itemKindOf(tracked);
    const item = batch.items.get(itemKey(kind, tracked.itemId));
    if (item === undefined) return { result: 'unknown-item' };
    // Spec §4: matching is exact; a different tag on the envelope is a mix-up for staff to sort out.
    if (tracked.epc !== move.epc) return { result: 'epc-mismatch', item, trackedEpc: tracked.epc };

    const department = batch.departments.get(move.departmentId);
    if (department === undefined) return { result: 'invalid-location', reason: 'department-not-found' };
    const station = batch.stations.get(move.stationId);
    if (station === undefined) return { result: 'invalid-location', reason: 'station-not-found' };
    if (station.departmentId !== department.id) {
      return { result: 'invalid-location', reason: 'station-not-in-department' };
    }

    const plan = planLocationMove(
      {
        status: trackingStatusOf(tracked.status),
        departmentId: tracked.currentDepartmentId,
        stationId: tracked.currentStationId,
        arrivedAt: tracked.arrivedAt,
        lastSeen: tracked.lastSeenAt,
      },
      { departmentId: department.id, stationId: station.id, at: move.at },
    );
    if (plan.kind === 'stale') return { result: 'stale', item };

    const returned = plan.returnsFromOffsite
      ? ({ status: 'returned', offsiteReturnedAt: move.at } as const)
      : undefined;
    // Back in the workshop and seen again: tracked as any other piece, the return kept in its history.
    const resumed = plan.resumesActive ? ({ status: 'active' } as const) : undefined;
    const rooms = [itemRoom(item)];
    const from =
      tracked.currentDepartmentId !== null && tracked.currentStationId !== null
        ? { departmentId: tracked.currentDepartmentId, stationId: tracked.currentStationId }
        : null;

    if (plan.kind === 'moved') {
      if (from !== null && tracked.arrivedAt !== null) {
        // The visit this move ends, for analytics; offsite time counts from when the sweep noticed it.
        const offsiteSince = tracked.status === 'offsite' ? tracked.offsiteDetectedAt : null;
        batch.visits.push({
          itemKind: kind,
          itemId: item.id,
          stationId: from.stationId,
          departmentId: from.departmentId,
          arrivedAt: tracked.arrivedAt,
          leftAt: plan.arrivedAt,
          minutes: plan.durationMinutes,
          offsiteMinutes:
            offsiteSince === null
              ? 0
              : Math.min(plan.durationMinutes, Math.max(0, durationMinutes(offsiteSince, plan.arrivedAt))),
        });
      }
      batch.history.push({
        itemKind: kind,
        itemId: item.id,
        epc: tracked.epc,
        departmentId: department.id,
        departmentName: department.name,
        departmentGradient: department.gradient,
        stationId: station.id,
        stationName: station.name,
        readerId: move.readerId ?? null,
        antenna: move.antenna ?? null,
        arrivedAt: plan.arrivedAt,
        durationMinutes: plan.durationMinutes,
        readKey: move.readKey ?? null,
      });
      if (move.readKey) batch.appliedReadKeys.add(move.readKey);
      Object.assign(tracked, {
        currentDepartmentId: department.id,
        currentStationId: station.id,
        currentReaderId: move.readerId ?? null,
        currentAntenna: move.antenna ?? null,
        arrivedAt: plan.arrivedAt,
        lastSeenAt: plan.lastSeen,
        ...returned,
        ...resumed,
      });
    } else {
      Object.assign(tracked, { lastSeenAt: plan.lastSeen, ...returned, ...resumed });
    }
    batch.changed.add(tracked);
    const seen = batch.stationsSeen.get(station.id);
    if (seen === undefined || seen.getTime() < move.at.getTime()) batch.stationsSeen.set(station.id, move.at);

    if (returned) {
      await repo.recordChange({
        kind,
        itemId: item.id,
        at: move.at,
        actorId: move.actorId ?? null,
        action: 'returned-from-offsite',
        changes: { status: { from: 'offsite', to: 'returned' } },
      });
      announceReturned(pending, item, tracked.epc, move.at, rooms);
    }

    if (plan.kind === 'seen') {
      if (returned && kind === 'repair') announceItemChanged(pending, item, move.at);
      return { result: 'seen', item, returnedFromOffsite: returned !== undefined };
    }

    const to = { departmentId: department.id, stationId: station.id };
    const moveRooms = [...rooms, departmentRoom(department.id)];
    if (from !== null && from.departmentId !== department.id)
      moveRooms.push(departmentRoom(from.departmentId));
    const timestamp = plan.arrivedAt.toISOString();
    queue(
      pending,
      'tracking:location-update',
      {
        itemType: kind,
        itemId: item.id,
        number: item.number,
        epc: tracked.epc,
        departmentId: department.id,
        departmentName: department.name,
        stationId: station.id,
        stationName: station.name,
        timestamp,
      },
      moveRooms,
    );
    // order:moved (spec §7) and, for repairs, spec §4's "repair moved", with the same fields.
    const moved = {
      epc: tracked.epc,
      fromDepartmentId: from?.departmentId ?? null,
      fromStationId: from?.stationId ?? null,
      departmentId: department.id,
      departmentName: department.name,
      stationId: station.id,
      stationName: station.name,
      timestamp,
    };
    if (kind === 'order') {
      queue(pending, 'order:moved', { orderId: item.id, orderNumber: item.number, ...moved }, moveRooms);
    } else {
      queue(pending, 'repair:moved', { repairId: item.id, repairNumber: item.number, ...moved }, moveRooms);
      announceItemChanged(pending, item, plan.arrivedAt);
    }
    // The station TVs of both ends fetch their screens again (issue 14); they hear nothing else.
    const stationsChanged = new Set([station.id, ...(from === null ? [] : [from.stationId])]);
    for (const stationId of stationsChanged) {
      queue(pending, 'tv:screen-changed', { stationId, timestamp }, [tvStationRoom(stationId)]);
    }
    return { result: 'moved', item, from, to, returnedFromOffsite: returned !== undefined };
  }

  /** Everything a batch reads, in a few statements: its tracked rows (locked), items, places, applied keys. */
  async function loadBatch(repo: TTrackingRepository, moves: readonly TLocationMove[]): Promise<TBatch> {
    const rows = await repo.lockTracked(
      moves.map((move) => move.epc),
      moves.flatMap((move) => (move.itemId === undefined ? [] : [{ kind: move.kind, id: move.itemId }])),
    );
    const idsOf = (kind: TTrackedItemKind) =>
      rows.filter((row) => row.itemKind === kind).map((row) => row.itemId);
    // One after another: a transaction's connection serves one statement at a time, and `pg` deprecates
    // queueing concurrent queries on one client.
    const orders = await repo.findItems('order', idsOf('order'));
    const repairs = await repo.findItems('repair', idsOf('repair'));
    const departments = await repo.findDepartments(moves.map((move) => move.departmentId));
    const stations = await repo.findStations(moves.map((move) => move.stationId));
    const appliedReadKeys = await repo.appliedReadKeys(
      moves.flatMap((move) => (move.readKey ? [move.readKey] : [])),
    );
    const items = new Map<string, TItemRef>();
    for (const item of [...orders.values(), ...repairs.values()])
      items.set(itemKey(item.kind, item.id), item);
    return {
      tracked: new Map(rows.map((row) => [itemKey(itemKindOf(row), row.itemId), row])),
      trackedByEpc: new Map(rows.map((row) => [row.epc, row])),
      items,
      departments,
      stations,
      appliedReadKeys,
      history: [],
      visits: [],
      changed: new Set(),
      stationsSeen: new Map(),
    };
  }

  /**
   * Applies reads in order, in ONE transaction (the RFID pipeline micro-batches), and announces after
   * commit. Set-based: a batch costs a handful of statements however many reads it holds. A read from the
   * future (a reader's clock ahead of ours) counts as now, so it cannot make every later read look stale.
   */
  async function applyMoves(
    moves: readonly TLocationMove[],
    steps: TBatchSteps = {},
  ): Promise<TMoveOutcome[]> {
    if (moves.length === 0 && steps.before === undefined && steps.after === undefined) return [];
    const now = clock();
    const clamped = moves.map((move) => {
      const time = move.at.getTime();
      return Number.isNaN(time) || time > now.getTime() ? { ...move, at: now } : move;
    });
    return inTransaction(async (repo, pending, tx) => {
      await steps.before?.(tx);
      if (clamped.length === 0) {
        await steps.after?.(tx, []);
        return [];
      }
      const batch = await loadBatch(repo, clamped);
      const outcomes: TMoveOutcome[] = [];
      for (const move of clamped) outcomes.push(await applyOne(repo, move, pending, batch));
      await repo.insertHistoryRows(batch.history);
      await repo.updatePositions([...batch.changed]);
      await repo.touchStations(batch.stationsSeen);
      const moved = outcomes.flatMap((outcome, index) =>
        outcome.result === 'moved'
          ? [
              {
                kind: outcome.item.kind,
                itemId: outcome.item.id,
                departmentId: outcome.to.departmentId,
                stationId: outcome.to.stationId,
                stationName: batch.stations.get(outcome.to.stationId)?.name ?? '',
                at: clamped[index]?.at ?? now,
              },
            ]
          : [],
      );
      for (const follower of options.afterBatch ?? []) {
        pending.push(...((await follower.run(tx, { moved, visits: batch.visits })) ?? []));
      }
      await steps.after?.(tx, outcomes);
      return outcomes;
    });
  }

  async function applyMove(move: TLocationMove): Promise<TMoveOutcome> {
    const [outcome] = await applyMoves([move]);
    if (outcome === undefined) throw new Error('applyMoves returned no outcome');
    return outcome;
  }

  return { applyMoves, applyMove };
}
