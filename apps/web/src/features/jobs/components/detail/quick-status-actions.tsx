import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { nextStatuses, type TStatusTransitions } from '@loupe/domain/jobs/status-moves';
import { ArrowRightIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';

export type TQuickStatusActionsProps<S extends string> = {
  /** 'order' or 'repair', for the sentences. */
  readonly itemNoun: string;
  readonly number: string;
  readonly status: S;
  readonly transitions: TStatusTransitions<S>;
  readonly labels: Readonly<Record<S, string>>;
  /** Saves the new status; rejects with the server's refusal. */
  readonly onChange: (status: S) => Promise<unknown>;
};

/**
 * The statuses the job may go to next, one click each (issue 11 §9): "Ready for pickup" without opening
 * the form. Cancelling ends the job, so it asks first.
 */
export function QuickStatusActions<S extends string>({
  itemNoun,
  number,
  status,
  transitions,
  labels,
  onChange,
}: TQuickStatusActionsProps<S>) {
  const [pending, setPending] = useState<S | null>(null);
  const [error, setError] = useState<string | null>(null);
  const next = nextStatuses(transitions, status);
  if (next.length === 0) return null;

  async function move(to: S) {
    setPending(to);
    setError(null);
    try {
      await onChange(to);
      toast({ title: `${number} is now “${labels[to]}”` });
    } catch (cause) {
      setError(errorMessageOf(cause, ERROR_MESSAGES.generic));
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-label="Change status" className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">Move to</span>
        {next.map((to) =>
          to === 'cancelled' ? (
            <ConfirmDialog
              key={to}
              trigger={
                <Button type="button" variant="outline" size="sm" disabled={pending !== null}>
                  {labels[to]}
                </Button>
              }
              title={`Cancel ${number}?`}
              description={`The ${itemNoun} leaves the workshop's books and cannot be reopened.`}
              confirmLabel={`Cancel ${itemNoun}`}
              pendingLabel="Cancelling…"
              onConfirm={() => onChange(to)}
            />
          ) : (
            <Button
              key={to}
              type="button"
              size="sm"
              variant={to === next[0] ? 'default' : 'secondary'}
              disabled={pending !== null}
              onClick={() => void move(to)}
            >
              <ArrowRightIcon aria-hidden="true" />
              {pending === to ? 'Saving…' : labels[to]}
            </Button>
          ),
        )}
      </div>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
