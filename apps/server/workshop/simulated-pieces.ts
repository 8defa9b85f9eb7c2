import type { LoupeClient } from './loupe-client.ts';
import { randomInt, type TRandom } from './random.ts';
import type { TWorkshop } from './seed-workshop.ts';
import { DISPATCH, type TItemKind, type TStationKey } from './workshop-plan.ts';

/** The simulator's tagged pieces: where each stands, since when, and whether it is out of the building. */

export type TSimItem = {
  readonly kind: TItemKind;
  /** The order or repair the tag is on; a finished piece's tag moves to a new one. */
  id: string;
  number: string;
  readonly epc: string;
  /** Its business status when known (with credentials), kept in step with where it stands. */
  status: string | null;
  at: TStationKey | null;
  arrivedAt: number;
  /** Out of the building (at a vendor, or just gone) until then; null while here. */
  awayUntil: number | null;
  /** In the safe for a running closing count until then (read at the safe's antenna); null otherwise. */
  inSafeUntil: number | null;
  flaggedExpected: boolean;
};

/** Where Loupe says a piece is: GET /tracking/orders gives the backend shape, /tracking/repairs spec §3's. */
type TPosition = { stationId: string | null; status: string; lastSeen: string | null };
type TTrackedOrderAnswer = {
  orderId: string;
  currentStationId: string | null;
  status: string;
  lastSeenAt: string | null;
};
type TTrackedRepairAnswer = {
  repairId: string;
  currentLocation: { stationId: string } | null;
  status: string;
  lastSeen: string | null;
};

const MINUTE = 60_000;

/** Every tagged piece of the workshop, taken to be at intake until Loupe says otherwise. */
export function simItems(workshop: TWorkshop, now: number): TSimItem[] {
  return workshop.items.map((item) => ({
    ...item,
    status: null,
    at: null,
    arrivedAt: now,
    awayUntil: null,
    inSafeUntil: null,
    flaggedExpected: false,
  }));
}

/** Start from where Loupe says each piece is; pieces unseen for a while are out, and come back later. */
export async function syncPositions(
  client: LoupeClient,
  items: readonly TSimItem[],
  context: { workshop: TWorkshop; clock: () => Date; random: TRandom },
): Promise<void> {
  const { clock, random } = context;
  // Station ids → plan keys ("Department/Station").
  const keyOfStation = new Map<string, TStationKey>();
  for (const department of context.workshop.departments) {
    for (const station of department.stations)
      keyOfStation.set(station.id, `${department.name}/${station.name}`);
  }
  const [orders, repairs, general] = await Promise.all([
    client.data<TTrackedOrderAnswer[]>('GET', '/tracking/orders'),
    client.data<TTrackedRepairAnswer[]>('GET', '/tracking/repairs'),
    client.data<{ offsiteCheckInterval: number }>('GET', '/settings/workshop-defaults'),
  ]);
  const byId = new Map<string, TPosition>();
  for (const order of orders) {
    byId.set(order.orderId, {
      stationId: order.currentStationId,
      status: order.status,
      lastSeen: order.lastSeenAt,
    });
  }
  for (const repair of repairs) {
    const stationId = repair.currentLocation?.stationId ?? null;
    byId.set(repair.repairId, { stationId, status: repair.status, lastSeen: repair.lastSeen });
  }
  type TStatusPage = { items: { id: string; status: string }[] };
  const [orderPage, repairPage] = await Promise.all([
    client.data<TStatusPage>('GET', '/orders?tracked=true&limit=200'),
    client.data<TStatusPage>('GET', '/repairs?tracked=true&limit=200'),
  ]);
  const statusOf = new Map([...orderPage.items, ...repairPage.items].map((row) => [row.id, row.status]));
  const now = clock().getTime();
  for (const item of items) {
    item.status = statusOf.get(item.id) ?? null;
    const tracked = byId.get(item.id);
    if (tracked === undefined) continue;
    item.at = tracked.stationId === null ? null : (keyOfStation.get(tracked.stationId) ?? null);
    const lastSeen = Date.parse(tracked.lastSeen ?? '');
    if (tracked.status === 'offsite' || (!Number.isNaN(lastSeen) && now - lastSeen > 15 * MINUTE)) {
      // Back once the offsite sweep has had time to notice: it runs every offsiteCheckInterval (one minute
      // in the demo) and checks its settings every minute, so a sweep has run by then.
      const sweptBy = general.offsiteCheckInterval + 1;
      item.awayUntil = now + randomInt(random, sweptBy, sweptBy + 2) * MINUTE;
      item.flaggedExpected = item.at === DISPATCH;
    }
  }
}
