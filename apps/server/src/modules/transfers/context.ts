import type { TAlertCause } from '@loupe/domain/alerts/alerts';
import { isAllowed } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { ZLocationSettingsSchema } from '@loupe/domain/registry/location-settings';
import {
  isFullyReceived,
  isTransferOverdue,
  transferCounts,
  transferNumber,
} from '@loupe/domain/transfers/transfer-rules';
import {
  TRANSFER_ACCESS,
  TRANSFER_MESSAGES,
  type TTransfer,
  type TTransferDetail,
  type TTransferItemRef,
  type TTransferItemState,
  type TTransferStatus,
} from '@loupe/domain/transfers/transfers';
import { wallTime } from '@loupe/domain/workflow/working-calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type {
  TJobInfo,
  TJobRef,
  TLocationInfo,
  TNewTransferItem,
  TTransferRow,
  TTransfersRepository,
  TTransferWithEnds,
} from './repository.ts';

export type TTransfersServiceOptions = {
  readonly transfers: TTransactional<TTransfersRepository>;
  readonly clock: TClock;
  readonly events: TEventBus;
  /** The workshop's time zone: its "today" for expected days, overdue bags and the location's day. */
  readonly timeZone: () => Promise<string>;
  /** The alerts module raises the missing pieces of a short bag and the pieces of an overdue one. */
  readonly raiseAlerts?: ((causes: readonly Omit<TAlertCause, 'severity'>[]) => Promise<number>) | undefined;
  readonly logger?: Pick<FastifyBaseLogger, 'error' | 'info'> | undefined;
};

export type TActorWithId = TActor & { readonly id: string };

export const key = (kind: string, id: string) => `${kind}:${id}`;
export const refOf = (input: TTransferItemRef): TJobRef => ({ kind: input.itemKind, id: input.itemId });

export function notFound(): AppError {
  return new AppError('TRANSFER_NOT_FOUND', 'There is no such transfer.');
}
export function itemNotFound(what = 'There is no such envelope.'): AppError {
  return new AppError('TRANSFER_ITEM_NOT_FOUND', what);
}
function notInTransit(): AppError {
  return new AppError('TRANSFER_NOT_IN_TRANSIT', TRANSFER_MESSAGES.notInTransit);
}
function notPacking(): AppError {
  return new AppError('TRANSFER_NOT_PACKING', TRANSFER_MESSAGES.notPacking);
}

export function settingsOf(location: TLocationInfo) {
  const parsed = ZLocationSettingsSchema.safeParse(location.settings);
  return parsed.success ? parsed.data : {};
}

/** One envelope's row on a bag: expected when packed, extra (and received at once) when it was not on it. */
export function bagItem(
  transferId: string,
  ref: TJobRef,
  epc: string | null | undefined,
  state: 'expected' | 'extra',
  at: Date,
): TNewTransferItem {
  return {
    transferId,
    itemKind: ref.kind,
    itemId: ref.id,
    epc: epc ?? null,
    state,
    addedAt: at,
    ...(state === 'extra' ? { receivedAt: at } : {}),
  };
}

