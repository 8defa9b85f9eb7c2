import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { commonNextStatuses, type TStatusTransitions } from '@loupe/domain/jobs/status-moves';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import type { TJobNoun } from '../../job-noun';

/** What a list needs to move several of its jobs to one status at once (issue 11 §9). */
export type TJobBulkStatus<TItem, S extends string> = {
  readonly transitions: TStatusTransitions<S>;
  readonly labels: Readonly<Record<S, string>>;
  readonly statusOf: (item: TItem) => S;
  readonly numberOf: (item: TItem) => string;
  /** Saves one job's new status; rejects with the server's refusal. */
  readonly apply: (item: TItem, status: S) => Promise<unknown>;
};

type TFailure = { readonly id: string; readonly number: string; readonly message: string };

export type TBulkStatusBarProps<TItem extends { readonly id: string }, S extends string> = {
  readonly noun: TJobNoun;
  readonly selected: readonly TItem[];
  readonly bulk: TJobBulkStatus<TItem, S>;
  /** Called after a run with the ids still selected: the ones that failed, to fix and retry. */
  readonly onDone: (stillSelected: ReadonlySet<string>) => void;
  readonly onClear: () => void;
};

/**
 * The bar above a list with a selection: the statuses every selected job may move to, then one save per
 * job, in order, with progress; a job the server refuses stays selected with its reason, nothing is lost.
 */
export function BulkStatusBar<TItem extends { readonly id: string }, S extends string>({
  noun,
  selected,
  bulk,
  onDone,
  onClear,
}: TBulkStatusBarProps<TItem, S>) {
  const [target, setTarget] = useState<S | ''>('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<readonly TFailure[]>([]);
  const options = commonNextStatuses(bulk.transitions, selected.map(bulk.statusOf));
  const chosen = target !== '' && options.includes(target) ? target : '';
  const isRunning = progress !== null;

  async function run(status: S) {
    const failed: TFailure[] = [];
    setFailures([]);
    for (const [index, item] of selected.entries()) {
      setProgress({ done: index, total: selected.length });
      try {
        await bulk.apply(item, status);
      } catch (error) {
        failed.push({
          id: item.id,
          number: bulk.numberOf(item),
          message: errorMessageOf(error, ERROR_MESSAGES.generic),
        });
      }
    }
    setProgress(null);
    setFailures(failed);
    const moved = selected.length - failed.length;
    if (moved > 0) {
      toast({ title: `${moved} ${moved === 1 ? noun.one : noun.other} moved to “${bulk.labels[status]}”` });
    }
    onDone(new Set(failed.map((failure) => failure.id)));
  }

  return (
    <section aria-label={`Selected ${noun.other}`} className="grid gap-2 rounded-md border bg-muted/40 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{`${selected.length} selected`}</span>
        {options.length === 0 ? (
          <span className="text-sm text-muted-foreground">
            {`These ${noun.other} have no next status in common: select ${noun.other} in the same status.`}
          </span>
        ) : (
          <>
            <Select value={chosen} onValueChange={(value) => setTarget(value as S)} disabled={isRunning}>
              <SelectTrigger className="w-52" aria-label="Move selected to">
                <SelectValue placeholder="Move to…">{chosen === '' ? null : bulk.labels[chosen]}</SelectValue>
              </SelectTrigger>
              <SelectContent>
                {options.map((status) => (
                  <SelectItem key={status} value={status}>
                    {bulk.labels[status]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button
              type="button"
              size="sm"
              disabled={chosen === '' || isRunning}
              onClick={() => chosen !== '' && void run(chosen)}
            >
              {progress ? `Updating ${progress.done + 1} of ${progress.total}…` : 'Apply'}
            </Button>
          </>
        )}
        <Button type="button" size="sm" variant="ghost" onClick={onClear} disabled={isRunning}>
          Clear selection
        </Button>
      </div>
      {failures.length > 0 ? (
        <Alert variant="destructive">
          <AlertTitle>{`${failures.length} ${failures.length === 1 ? noun.one : noun.other} not changed`}</AlertTitle>
          <AlertDescription>
            <ul className="grid gap-0.5">
              {failures.map((failure) => (
                <li key={failure.id}>{`${failure.number}: ${failure.message}`}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
