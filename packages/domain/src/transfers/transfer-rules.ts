import { DEFAULT_TRANSIT_DAYS, type TLocationSettings } from '../registry/location-settings';
import {
  type TLocationKind,
  TRANSFER_NUMBER_PREFIX,
  type TStationRole,
  type TTransfer,
  type TTransferItemState,
  type TTransferStatus,
} from './transfers';

/**
 * The rules of transfers between locations (issue 39), pure: bag numbers, when a bag should arrive, when it is
 * overdue, how it closes, and what one read of a job at a station does to the bags (planTransferRead).
 */

/** TRF-00001 from the sequence's value. */
export function transferNumber(sequence: number): string {
  return `${TRANSFER_NUMBER_PREFIX}${String(sequence).padStart(5, '0')}`;
}

type TEnd = { readonly kind: TLocationKind; readonly settings: Pick<TLocationSettings, 'transitDays'> };

/**
 * The route's transit days: the store (or vendor) end's transitDays, the workshop's being 0 by nature; a
 * route between two stores takes the longer of the two. Default DEFAULT_TRANSIT_DAYS.
 */
export function transitDaysBetween(from: TEnd, to: TEnd): number {
  const ends = [from, to].filter((end) => end.kind !== 'workshop');
  if (ends.length === 0) return from.settings.transitDays ?? to.settings.transitDays ?? DEFAULT_TRANSIT_DAYS;
  return Math.max(...ends.map((end) => end.settings.transitDays ?? DEFAULT_TRANSIT_DAYS));
}

/** A date plus calendar days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** When a bag sent on `sentOn` should arrive: the vendor's date to send it back, or the send date + transit days. */
export function expectedOnOf(input: {
  readonly sentOn: string;
  readonly toKind: TLocationKind;
  readonly transitDays: number;
  readonly expectedBackOn?: string | undefined;
}): string | null {
  if (input.toKind === 'vendor') return input.expectedBackOn ?? null;
  return addDays(input.sentOn, input.transitDays);
}

/**
 * On its way (or out at a vendor) after the day it was expected; a bag without an expected day never is. The
 * bag's page, the overdue alerts and the transit analytics all ask this.
 */
export function isTransferOverdue(
  transfer: { readonly status: string; readonly expectedOn: string | null },
  today: string,
): boolean {
  return transfer.status === 'in_transit' && transfer.expectedOn !== null && today > transfer.expectedOn;
}

export const OPEN_TRANSFER_STATUSES = ['packing', 'in_transit'] as const satisfies readonly TTransferStatus[];

export function isOpenTransfer(status: TTransferStatus): boolean {
  return (OPEN_TRANSFER_STATUSES as readonly string[]).includes(status);
}

/** How many pieces of a bag are in each state; `expected` counts every piece on the manifest. */
export function transferCounts(states: readonly TTransferItemState[]): TTransfer['counts'] {
  const counts = { expected: 0, received: 0, missing: 0, extra: 0 };
  for (const state of states) {
    if (state === 'extra') counts.extra += 1;
    else {
      counts.expected += 1;
      if (state === 'received') counts.received += 1;
      if (state === 'missing') counts.missing += 1;
    }
  }
  return counts;
}

/** Every piece on the manifest has arrived: the bag is received (by reads, or when closed). */
export function isFullyReceived(states: readonly TTransferItemState[]): boolean {
  return states.every((state) => state !== 'expected' && state !== 'missing');
}

/** Closing a bag on its way: received when nothing is still expected, else received short with those missing. */
export function closeOutcome(states: readonly TTransferItemState[]): {
  readonly status: 'received' | 'received_short';
  readonly missing: number;
} {
  const missing = states.filter((state) => state === 'expected' || state === 'missing').length;
  return { status: missing === 0 ? 'received' : 'received_short', missing };
}

