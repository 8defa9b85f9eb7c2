import type { TSafeCountPiece } from '@loupe/domain/safe-counts/safe-counts';
import type { TCandidateRow } from './repository.ts';

/** A piece as the report shows it, from a candidate row. */
export function pieceOf(row: TCandidateRow): TSafeCountPiece {
  return {
    kind: row.kind,
    id: row.id,
    number: row.number,
    description: row.description,
    lastStationName: row.stationName,
    lastReadAt: row.lastSeenAt?.toISOString() ?? null,
  };
}
