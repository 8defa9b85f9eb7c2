import { JOB_VIEW_DESCRIPTIONS, JOB_VIEW_LABELS, type TJobView } from '@loupe/domain/jobs/job-views';
import { FilterIcon, XIcon } from 'lucide-react';

/**
 * The job view a list is narrowed to (`?view=overdue`, as a dashboard tile opens it), in the view's own word,
 * with its meaning and a way to remove it.
 */
export function JobViewChip({ view, onRemove }: { view: TJobView; onRemove: () => void }) {
  const label = JOB_VIEW_LABELS[view];
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span
        className="inline-flex items-center gap-1.5 rounded-full border bg-secondary py-0.5 pr-1 pl-3 font-medium text-secondary-foreground"
        title={JOB_VIEW_DESCRIPTIONS[view]}
      >
        <FilterIcon className="size-3.5" aria-hidden="true" />
        <span>
          <span className="sr-only">Showing only </span>
          {label}
        </span>
        <button
          type="button"
          onClick={onRemove}
          className="inline-flex size-6 items-center justify-center rounded-full hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={`Remove the filter ${label}`}
        >
          <XIcon className="size-3.5" aria-hidden="true" />
        </button>
      </span>
      <span className="text-muted-foreground">{JOB_VIEW_DESCRIPTIONS[view]}</span>
    </div>
  );
}
