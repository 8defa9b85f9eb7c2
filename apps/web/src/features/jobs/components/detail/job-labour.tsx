import { formatLabour, type TJobLabour } from '@loupe/domain/workflow/work-time';
import { DetailSection } from '@/components/detail-section';
import { LoadError } from '@/components/load-error';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** The "Labour" card (issue 37 §3): time worked on each step, per person, from their timers. */
export function JobLabour({
  labour,
  error,
  onRetry,
}: {
  labour: TJobLabour | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <DetailSection title="Labour">
        <LoadError title="Could not load the labour" error={error} onRetry={onRetry} isRetrying={false} />
      </DetailSection>
    );
  }
  if (!labour) return null;
  return (
    <DetailSection title="Labour">
      {labour.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No time recorded yet: timers started on My Tasks show here.
        </p>
      ) : (
        <Table aria-label="Labour per step">
          <TableHeader>
            <TableRow>
              <TableHead>Step</TableHead>
              <TableHead>Person</TableHead>
              <TableHead className="text-right">Labour time</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {labour.rows.map((row) => (
              <TableRow key={`${row.phaseKey}-${row.person.id}`}>
                <TableCell>{row.phaseName}</TableCell>
                <TableCell>{row.person.name}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatLabour(row.seconds)}
                  {row.isRunning ? ' (running)' : ''}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={2} className="font-medium">
                Total
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {formatLabour(labour.totalSeconds)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
    </DetailSection>
  );
}
