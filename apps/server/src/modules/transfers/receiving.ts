import { closeOutcome } from '@loupe/domain/transfers/transfer-rules';
import {
  TRANSFER_MESSAGES,
  type TReceiveTransferInput,
  type TTransferDetail,
  type TTransferItemState,
} from '@loupe/domain/transfers/transfers';
import { bagItem, itemNotFound, key, refOf, type TActorWithId, type TTransfersContext } from './context.ts';
import type { TJobRef, TTransferItemRow } from './repository.ts';

/** Receiving a bag by scans at its receiving end, and closing it (short when pieces are missing). */
export function createReceivingUseCases(context: TTransfersContext) {
  const { repository, clock, mustPack, announce, changeBag, detailOf, inTransitOrFail, raise } = context;

  return {
    /** A scan at the receiving end: the piece arrived; one not on the manifest is an extra. */
    async receive(actor: TActorWithId, id: string, input: TReceiveTransferInput): Promise<TTransferDetail> {
      mustPack(actor);
      return changeBag(id, async (repo) => {
        await inTransitOrFail(repo, id);
        const ref =
          'epc' in input
            ? await repo.trackedByEpc(input.epc)
            : (await repo.jobs([refOf(input)])).has(key(input.itemKind, input.itemId))
              ? refOf(input)
              : undefined;
        if (ref === undefined) throw itemNotFound('No envelope carries this tag.');
        const at = clock();
        const item = (await repo.itemsOf([id])).find(
          (candidate) => candidate.itemKind === ref.kind && candidate.itemId === ref.id,
        );
        if (item === undefined) {
          const jobs = await repo.jobs([ref]);
          await repo.insertItems([bagItem(id, ref, jobs.get(key(ref.kind, ref.id))?.epc, 'extra', at)]);
          await context.completeIfAllArrived(repo, id, at, actor.id);
        } else if (item.state === 'expected') {
          await context.receiveItem(repo, id, ref, at, actor.id);
        }
      });
    },

    /** Closing: received when all arrived, else received short with what is missing (an alert each). */
    async close(actor: TActorWithId, id: string): Promise<TTransferDetail> {
      mustPack(actor);
      const missing = await repository.withTransaction(async (repo) => {
        const row = await inTransitOrFail(repo, id);
        const items = await repo.itemsOf([id]);
        const outcome = closeOutcome(items.map((item) => item.state as TTransferItemState));
        const marked = outcome.missing > 0 ? await repo.markExpectedMissing(id) : [];
        const at = clock();
        await repo.updateTransfer(id, {
          status: outcome.status,
          receivedAt: at,
          receivedBy: actor.id,
          updatedAt: at,
        });
        return { row, marked };
      });
      await announce([id]);
      const detail = await detailOf(repository, id);
      if (missing.marked.length > 0) {
        const numbers = new Map(
          detail.items.map((item) => [key(item.itemKind, item.itemId), item.itemNumber]),
        );
        await raise(
          missing.marked.map((item: TTransferItemRow) => {
            const label = numbers.get(key(item.itemKind, item.itemId)) ?? item.itemId;
            return {
              rule: 'transfer-short' as const,
              causeKey: `transfer-short:${id}:${item.itemKind}:${item.itemId}`,
              title: `${label} missing from bag ${detail.number}`,
              message: `${TRANSFER_MESSAGES.short(missing.marked.length)} Bag ${detail.number} from ${detail.fromLocationName} to ${detail.toLocationName} arrived without ${label}.`,
              subject: { kind: item.itemKind as TJobRef['kind'], id: item.itemId, label },
            };
          }),
          { transferId: id },
        );
      }
      return detail;
    },
  };
}