/** What the use cases of transfers share: the bags as the API shows them, announcing, packing and receiving. */
export function createTransfersContext(options: TTransfersServiceOptions) {
  const { transfers: repository, clock, events, logger } = options;

  async function today(): Promise<string> {
    return wallTime(clock(), await options.timeZone()).date;
  }

  function mustPack(actor: TActor): void {
    if (!isAllowed(actor, TRANSFER_ACCESS.pack)) throw forbidden('You may not pack, send or receive bags.');
  }

  /** The bags as the API shows them. */
  async function views(repo: TTransfersRepository, rows: readonly TTransferWithEnds[], day: string) {
    const items = await repo.itemsOf(rows.map((row) => row.transfer.id));
    const names = await repo.personNames(
      rows.flatMap(({ transfer }) => [transfer.createdBy, transfer.sentBy, transfer.receivedBy]),
    );
    const person = (id: string | null) => {
      if (id === null) return null;
      return { id, name: names.get(id) ?? '' };
    };
    return {
      items,
      transfers: rows.map(({ transfer, fromName, toName, toKind }): TTransfer => {
        const states = items
          .filter((item) => item.transferId === transfer.id)
          .map((item) => item.state as TTransferItemState);
        const status = transfer.status as TTransferStatus;
        return {
          id: transfer.id,
          number: transfer.number,
          fromLocationId: transfer.fromLocationId,
          fromLocationName: fromName,
          toLocationId: transfer.toLocationId,
          toLocationName: toName,
          toLocationKind: toKind,
          status,
          carrier: transfer.carrier,
          trackingNumber: transfer.trackingNumber,
          bagLabel: transfer.bagLabel,
          expectedOn: transfer.expectedOn,
          overdue: isTransferOverdue({ status, expectedOn: transfer.expectedOn }, day),
          counts: transferCounts(states),
          createdAt: transfer.createdAt.toISOString(),
          createdBy: person(transfer.createdBy),
          sentAt: transfer.sentAt?.toISOString() ?? null,
          sentBy: person(transfer.sentBy),
          receivedAt: transfer.receivedAt?.toISOString() ?? null,
          receivedBy: person(transfer.receivedBy),
        };
      }),
    };
  }

  async function detailOf(repo: TTransfersRepository, id: string): Promise<TTransferDetail> {
    const [row] = await repo.transfersWithEnds([id]);
    if (row === undefined) throw notFound();
    const { items, transfers } = await views(repo, [row], await today());
    const jobs = await repo.jobs(
      items.map((item) => ({ kind: item.itemKind as TJobRef['kind'], id: item.itemId })),
    );
    const transfer = transfers[0];
    if (transfer === undefined) throw notFound();
    return {
      ...transfer,
      items: items.map((item) => {
        const job = jobs.get(key(item.itemKind, item.itemId));
        return {
          itemKind: item.itemKind as TJobRef['kind'],
          itemId: item.itemId,
          itemNumber: job?.number ?? '',
          customerName: job?.customerName ?? '',
          description: job?.description ?? '',
          epc: item.epc ?? job?.epc ?? null,
          state: item.state as TTransferItemState,
          receivedAt: item.receivedAt?.toISOString() ?? null,
        };
      }),
    };
  }

  /** After commit: each changed bag, once. */
  async function announce(ids: Iterable<string>): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    try {
      const rows = await repository.transfersWithEnds(unique);
      const { transfers } = await views(repository, rows, await today());
      for (const transfer of transfers) events.publish('transfer:changed', { transfer });
    } catch (error) {
      logger?.error({ err: error }, 'transfers: could not announce the changed bags');
    }
  }

  /** A change to one bag in its own transaction; announced after commit and shown as the API does. */
  async function changeBag(id: string, change: (repo: TTransfersRepository) => Promise<void>) {
    await repository.withTransaction(change);
    await announce([id]);
    return detailOf(repository, id);
  }

  /** The envelopes asked for exist and are in no other open bag; with the tag each carries now. */
  async function checkPackable(
    repo: TTransfersRepository,
    refs: readonly TJobRef[],
    transferId: string | null,
  ): Promise<Map<string, TJobInfo>> {
    const jobs = await repo.jobs(refs);
    for (const ref of refs) {
      if (!jobs.has(key(ref.kind, ref.id))) throw itemNotFound(`There is no ${ref.kind} ${ref.id}.`);
    }
    const bags = await repo.openBagsOf(refs);
    refs.forEach((ref, index) => {
      for (const bag of bags[index]?.values() ?? []) {
        if (bag.transferId === transferId) continue;
        if (bag.status === 'in_transit' && bag.state !== 'expected') continue;
        const number = jobs.get(key(ref.kind, ref.id))?.number ?? ref.id;
        throw new AppError('TRANSFER_ITEM_IN_OPEN_BAG', TRANSFER_MESSAGES.alreadyInBag(number, bag.number), {
          details: { transferId: bag.transferId, transferNumber: bag.number },
        });
      }
    });
    return jobs;
  }

  async function packingOrFail(repo: TTransfersRepository, id: string): Promise<TTransferRow> {
    const row = await repo.findTransfer(id, { forUpdate: true });
    if (!row) throw notFound();
    if (row.status !== 'packing') throw notPacking();
    return row;
  }

  async function inTransitOrFail(repo: TTransfersRepository, id: string): Promise<TTransferRow> {
    const row = await repo.findTransfer(id, { forUpdate: true });
    if (!row) throw notFound();
    if (row.status !== 'in_transit') throw notInTransit();
    return row;
  }

  async function newBag(
    repo: TTransfersRepository,
    values: { from: string; to: string; bagLabel?: string | undefined; by: string | null; at: Date },
  ): Promise<TTransferRow> {
    return repo.insertTransfer({
      number: transferNumber(await repo.nextNumber()),
      fromLocationId: values.from,
      toLocationId: values.to,
      status: 'packing',
      bagLabel: values.bagLabel ?? '',
      createdBy: values.by,
      createdAt: values.at,
      updatedAt: values.at,
    });
  }

  /** A piece of an in-transit bag arrived; the bag is received when nothing on it is still expected. */
  async function receiveItem(
    repo: TTransfersRepository,
    transferId: string,
    ref: TJobRef,
    at: Date,
    by: string | null,
  ): Promise<void> {
    await repo.setItemState(transferId, ref, 'received', at);
    await completeIfAllArrived(repo, transferId, at, by);
  }

  async function completeIfAllArrived(
    repo: TTransfersRepository,
    transferId: string,
    at: Date,
    by: string | null,
  ): Promise<void> {
    const states = (await repo.itemsOf([transferId])).map((item) => item.state as TTransferItemState);
    if (isFullyReceived(states)) {
      await repo.updateTransfer(transferId, {
        status: 'received',
        receivedAt: at,
        receivedBy: by,
        updatedAt: at,
      });
    } else {
      await repo.updateTransfer(transferId, { updatedAt: at });
    }
  }

  async function raise(causes: Omit<TAlertCause, 'severity'>[], context: Record<string, unknown>) {
    if (causes.length === 0 || options.raiseAlerts === undefined) return;
    try {
      await options.raiseAlerts(causes);
    } catch (error) {
      logger?.error({ err: error, ...context }, 'transfers: could not raise the alerts');
    }
  }

  return {
    options,
    repository,
    clock,
    today,
    mustPack,
    views,
    detailOf,
    announce,
    changeBag,
    checkPackable,
    packingOrFail,
    inTransitOrFail,
    newBag,
    receiveItem,
    completeIfAllArrived,
    raise,
  };
}

export type TTransfersContext = ReturnType<typeof createTransfersContext>;
