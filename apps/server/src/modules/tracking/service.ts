import { isAllowed } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import type { TTrackedRepair } from '@loupe/domain/tracking/repair-tracking';
import {
  type TLocationUpdateResult,
  type TStationItem,
  type TStationScanResult,
  type TTrackedItemKind,
  type TTrackedOrderResponse,
  type TTrackingStats,
  ZTrackedItemKindSchema,
} from '@loupe/domain/tracking/tracking-api';
import { createAnnouncer } from './announcements.ts';
import {
  assertAllowed,
  LABEL,
  requireItem,
  TRACKING_ACCESS,
  type TTrackingActor,
  type TTrackingServiceOptions,
} from './common.ts';
import { createLocationMoves } from './location-moves.ts';
import { createOffsite } from './offsite.ts';
import { createTags } from './tags.ts';
import {
  historyEntryOf,
  itemKindOf,
  trackedOrderResponseOf,
  trackedRepairOf,
  trackingStatusOf,
} from './views.ts';

// The routes, the assistant and the tests read who may do what, and the actor's shape, from the service.
export { OFFSITE_LIST_ACCESS, TRACKING_ACCESS, type TTrackingActor } from './common.ts';

/**
 * The tracking of orders and repairs (spec §4, §7): tags, location moves, offsite detection and return.
 * Every change runs in one transaction and is announced after it committed.
 */
export function createTrackingService(options: TTrackingServiceOptions) {
  const { tracking, clock } = options;
  const announcer = createAnnouncer({ tracking, events: options.events, logger: options.logger });
  const { applyMove, applyMoves } = createLocationMoves({ clock, announcer, afterBatch: options.afterBatch });

  async function notTracked(kind: TTrackedItemKind, itemId: string): Promise<AppError> {
    const item = await tracking.findItem(kind, itemId);
    return item === undefined
      ? new AppError('NOT_FOUND', `There is no ${kind} ${itemId}.`)
      : new AppError('NOT_FOUND', `${LABEL[kind]} ${item.number} is not being tracked.`);
  }

  async function orderResponse(orderId: string): Promise<TTrackedOrderResponse> {
    const view = await tracking.findView('order', orderId);
    if (view === undefined) throw await notTracked('order', orderId);
    const history = await tracking.historyOf('order', [orderId]);
    return trackedOrderResponseOf(view, history.get(orderId) ?? []);
  }

  async function repairResponse(repairId: string): Promise<TTrackedRepair> {
    const view = await tracking.findView('repair', repairId);
    if (view === undefined) throw await notTracked('repair', repairId);
    const history = await tracking.historyOf('repair', [repairId]);
    return trackedRepairOf(view, history.get(repairId) ?? []);
  }

  return {
    applyMoves,
    applyMove,
    ...createTags(options, announcer),
    ...createOffsite(options, announcer),

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
      return tracking.itemsCarrying(epcs);
    },

    /** GET /stations/{stationId}/items: orders for everyone, repairs for those who see repairs. */
    async itemsAtStation(actor: TActor, stationId: string): Promise<TStationItem[]> {
      if ((await tracking.findStation(stationId)) === undefined) {
        throw new AppError('NOT_FOUND', `Station ${stationId} does not exist.`);
      }
      const kinds: TTrackedItemKind[] = isAllowed(actor, TRACKING_ACCESS.repair.read)
        ? ['order', 'repair']
        : ['order'];
      const rows = await tracking.listAtStation(stationId, kinds);
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
      const station = await tracking.findStation(stationId);
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
        const tracked = await tracking.findTrackedByEpc(epc);
        const item = tracked && (await tracking.findItem(itemKindOf(tracked), tracked.itemId));
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

    /** GET /tracking/orders: every tracked order in the backend shape of spec §3. */
    async listOrders(): Promise<TTrackedOrderResponse[]> {
      const views = await tracking.listViews('order');
      const history = await tracking.historyOf(
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
      await requireItem(tracking, kind, itemId);
      const [tracked, history] = await Promise.all([
        tracking.findTracked(kind, itemId),
        tracking.historyOf(kind, [itemId]),
      ]);
      return {
        isTracked: tracked !== undefined,
        locationHistory: (history.get(itemId) ?? []).map(historyEntryOf),
      };
    },

    async listRepairs(actor: TActor): Promise<TTrackedRepair[]> {
      assertAllowed(actor, TRACKING_ACCESS.repair.read);
      const views = await tracking.listViews('repair');
      const history = await tracking.historyOf(
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
      const withRepairs = isAllowed(actor, TRACKING_ACCESS.repair.read);
      const kinds: TTrackedItemKind[] = withRepairs ? ['order', 'repair'] : ['order'];
      const counts = { activeOrders: 0, offsiteOrders: 0, returnedOrders: 0 };
      const repairCounts = { activeRepairs: 0, offsiteRepairs: 0, returnedRepairs: 0 };
      let totalTracked = 0;
      for (const row of await tracking.countByKindAndStatus(kinds)) {
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
      for (const row of await tracking.countByDepartment(kinds)) departmentCounts[row.name] = row.total;
      return { totalTracked, ...counts, ...(withRepairs ? repairCounts : {}), departmentCounts };
    },
  };
}

export type TTrackingService = ReturnType<typeof createTrackingService>;
