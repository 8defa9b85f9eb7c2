import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import { TriangleAlertIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

// Predicted completion (issue 13 §3): a likely day with an interval, and a flag when it may pass the promise.

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** 'Oct 12' in the user's time zone. */
export function predictionDay(instant: string): string {
  return DAY.format(new Date(instant));
}

/** 'Oct 10 – Oct 15', or one day when the interval falls within it. */
export function predictionInterval(prediction: TPredictedCompletion): string {
  const earliest = predictionDay(prediction.earliest);
  const latest = predictionDay(prediction.latest);
  return earliest === latest ? earliest : `${earliest} – ${latest}`;
}

/** 'Likely Oct 12 (Oct 10 – Oct 15)'. */
export function predictionText(prediction: TPredictedCompletion): string {
  return `Likely ${predictionDay(prediction.likely)} (${predictionInterval(prediction)})`;
}

export const LATE_RISK_LABEL = 'Late risk';
export const LATE_RISK_EXPLANATION = 'Might be done after the promised day';

/** The late-risk flag: words and an icon, never colour alone. */
export function LateRiskBadge({ className }: { readonly className?: string }) {
  return (
    <span
      title={LATE_RISK_EXPLANATION}
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-md border border-transparent px-1.5 py-0.5 text-xs font-medium whitespace-nowrap',
        'bg-amber-200 text-amber-950 dark:bg-amber-400/25 dark:text-amber-100',
        className,
      )}
    >
      <TriangleAlertIcon className="size-3" aria-hidden="true" />
      {LATE_RISK_LABEL}
      <span className="sr-only">: {LATE_RISK_EXPLANATION.toLowerCase()}</span>
    </span>
  );
}

/** The prediction as one line, with the flag when it is at risk. */
export function PredictedCompletion({
  prediction,
  className,
}: {
  readonly prediction: TPredictedCompletion;
  readonly className?: string;
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', className)}>
      <span>{predictionText(prediction)}</span>
      {prediction.isLateRisk ? <LateRiskBadge /> : null}
    </span>
  );
}

/**
 * The prediction in a list's narrow column: the likely day, amber with a warning mark when at risk; the
 * interval is read out to screen readers and shown on hover.
 */
export function PredictionLine({ prediction }: { readonly prediction: TPredictedCompletion }) {
  const interval = predictionInterval(prediction);
  return (
    <span
      title={`${predictionText(prediction)}${prediction.isLateRisk ? ` · ${LATE_RISK_LABEL}` : ''}`}
      className={cn(
        'flex min-w-0 items-center gap-1 text-xs font-normal',
        prediction.isLateRisk ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-muted-foreground',
      )}
    >
      {prediction.isLateRisk ? <TriangleAlertIcon className="size-3 shrink-0" aria-hidden="true" /> : null}
      <span className="truncate">
        <span aria-hidden="true">Likely {predictionDay(prediction.likely)}</span>
        <span className="sr-only">
          {`Predicted done ${interval}, likely ${predictionDay(prediction.likely)}${prediction.isLateRisk ? `, ${LATE_RISK_LABEL.toLowerCase()}` : ''}`}
        </span>
      </span>
    </span>
  );
}
