import { createTransfersContext, type TTransfersServiceOptions } from './context.ts';
import { createListingUseCases } from './listing.ts';
import { createOverdueSweep } from './overdue.ts';
import { createPackingUseCases } from './packing.ts';
import { createReadsHook } from './reads.ts';
import { createReceivingUseCases } from './receiving.ts';

export type { TTransfersServiceOptions } from './context.ts';

/**
 * Transfers between facilities (issue 39): bags packed at one location (by hand or by a read at its shipping
 * station), sent, and received at another (by reads at any of its stations, or a scan at its receiving
 * station); closed short when pieces are missing. Every change is announced as 'transfer:changed' after commit.
 * One file per use case: listing.ts, packing.ts, receiving.ts, reads.ts and overdue.ts, over context.ts.
 */
export function createTransfersService(options: TTransfersServiceOptions) {
  const context = createTransfersContext(options);
  return {
    ...createListingUseCases(context),
    ...createPackingUseCases(context),
    ...createReceivingUseCases(context),
    afterMoves: createReadsHook(context),
    sweepOverdue: createOverdueSweep(context),
  };
}

export type TTransfersService = ReturnType<typeof createTransfersService>;
