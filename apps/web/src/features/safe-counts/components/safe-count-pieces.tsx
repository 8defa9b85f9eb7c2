import type { TSafeCountPiece, TSafeCountRemoval } from '@loupe/domain/safe-counts/safe-counts';
import { Link } from 'react-router';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/date-format';
import { paths, pathTo } from '@/lib/paths';

const jobPath = (piece: { kind: 'order' | 'repair'; id: string }) =>
  piece.kind === 'order'
    ? pathTo(paths.orderDetail, { orderId: piece.id })
    : pathTo(paths.repairDetail, { repairId: piece.id });

/** One list of the report (counted, missing, extra): each piece, where and when it was last read. */
export function SafeCountPieces({
  title,
  pieces,
  empty,
  testId,
}: {
  readonly title: string;
  readonly pieces: readonly TSafeCountPiece[];
  readonly empty: string;
  readonly testId?: string | undefined;
}) {
  return (
    <section aria-label={title} data-testid={testId} className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">
        {title} <span className="text-muted-foreground">({pieces.length})</span>
      </h2>
      {pieces.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Job</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>Last read at</TableHead>
              <TableHead>When</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {pieces.map((piece) => (
              <TableRow key={`${piece.kind}:${piece.id}`}>
                <TableCell className="font-medium">
                  <Link className="underline-offset-4 hover:underline" to={jobPath(piece)}>
                    {piece.number}
                  </Link>
                </TableCell>
                <TableCell className="max-w-64 truncate">{piece.description || '—'}</TableCell>
                <TableCell>{piece.lastStationName ?? 'Never read'}</TableCell>
                <TableCell>{piece.lastReadAt ? formatDateTime(piece.lastReadAt) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

/** Pieces the count found in the safe that were taken out afterwards: when, and where they went. */
export function SafeCountRemovals({
  removals,
  testId,
}: {
  readonly removals: readonly TSafeCountRemoval[];
  readonly testId?: string | undefined;
}) {
  return (
    <section aria-label="Taken out of the safe" data-testid={testId} className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">
        Taken out of the safe <span className="text-muted-foreground">({removals.length})</span>
      </h2>
      {removals.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has left the safe since this count.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Job</TableHead>
              <TableHead>Went to</TableHead>
              <TableHead>When</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {removals.map((removal) => (
              <TableRow key={`${removal.kind}:${removal.id}`}>
                <TableCell className="font-medium">{removal.number}</TableCell>
                <TableCell>{removal.stationName}</TableCell>
                <TableCell>
                  {formatDateTime(removal.at)}
                  {removal.isWhileClosed ? ' (while closed)' : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
