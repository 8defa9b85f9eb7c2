import type { TAlertCause } from '@loupe/domain/alerts/alerts';
import type { TListPage } from '@loupe/domain/api/list';
import { isAllowed } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { ZLocationSettingsSchema } from '@loupe/domain/registry/location-settings';
import {
  closeOutcome,
  expectedOnOf,
  isFullyReceived,
  isTransferOverdue,
  naturalDestination,
  planTransferRead,
  transferCounts,
  transferNumber,
  transitDaysBetween,
} from '@loupe/domain/transfers/transfer-rules';
import {
  type TCreateTransferInput,
  type TLocationToday,
  TRANSFER_ACCESS,
  TRANSFER_MESSAGES,
  type TReceiveTransferInput,
  type TSendTransferInput,
  type TTransfer,
  type TTransferDetail,
  type TTransferItemRef,
  type TTransferItemState,
  type TTransferListQuery,
  type TTransferStatus,
} from '@loupe/domain/transfers/transfers';
import { startOfWorkshopDay, wallTime } from '@loupe/domain/workflow/working-calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { invalidCursor } from '../../lib/keyset.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TJobMoved } from '../tracking/location-moves.ts';
import type {
  TJobInfo,
  TJobRef,
  TLocationInfo,
  TTransferItemRow,
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

type TActorWithId = TActor & { readonly id: string };

const key = (kind: string, id: string) => `${kind}:${id}`;
const refOf = (input: TTransferItemRef): TJobRef => ({ kind: input.itemKind, id: input.itemId });

function notFound(): AppError {
  return new AppError('TRANSFER_NOT_FOUND', 'There is no such transfer.');
}
function itemNotFound(what = 'There is no such envelope.'): AppError {
  return new AppError('TRANSFER_ITEM_NOT_FOUND', what);
}
function notPacking(): AppError {
  return new AppError('TRANSFER_NOT_PACKING', TRANSFER_MESSAGES.notPacking);
}
function notInTransit(): AppError {
  return new AppError('TRANSFER_NOT_IN_TRANSIT', TRANSFER_MESSAGES.notInTransit);
}

function settingsOf(location: TLocationInfo) {
  const parsed = ZLocationSettingsSchema.safeParse(location.settings);
  return parsed.success ? parsed.data : {};
}

/**
 * Transfers between facilities (issue 39): bags packed at one location (by hand or by a read at its shipping
 * station), sent, and received at another (by reads at any of its stations, or a scan at its receiving
 * station); closed short when pieces are missing. Every change is announced as 'transfer:changed' after commit.
 */
export function createTransfersService(options: TTransfersServiceOptions) {
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
    async list(_actor: TActor, query: TTransferListQuery): Promise<TListPage<TTransfer>> {
      let after: string | undefined;
      if (query.cursor !== undefined && query.cursor !== '') {
        if (!/^[A-Z]+-\d{5,}$/.test(query.cursor)) throw invalidCursor();
        after = query.cursor;
      }
      const { rows, total } = await repository.listTransfers({
        locationId: query.locationId,
        direction: query.direction,
        status: query.status,
        q: query.q,
        after,
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const { transfers } = await views(repository, page, await today());
      const last = page[page.length - 1];
      return {
        items: transfers,
        total,
        nextCursor: rows.length > query.limit && last !== undefined ? last.transfer.number : null,
      };
    },

    async get(_actor: TActor, id: string): Promise<TTransferDetail> {
      return detailOf(repository, id);
    },

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
        const row = await newBag(repo, {
          from: input.fromLocationId,
          to: input.toLocationId,
          bagLabel: input.bagLabel,
          by: actor.id,
          at,
        });
        await repo.insertItems(
          refs.map((ref) => ({
            transferId: row.id,
            itemKind: ref.kind,
            itemId: ref.id,
            epc: jobs.get(key(ref.kind, ref.id))?.epc ?? null,
            state: 'expected',
            addedAt: at,
          })),
        );
        return row.id;
      });
      await announce([id]);
      return detailOf(repository, id);
    },

    async addItem(actor: TActorWithId, id: string, input: TTransferItemRef): Promise<TTransferDetail> {
      mustPack(actor);
      await repository.withTransaction(async (repo) => {
        await packingOrFail(repo, id);
        const ref = refOf(input);
        const jobs = await checkPackable(repo, [ref], id);
        const at = clock();
        await repo.insertItems([
          {
            transferId: id,
            itemKind: ref.kind,
            itemId: ref.id,
            epc: jobs.get(key(ref.kind, ref.id))?.epc ?? null,
            state: 'expected',
            addedAt: at,
          },
        ]);
        await repo.updateTransfer(id, { updatedAt: at });
      });
      await announce([id]);
      return detailOf(repository, id);
    },

    async removeItem(actor: TActorWithId, id: string, ref: TJobRef): Promise<TTransferDetail> {
      mustPack(actor);
      await repository.withTransaction(async (repo) => {
        await packingOrFail(repo, id);
        if (!(await repo.deleteItem(id, ref))) throw itemNotFound('This envelope is not in the bag.');
        await repo.updateTransfer(id, { updatedAt: clock() });
      });
      await announce([id]);
      return detailOf(repository, id);
    },

    async send(actor: TActorWithId, id: string, input: TSendTransferInput): Promise<TTransferDetail> {
      mustPack(actor);
      // Read before the transaction: PGlite has one connection, and the settings are read outside it.
      const sentOn = await today();
      await repository.withTransaction(async (repo) => {
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
      await announce([id]);
      return detailOf(repository, id);
    },

    /** A scan at the receiving end: the piece arrived; one not on the manifest is an extra. */
    async receive(actor: TActorWithId, id: string, input: TReceiveTransferInput): Promise<TTransferDetail> {
      mustPack(actor);
      await repository.withTransaction(async (repo) => {
        const row = await repo.findTransfer(id, { forUpdate: true });
        if (!row) throw notFound();
        if (row.status !== 'in_transit') throw notInTransit();
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
          await repo.insertItems([
            {
              transferId: id,
              itemKind: ref.kind,
              itemId: ref.id,
              epc: jobs.get(key(ref.kind, ref.id))?.epc ?? null,
              state: 'extra',
              addedAt: at,
              receivedAt: at,
            },
          ]);
          await completeIfAllArrived(repo, id, at, actor.id);
        } else if (item.state === 'expected') {
          await receiveItem(repo, id, ref, at, actor.id);
        }
      });
      await announce([id]);
      return detailOf(repository, id);
    },

    /** Closing: received when all arrived, else received short with what is missing (an alert each). */
    async close(actor: TActorWithId, id: string): Promise<TTransferDetail> {
      mustPack(actor);
      const missing = await repository.withTransaction(async (repo) => {
        const row = await repo.findTransfer(id, { forUpdate: true });
        if (!row) throw notFound();
        if (row.status !== 'in_transit') throw notInTransit();
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

    async cancel(actor: TActorWithId, id: string): Promise<TTransferDetail> {
      if (!isAllowed(actor, TRANSFER_ACCESS.cancel))
        throw forbidden('Only admins and managers cancel a bag.');
      await repository.withTransaction(async (repo) => {
        await packingOrFail(repo, id);
        await repo.updateTransfer(id, { status: 'cancelled', updatedAt: clock() });
      });
      await announce([id]);
      return detailOf(repository, id);
    },

    /** GET /locations/:id/today: bags in and out (open, or received today) and jobs ready for pickup here. */
    async locationToday(_actor: TActor, locationId: string): Promise<TLocationToday> {
      const location = await repository.location(locationId);
      if (!location) throw new AppError('NOT_FOUND', `There is no location ${locationId}.`);
      const zone = await options.timeZone();
      const now = clock();
      const rows = await repository.bagsOfLocationDay(locationId, startOfWorkshopDay(now, zone));
      const { transfers } = await views(repository, rows, wallTime(now, zone).date);
      const ready = await repository.readyForPickup(locationId);
      return {
        locationId,
        incoming: transfers.filter((transfer) => transfer.toLocationId === locationId),
        outgoing: transfers.filter((transfer) => transfer.fromLocationId === locationId),
        readyForPickup: ready.map((job) => ({
          itemKind: job.kind,
          itemId: job.id,
          itemNumber: job.number,
          customerName: job.customerName,
          currentLocationId: job.currentLocationId,
          currentLocationName: job.currentLocationName,
          atWrongLocation: job.currentLocationId !== null && job.currentLocationId !== locationId,
        })),
      };
    },

    /**
     * The reads (issue 39 §2), in the transaction that applied a batch of moves: shipping stations pack,
     * arrivals receive, receiving stations catch extras. Returns what to announce once the batch committed.
     */
    async afterMoves(tx: TDatabase, moved: readonly TJobMoved[]): Promise<(() => void)[]> {
      if (moved.length === 0) return [];
      const repo = repository.within(tx);
      const stationsInfo = await repo.stationsInfo(moved.map((move) => move.stationId));
      const relevant = moved.filter((move) => stationsInfo.has(move.stationId));
      if (relevant.length === 0) return [];
      const changed = new Set<string>();
      let workshopId: string | null | undefined;
      const locationsSeen = new Map<string, TLocationInfo | undefined>();
      const locationOf = async (id: string) => {
        if (!locationsSeen.has(id)) locationsSeen.set(id, await repo.location(id));
        return locationsSeen.get(id);
      };
      // One query for the whole batch finds the jobs travelling now: at a work station only they matter. A
      // read never puts a job into a bag on its way as expected, so a job travelling in none stays so.
      const upfront = await repo.openBagsOf(relevant.map((move) => ({ kind: move.kind, id: move.itemId })));
      const travelling = new Set<string>();
      relevant.forEach((move, index) => {
        for (const bag of upfront[index]?.values() ?? [])
          if (bag.status === 'in_transit' && bag.state === 'expected')
            travelling.add(key(move.kind, move.itemId));
      });
      for (const move of relevant) {
        const station = stationsInfo.get(move.stationId);
        if (station === undefined) continue;
        if (station.role === 'work' && !travelling.has(key(move.kind, move.itemId))) continue;
        const ref: TJobRef = { kind: move.kind, id: move.itemId };
        // Read again: an earlier move of this batch may have packed or received it.
        const [bagsMap] = await repo.openBagsOf([ref]);
        const bags = [...(bagsMap?.values() ?? [])];
        const lastLocationId = station.role === 'receiving' ? await repo.locationBefore(ref, move.at) : null;
        const packingHere =
          station.role === 'shipping' ? await repo.newestPacking(station.locationId) : undefined;
        let natural: string | null = null;
        if (station.role === 'shipping' && packingHere === undefined) {
          if (workshopId === undefined) workshopId = await repo.workshopLocationId();
          const job = (await repo.jobs([ref])).get(key(ref.kind, ref.id));
          if (job !== undefined && workshopId !== null)
            natural = naturalDestination({
              fromLocationId: station.locationId,
              fromKind: station.locationKind,
              workshopLocationId: workshopId,
              pickupLocationId: job.pickupLocationId,
            });
        }
        const inTransitFromLast =
          lastLocationId !== null && lastLocationId !== station.locationId
            ? await repo.newestInTransit(lastLocationId, station.locationId)
            : undefined;
        const actions = planTransferRead({
          stationRole: station.role,
          locationId: station.locationId,
          locationKind: station.locationKind,
          lastLocationId,
          bags,
          packingHere: packingHere ? { transferId: packingHere.id } : null,
          inTransitFromLast: inTransitFromLast ? { transferId: inTransitFromLast.id } : null,
          naturalDestination: natural,
        });
        for (const action of actions) {
          if (action.type === 'receive') {
            await receiveItem(repo, action.transferId, ref, move.at, null);
            changed.add(action.transferId);
            continue;
          }
          const job = (await repo.jobs([ref])).get(key(ref.kind, ref.id));
          if (action.type === 'extra') {
            await repo.insertItems([
              {
                transferId: action.transferId,
                itemKind: ref.kind,
                itemId: ref.id,
                epc: job?.epc ?? null,
                state: 'extra',
                addedAt: move.at,
                receivedAt: move.at,
              },
            ]);
            await repo.updateTransfer(action.transferId, { updatedAt: move.at });
            changed.add(action.transferId);
            continue;
          }
          let transferId: string;
          if (action.type === 'pack') transferId = action.transferId;
          else {
            const destination = await locationOf(action.toLocationId);
            if (destination === undefined) continue;
            transferId = (
              await newBag(repo, { from: station.locationId, to: destination.id, by: null, at: move.at })
            ).id;
          }
          await repo.insertItems([
            {
              transferId,
              itemKind: ref.kind,
              itemId: ref.id,
              epc: job?.epc ?? null,
              state: 'expected',
              addedAt: move.at,
            },
          ]);
          await repo.updateTransfer(transferId, { updatedAt: move.at });
          changed.add(transferId);
        }
      }
      if (changed.size === 0) return [];
      return [
        () => {
          void announce(changed);
        },
      ];
    },

    /** Bags past their expected day: an alert per piece still out, once; returns how many were raised now. */
    async sweepOverdue(): Promise<number> {
      const rows = await repository.overdueInTransit(await today());
      if (rows.length === 0) return 0;
      const causeKey = (item: TTransferItemRow) =>
        `transfer-overdue:${item.transferId}:${item.itemKind}:${item.itemId}`;
      const out = (await repository.itemsOf(rows.map((row) => row.transfer.id))).filter(
        (item) => item.state === 'expected',
      );
      // Once per piece and bag: an alert a person resolved is not raised again.
      const raised = await repository.raisedCauses(out.map(causeKey));
      const items = out.filter((item) => !raised.has(causeKey(item)));
      if (items.length === 0) return 0;
      const jobs = await repository.jobs(
        items.map((item) => ({ kind: item.itemKind as TJobRef['kind'], id: item.itemId })),
      );
      const bags = new Map(rows.map((row) => [row.transfer.id, row]));
      await raise(
        items.map((item) => {
          const bag = bags.get(item.transferId);
          const label = jobs.get(key(item.itemKind, item.itemId))?.number ?? item.itemId;
          const number = bag?.transfer.number ?? '';
          return {
            rule: 'transfer-overdue' as const,
            causeKey: causeKey(item),
            title: `Bag ${number} overdue`,
            message: `${label} is in bag ${number} to ${bag?.toName ?? ''}, expected by ${bag?.transfer.expectedOn ?? ''}.`,
            subject: { kind: item.itemKind as TJobRef['kind'], id: item.itemId, label },
          };
        }),
        { overdue: rows.length },
      );
      return items.length;
    },
  };
}

export type TTransfersService = ReturnType<typeof createTransfersService>;
