import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { SAFE_COUNT_MESSAGES, type TSafeCount } from '@loupe/domain/safe-counts/safe-counts';
import { ArrowLeftIcon, DownloadIcon, PrinterIcon, SquareCheckIcon } from 'lucide-react';
import { createPortal } from 'react-dom';
import { QueryLoadError } from '@/components/load-error';
import { LoadingSpinner } from '@/components/loading-spinner';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { formatDateTime, formatTime } from '@/lib/date-format';
import { saveBlob } from '@/lib/save-blob';
import { toast } from '@/lib/toast';
import { useFinishSafeCount } from '../api/finish-safe-count';
import { useSafeCount } from '../api/get-safe-count';
import { safeCountCsv } from './safe-count-csv';
import { SafeCountPieces, SafeCountRemovals } from './safe-count-pieces';

const PRINT_ROOT_ATTRIBUTE = 'data-print-safe-count';

// A copy of the report sits directly under <body>; printing shows only that copy, never the app shell.
const PRINT_CSS = `
@media print {
  body > *:not([${PRINT_ROOT_ATTRIBUTE}]) { display: none !important; }
  [${PRINT_ROOT_ATTRIBUTE}] { display: block !important; color: #000; background: #fff; }
  @page { margin: 12mm; }
}
`;

export const TRIGGER_LABELS = { closing: 'At closing', button: 'Started by hand' } as const;

function Figures({ count, isPrintCopy }: { readonly count: TSafeCount; readonly isPrintCopy: boolean }) {
  const figures = [
    ['Expected', count.expectedCount],
    ['Counted', count.countedCount],
    ['Missing', count.missingCount],
    ['Not expected', count.extraCount],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Count figures">
      {figures.map(([label, value]) => (
        <div
          key={label}
          className="rounded-lg border p-3"
          data-testid={isPrintCopy ? undefined : `safe-count-${label.toLowerCase().replace(' ', '-')}`}
        >
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd
            className={`text-2xl font-semibold tabular-nums ${label === 'Missing' && value > 0 ? 'text-destructive' : ''}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The report's body: who, when, what was expected, counted, missing, and what left the safe since. */
function ReportBody({
  count,
  isPrintCopy = false,
}: {
  readonly count: TSafeCount;
  readonly isPrintCopy?: boolean;
}) {
  // The print copy carries no test ids: the screen's copy is the one tests find.
  const testId = (id: string) => (isPrintCopy ? undefined : id);
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Location</dt>
        <dd>
          {count.locationName} — safe: {count.safeStationName}
        </dd>
        <dt className="text-muted-foreground">Started</dt>
        <dd>
          {formatDateTime(count.startedAt)} · {TRIGGER_LABELS[count.trigger]}
          {count.startedBy ? ` by ${count.startedBy}` : ''}
        </dd>
        <dt className="text-muted-foreground">
          {count.status === 'running' ? 'Counting until' : 'Finished'}
        </dt>
        <dd>
          {count.status === 'running'
            ? formatTime(count.endsAt)
            : `${formatDateTime(count.finishedAt ?? count.endsAt)}${count.finishedBy ? ` by ${count.finishedBy}` : ' (window ended)'}`}
        </dd>
      </dl>
      <Figures count={count} isPrintCopy={isPrintCopy} />
      <SafeCountPieces
        title="Missing"
        testId={testId('safe-count-missing-list')}
        pieces={count.missing}
        empty="Nothing is missing: every piece expected was read in the safe."
      />
      <SafeCountPieces
        title="Counted"
        testId={testId('safe-count-counted-list')}
        pieces={count.counted}
        empty={
          count.status === 'running' ? 'No piece read in the safe yet.' : 'No piece was read in the safe.'
        }
      />
      <SafeCountPieces
        title="Not expected"
        testId={testId('safe-count-extra-list')}
        pieces={count.extra}
        empty="No other piece was read in the safe."
      />
      <SafeCountRemovals removals={count.removals} testId={testId('safe-count-removals')} />
    </div>
  );
}

/** One count: live while it runs (reads update it as they arrive), then the report to print or export. */
export function SafeCountReport({ id, onBack }: { readonly id: string; readonly onBack: () => void }) {
  const query = useSafeCount(id);
  const finish = useFinishSafeCount();
  if (query.isPending) return <LoadingSpinner label="Loading the count" />;
  if (query.isError) return <QueryLoadError title="Could not load this count" query={query} />;
  const count = query.data;
  const isRunning = count.status === 'running';

  const onFinish = () =>
    finish.mutate(count.id, {
      onSuccess: (done) => toast({ title: SAFE_COUNT_MESSAGES.finished(done.missingCount) }),
      onError: (error) =>
        toast({
          title: 'Could not finish the count',
          description: errorMessageOf(error, ERROR_MESSAGES.generic),
          variant: 'destructive',
        }),
    });
  const onExport = () => {
    const { text, fileName } = safeCountCsv(count);
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          All counts
        </Button>
      </div>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Safe count, {count.locationName}
            <Badge variant={isRunning ? 'default' : count.missingCount > 0 ? 'destructive' : 'secondary'}>
              {isRunning
                ? 'Counting'
                : count.missingCount > 0
                  ? `${count.missingCount} missing`
                  : 'All present'}
            </Badge>
          </span>
        }
        description={
          isRunning
            ? 'Put every piece in the safe: each read at its antennas counts it here as it arrives.'
            : 'The count as it was kept: print it or export it for the insurer.'
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {isRunning ? (
              <Button type="button" onClick={onFinish} disabled={finish.isPending}>
                <SquareCheckIcon aria-hidden="true" />
                Finish count
              </Button>
            ) : (
              <>
                <Button type="button" variant="outline" onClick={() => window.print()}>
                  <PrinterIcon aria-hidden="true" />
                  Print
                </Button>
                <Button type="button" variant="outline" onClick={onExport}>
                  <DownloadIcon aria-hidden="true" />
                  Export CSV
                </Button>
              </>
            )}
          </div>
        }
      />
      <ReportBody count={count} />
      {isRunning
        ? null
        : createPortal(
            <div {...{ [PRINT_ROOT_ATTRIBUTE]: '' }} className="hidden" aria-hidden="true">
              <style>{PRINT_CSS}</style>
              <h1 className="mb-4 text-xl font-semibold">Safe count, {count.locationName}</h1>
              <ReportBody count={count} isPrintCopy />
            </div>,
            document.body,
          )}
    </div>
  );
}