/**
 * Where a job packed at a shipping station goes when no bag is being packed there: from a store, to the
 * workshop; from the workshop, to the job's pickup location (null: it is where it should be, or at a vendor).
 */
export function naturalDestination(input: {
  readonly fromLocationId: string;
  readonly fromKind: TLocationKind;
  readonly workshopLocationId: string;
  readonly pickupLocationId: string;
}): string | null {
  const to =
    input.fromKind === 'store'
      ? input.workshopLocationId
      : input.fromKind === 'workshop'
        ? input.pickupLocationId
        : null;
  return to === null || to === input.fromLocationId ? null : to;
}

/** A bag the job is in, as a read sees it. */
export type TJobBag = {
  readonly transferId: string;
  readonly status: TTransferStatus;
  readonly fromLocationId: string;
  readonly toLocationId: string;
  readonly toKind: TLocationKind;
  readonly state: TTransferItemState;
};

export type TTransferReadInput = {
  /** Where the job was read: the station's role and its location. */
  readonly stationRole: TStationRole;
  readonly locationId: string;
  readonly locationKind: TLocationKind;
  /** Where it was before this move (its previous station's location), if known. */
  readonly lastLocationId: string | null;
  /** The open bags (packing or in transit) the job is in. */
  readonly bags: readonly TJobBag[];
  /** The newest bag being packed at this location, if any. */
  readonly packingHere: { readonly transferId: string } | null;
  /** A bag from the job's last location to this one, on its way, if any. */
  readonly inTransitFromLast: { readonly transferId: string } | null;
  /** Where a new bag from here would go (naturalDestination), or null. */
  readonly naturalDestination: string | null;
};

export type TTransferReadAction =
  /** Seen at the destination (or, out at a vendor, back home): the piece arrived. */
  | { readonly type: 'receive'; readonly transferId: string }
  /** Read at a shipping station: into the bag being packed there… */
  | { readonly type: 'pack'; readonly transferId: string }
  /** …or into a new bag to its natural destination. */
  | { readonly type: 'pack-new'; readonly toLocationId: string }
  /** Read at a receiving station, on no bag to here, while a bag from where it was is on its way: an extra. */
  | { readonly type: 'extra'; readonly transferId: string };

/**
 * What one move of a job to a station does to the bags (issue 39 §2). Idempotent: applied again with the
 * bags it left, it plans nothing new.
 */
export function planTransferRead(input: TTransferReadInput): TTransferReadAction[] {
  const actions: TTransferReadAction[] = [];
  const received = new Set<string>();
  for (const bag of input.bags) {
    if (bag.status !== 'in_transit' || bag.state !== 'expected') continue;
    // A vendor's piece is out until it is read again at one of the workshop's own locations.
    const arrived =
      bag.toKind === 'vendor' ? input.locationKind !== 'vendor' : bag.toLocationId === input.locationId;
    if (arrived) {
      actions.push({ type: 'receive', transferId: bag.transferId });
      received.add(bag.transferId);
    }
  }
  // What the job is still travelling in once this read's arrivals are counted.
  const stillOpen = input.bags.filter(
    (bag) =>
      !received.has(bag.transferId) &&
      (bag.status === 'packing' || (bag.status === 'in_transit' && bag.state === 'expected')),
  );
  if (input.stationRole === 'shipping' && stillOpen.length === 0 && input.locationKind !== 'vendor') {
    if (input.packingHere !== null) actions.push({ type: 'pack', transferId: input.packingHere.transferId });
    else if (input.naturalDestination !== null)
      actions.push({ type: 'pack-new', toLocationId: input.naturalDestination });
  }
  if (
    input.stationRole === 'receiving' &&
    input.inTransitFromLast !== null &&
    input.lastLocationId !== input.locationId &&
    !input.bags.some((bag) => bag.toLocationId === input.locationId && bag.status !== 'packing')
  ) {
    actions.push({ type: 'extra', transferId: input.inTransitFromLast.transferId });
  }
  return actions;
}
