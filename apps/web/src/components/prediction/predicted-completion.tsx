import type { TPredictedCompletion } from '@loupe/domain/analytics/analytics-api';
import { cn } from '@/lib/cn';
import { formatDayOf } from '@/lib/date-format';

// Predicted completion (issue 13 §3): a likely day with an interval. Whether that makes a job at risk is the
// job state's to say (`state.isAtRisk`, shown by the job state badges), never worked out here.

/** 'Oct 12' in the workshop's time zone. */
export function predictionDay(instant: string): string {
  return formatDayOf(instant);
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

/** The prediction as one line. */
export function PredictedCompletion({
  prediction,
  className,
}: {
  readonly prediction: TPredictedCompletion;
  readonly className?: string;
}) {
  return <span className={className}>{predictionText(prediction)}</span>;
}

/**
 * The prediction in a list's narrow column: the likely day; the interval is read out to screen readers and
 * shown on hover.
 */
export function PredictionLine({ prediction }: { readonly prediction: TPredictedCompletion }) {
  const interval = predictionInterval(prediction);
  return (
    <span
      title={predictionText(prediction)}
      className={cn('flex min-w-0 items-center gap-1 text-xs font-normal text-muted-foreground')}
    >
      <span className="truncate">
        <span aria-hidden="true">Likely {predictionDay(prediction.likely)}</span>
        <span className="sr-only">{`Predicted done ${interval}, likely ${predictionDay(prediction.likely)}`}</span>
      </span>
    </span>
  );
}
