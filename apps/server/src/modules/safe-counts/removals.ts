import { isRemoval, jobKey } from '@loupe/domain/safe-counts/safe-counts';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TJobMoved } from '../tracking/location-moves.ts';
import type { TSafeCountsRepository } from './repository.ts';

/**
 * The morning side of the closing count (issue 37 §5): a piece the location's newest finished count found in
 * the safe, read afterwards at another station, was taken out. Logged against that count (when, which job,
 * where it went), once per piece, in the transaction that applied the read. Only the transaction's own
 * statements here: PGlite has one connection, so a read of the settings outside it would wait for it forever.
 */
export function createSafeCountRemovals(options: {
  readonly safeCounts: TTransactional<TSafeCountsRepository>;
}) {
  return {
    async afterMoves(tx: TDatabase, moved: readonly TJobMoved[]): Promise<[]> {
      if (moved.length === 0) return [];
      const repo = options.safeCounts.within(tx);
      const counts = await repo.latestFinishedCounts();
      if (counts.length === 0) return [];
      const rows: Parameters<TSafeCountsRepository['insertRemovals']>[0][number][] = [];
      for (const count of counts) {
        if (count.finishedAt === null) continue;
        const counted = new Map((count.counted ?? []).map((piece) => [jobKey(piece), piece]));
        for (const move of moved) {
          const piece = counted.get(jobKey({ kind: move.kind, id: move.itemId }));
          if (piece === undefined) continue;
          const removed = isRemoval({
            countedKeys: new Set(counted.keys()),
            finishedAt: count.finishedAt,
            safeStationId: count.safeStationId,
            move: { kind: move.kind, id: move.itemId, stationId: move.stationId, at: move.at },
          });
          if (!removed) continue;
          rows.push({
            countId: count.id,
            itemKind: move.kind,
            itemId: move.itemId,
            number: piece.number,
            stationId: move.stationId,
            stationName: move.stationName,
            at: move.at,
          });
        }
      }
      await repo.insertRemovals(rows);
      return [];
    },
  };
}

export type TSafeCountRemovals = ReturnType<typeof createSafeCountRemovals>;
