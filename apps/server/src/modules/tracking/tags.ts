import { AppError } from '@loupe/domain/errors/errors';
import type { TTrackedItemKind } from '@loupe/domain/tracking/tracking-api';
import type { TDatabase } from '../../db/client.ts';
import type { TAnnouncer } from './announcements.ts';
import {
  assertAllowed,
  LABEL,
  requireItem,
  TRACKING_ACCESS,
  type TTrackingActor,
  type TTrackingServiceOptions,
} from './common.ts';
import type { TItemRef } from './repository.ts';
import { itemKindOf } from './views.ts';

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Tags: an EPC put on a job, taken off, or given back when the job is finished (spec §4). */
export function createTags(options: TTrackingServiceOptions, announcer: TAnnouncer) {
  const { tracking, clock } = options;
  const { inTransaction, announceItemChanged, announceTracking } = announcer;

  /**
   * POST /tracking/assign-epc and /tracking/repairs/assign-epc: the tag goes on this item. An item that
   * held it loses it first (spec §4); an item already tracked keeps its location with the new tag.
   */
  async function assignEpc(
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
          if (holderItem !== undefined) {
            announceTracking(pending, 'stopped', holderItem, epc, now);
            announceItemChanged(pending, holderItem, now);
          }
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
        if (current !== undefined) announceTracking(pending, 'stopped', item, current.epc, now);
        announceTracking(pending, 'started', item, epc, now);
        if (kind === 'repair') announceItemChanged(pending, item, now);
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
  }

  /** DELETE /tracking/{orders|repairs}/{id}: the tag comes off; the location history stays. */
  async function stopTracking(
    actor: TTrackingActor,
    kind: TTrackedItemKind,
    itemId: string,
  ): Promise<TItemRef> {
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
      announceTracking(pending, 'stopped', item, removed.epc, now);
      announceItemChanged(pending, item, now);
      return item;
    });
  }

  /**
   * A job delivered or cancelled gives its tag back, in the transaction that finished it: the envelope is
   * emptied and reused, so its reads must not move a finished job, the sweep must not call it offsite, and
   * the tracking counts hold open jobs only (issue 32). The location history stays with the job.
   */
  async function releaseTagOfFinished(
    tx: TDatabase,
    finished: { kind: TTrackedItemKind; itemId: string; at: Date; actorId: string | null },
  ): Promise<void> {
    const repo = tracking.within(tx);
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
  }

  return { assignEpc, stopTracking, releaseTagOfFinished };
}
