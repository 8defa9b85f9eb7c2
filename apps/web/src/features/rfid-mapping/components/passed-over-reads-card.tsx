import {
  PASSED_OVER_REPLAY_LIMIT,
  type TReplaySummary,
  type TRfidStatus,
} from '@loupe/domain/rfid/rfid-status';
import { RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useReplayPassedOver } from '../api/replay-passed-over';

export const PASSED_OVER_TITLE = 'Reads not applied';
export const REPLAY_LABEL = 'Try again';
export const REPLAY_FAILED = 'Could not try the reads again';

/** What a replay did, in words: "2 reads applied; 1 refused again. 1 still listed." */
export function replaySummaryText({ replayed, refused, remaining }: TReplaySummary): string {
  const applied = `${replayed} ${replayed === 1 ? 'read' : 'reads'} applied`;
  const again = refused === 0 ? '' : `; ${refused} refused again`;
  return remaining === 0 ? `${applied}${again}.` : `${applied}${again}. ${remaining} still listed.`;
}

/** Under the table: how many more are listed than shown, and how many one Try again takes. */
export function moreReadsText(total: number, shown: number): string {
  const takes =
    total > PASSED_OVER_REPLAY_LIMIT
      ? `each Try again applies the oldest ${PASSED_OVER_REPLAY_LIMIT}`
      : 'Try again applies them all, oldest first';
  return `And ${total - shown} more; ${takes}.`;
}

/**
 * Acknowledged reads the server passed over after its database refused each three times (decision 025), so
 * that the reads after them went on. Shown only while there are any: each with the refusal, and one button
 * to apply them all again once the cause is fixed.
 */
export function PassedOverReadsCard({ passedOver }: { passedOver: TRfidStatus['passedOver'] }) {
  const replay = useReplayPassedOver();
  if (passedOver.total === 0) return null;

  function tryAgain() {
    replay.mutate(undefined, {
      onSuccess: (summary) =>
        toast({
          title: replaySummaryText(summary),
          ...(summary.refused > 0 ? { variant: 'destructive' as const } : {}),
        }),
      onError: (error) =>
        toast({
          title: REPLAY_FAILED,
          description: errorMessageOf(error, REPLAY_FAILED),
          variant: 'destructive',
        }),
    });
  }

  const more = passedOver.total - passedOver.rows.length;
  return (
    <Card aria-labelledby="rfid-passed-over-title" role="region" className="border-destructive">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="rfid-passed-over-title">
            {PASSED_OVER_TITLE} ({passedOver.total})
          </CardTitle>
          <CardDescription>
            Readers were told these reads arrived, but the database refused to apply each of them three times,
            so the reads after them went on. They moved nothing yet. Fix what the refusal names, then try
            again: a read older than its piece&apos;s latest move only joins its history.
          </CardDescription>
        </div>
        <Button type="button" size="sm" onClick={tryAgain} disabled={replay.isPending}>
          <RotateCcwIcon aria-hidden="true" />
          {replay.isPending ? 'Trying again…' : REPLAY_LABEL}
        </Button>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table aria-label={PASSED_OVER_TITLE}>
          <TableHeader>
            <TableRow>
              <TableHead>Tag</TableHead>
              <TableHead>Reader</TableHead>
              <TableHead>Read</TableHead>
              <TableHead>Refusal</TableHead>
              <TableHead className="text-right">Tries</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {passedOver.rows.map((row) => (
              <TableRow key={row.seq} aria-label={`Read ${row.seq} of ${row.epc}`}>
                <TableCell className="font-mono text-xs break-all">{row.epc}</TableCell>
                <TableCell className="break-all">
                  {row.readerId} · antenna {row.antenna}
                </TableCell>
                <TableCell className="text-xs text-muted-foreground">
                  <time dateTime={row.readAt}>{formatDateTime(row.readAt)}</time>
                </TableCell>
                <TableCell className="text-xs break-words">{row.error}</TableCell>
                <TableCell className="text-right tabular-nums">{row.attempts}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {more > 0 ? (
          <p className="mt-2 text-xs text-muted-foreground">
            {moreReadsText(passedOver.total, passedOver.rows.length)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
