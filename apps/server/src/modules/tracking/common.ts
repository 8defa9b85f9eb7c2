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
import type { TOffsiteThresholds } from '@loupe/domain/tracking/offsite';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import type { FastifyBaseLogger } from 'fastify';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TAfterBatch, TMoveOutcome } from './location-moves.ts';
import type { TItemRef, TTrackedItemRow, TTrackingRepository } from './repository.ts';

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

export type TTrackingServiceOptions = {
  readonly tracking: TTransactional<TTrackingRepository>;
  readonly clock: TClock;
  readonly events: TEventBus;
  /** The workshop's offsite rules (settings › general), read at every sweep. */
  readonly offsiteSettings: () => Promise<TOffsiteThresholds>;
  /**
   * Issue 39 §3: the stations whose location sets its own offsite timeout (minutes); a piece there is swept
   * after that timeout instead of the workshop's. None when not given.
   */
  readonly offsiteTimeoutsByStation?: (() => Promise<ReadonlyMap<string, number>>) | undefined;
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

export const LABEL: Readonly<Record<TTrackedItemKind, string>> = { order: 'Order', repair: 'Repair' };

export function assertAllowed(actor: TActor, access: TRoleAccess): void {
  if (!isAllowed(actor, access)) throw forbidden();
}

export async function requireItem(repo: TTrackingRepository, kind: TTrackedItemKind, itemId: string) {
  const item = await repo.findItem(kind, itemId);
  if (item === undefined) throw new AppError('NOT_FOUND', `There is no ${kind} ${itemId}.`);
  return item;
}

export async function requireTracked(repo: TTrackingRepository, item: TItemRef): Promise<TTrackedItemRow> {
  const tracked = await repo.findTracked(item.kind, item.id, { forUpdate: true });
  if (tracked === undefined) {
    throw new AppError('NOT_FOUND', `${LABEL[item.kind]} ${item.number} is not being tracked.`);
  }
  return tracked;
}
