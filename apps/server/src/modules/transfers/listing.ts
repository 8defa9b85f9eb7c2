import type { TListPage } from '@loupe/domain/api/list';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import type {
  TLocationToday,
  TTransfer,
  TTransferDetail,
  TTransferListQuery,
} from '@loupe/domain/transfers/transfers';
import { startOfWorkshopDay, wallTime } from '@loupe/domain/workflow/working-calendar';
import { invalidCursor } from '../../lib/keyset.ts';
import type { TTransfersContext } from './context.ts';

/** The bags listed and shown one by one, and a location's day (bags in and out, jobs ready for pickup). */
export function createListingUseCases(context: TTransfersContext) {
  const { repository, clock, options, today, views, detailOf } = context;

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
  };
}
