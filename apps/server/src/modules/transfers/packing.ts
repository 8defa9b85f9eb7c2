import { isAllowed } from '@loupe/domain/auth/permissions';
import { AppError } from '@loupe/domain/errors/errors';
import { expectedOnOf, transitDaysBetween } from '@loupe/domain/transfers/transfer-rules';
import {
  type TCreateTransferInput,
  TRANSFER_ACCESS,
  TRANSFER_MESSAGES,
  type TSendTransferInput,
  type TTransferDetail,
  type TTransferItemRef,
} from '@loupe/domain/transfers/transfers';
import { forbidden } from '../../lib/service-errors.ts';
import {
  bagItem,
  itemNotFound,
  key,
  notFound,
  refOf,
  settingsOf,
  type TActorWithId,
  type TTransfersContext,
} from './context.ts';
import type { TJobRef } from './repository.ts';

/** Packing a bag by hand, sending it, and cancelling one still being packed. */
export function createPackingUseCases(context: TTransfersContext) {
  const { repository, clock, today, mustPack, announce, changeBag, detailOf, checkPackable, packingOrFail } =
    context;

  return {
    async create(actor: TActorWithId, input: TCreateTransferInput): Promise<TTransferDetail> {
      mustPack(actor);
      if (input.fromLocationId === input.toLocationId)
        throw new AppError('TRANSFER_SAME_LOCATION', TRANSFER_MESSAGES.sameLocation);
      const id = await repository.withTransaction(async (repo) => {
        for (const [field, locationId] of [
          ['fromLocationId', input.fromLocationId],
          ['toLocationId', input.toLocationId],
        ] as const) {
          if (!(await repo.location(locationId)))
            throw new AppError('NOT_FOUND', `There is no location ${locationId}.`, { details: { field } });
        }
        const refs = input.items.map(refOf);
        const jobs = await checkPackable(repo, refs, null);
        const at = clock();
        const row = await context.newBag(repo, {
          from: input.fromLocationId,
          to: input.toLocationId,
          bagLabel: input.bagLabel,
          by: actor.id,
          at,
        });
        await repo.insertItems(
          refs.map((ref) => bagItem(row.id, ref, jobs.get(key(ref.kind, ref.id))?.epc, 'expected', at)),
        );
        return row.id;
      });
      await announce([id]);
      return detailOf(repository, id);
    },

    async addItem(actor: TActorWithId, id: string, input: TTransferItemRef): Promise<TTransferDetail> {
      mustPack(actor);
      return changeBag(id, async (repo) => {
        await packingOrFail(repo, id);
        const ref = refOf(input);
        const jobs = await checkPackable(repo, [ref], id);
        const at = clock();
        await repo.insertItems([bagItem(id, ref, jobs.get(key(ref.kind, ref.id))?.epc, 'expected', at)]);
        await repo.updateTransfer(id, { updatedAt: at });
      });
    },

    async removeItem(actor: TActorWithId, id: string, ref: TJobRef): Promise<TTransferDetail> {
      mustPack(actor);
      return changeBag(id, async (repo) => {
        await packingOrFail(repo, id);
        if (!(await repo.deleteItem(id, ref))) throw itemNotFound('This envelope is not in the bag.');
        await repo.updateTransfer(id, { updatedAt: clock() });
      });
    },

    async send(actor: TActorWithId, id: string, input: TSendTransferInput): Promise<TTransferDetail> {
      mustPack(actor);
      // Read before the transaction: PGlite has one connection, and the settings are read outside it.
      const sentOn = await today();
      return changeBag(id, async (repo) => {
        const row = await packingOrFail(repo, id);
        if ((await repo.itemsOf([id])).length === 0)
          throw new AppError('TRANSFER_EMPTY', TRANSFER_MESSAGES.empty);
        const [from, to] = [await repo.location(row.fromLocationId), await repo.location(row.toLocationId)];
        if (!from || !to) throw notFound();
        if (to.kind === 'vendor' && input.expectedBackOn === undefined)
          throw new AppError('TRANSFER_VENDOR_DATE_REQUIRED', TRANSFER_MESSAGES.vendorNeedsDate, {
            details: { issues: [{ field: 'expectedBackOn', message: TRANSFER_MESSAGES.vendorNeedsDate }] },
          });
        const at = clock();
        const expectedOn = expectedOnOf({
          sentOn,
          toKind: to.kind,
          transitDays: transitDaysBetween(
            { kind: from.kind, settings: settingsOf(from) },
            { kind: to.kind, settings: settingsOf(to) },
          ),
          expectedBackOn: input.expectedBackOn,
        });
        await repo.updateTransfer(id, {
          status: 'in_transit',
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          ...(input.bagLabel === undefined ? {} : { bagLabel: input.bagLabel }),
          expectedOn,
          sentAt: at,
          sentBy: actor.id,
          updatedAt: at,
        });
      });
    },

    async cancel(actor: TActorWithId, id: string): Promise<TTransferDetail> {
      if (!isAllowed(actor, TRANSFER_ACCESS.cancel))
        throw forbidden('Only admins and managers cancel a bag.');
      return changeBag(id, async (repo) => {
        await packingOrFail(repo, id);
        await repo.updateTransfer(id, { status: 'cancelled', updatedAt: clock() });
      });
    },
  };
}
