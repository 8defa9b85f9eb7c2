import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { CircleCheckIcon, FilterIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessageOf } from '@/lib/api-error';
import { useNow } from '@/lib/use-now';
import { useOffsiteItems } from '../api/get-offsite-items';
import {
  byLongestOffsite,
  matchesOffsiteFilter,
  OFFSITE_FILTER_LABELS,
  OFFSITE_FILTERS,
  type TOffsiteFilter,
} from './offsite-filter';
import { OffsiteItemRow } from './offsite-item-row';

const MINUTE_MS = 60_000;

export const NOTHING_OFFSITE = 'Nothing is offsite';

const EMPTY_FILTER_TITLES: Readonly<Record<Exclude<TOffsiteFilter, 'all'>, string>> = {
  expected: 'No item is expected offsite right now',
  unexpected: 'No item is unexpectedly offsite',
};

/** What is offsite now (spec §4), refreshed with the tracking sync, filtered by expected or not. */
export function OffsiteList() {
  const query = useOffsiteItems();
  const [filter, setFilter] = useState<TOffsiteFilter>('all');
  const now = useNow(MINUTE_MS);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading offsite items" className="flex flex-col gap-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-28 w-full rounded-lg" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load the offsite items</AlertTitle>
        <AlertDescription>
          <p>{errorMessageOf(query.error, ERROR_MESSAGES.generic)}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const items = query.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={CircleCheckIcon}
        title={NOTHING_OFFSITE}
        text="Every tracked order and repair has been seen in the building recently."
      />
    );
  }

  const counts: Record<TOffsiteFilter, number> = {
    all: items.length,
    expected: items.filter((item) => item.isExpectedOffsite).length,
    unexpected: items.filter((item) => !item.isExpectedOffsite).length,
  };
  const shown = items.filter((item) => matchesOffsiteFilter(item, filter)).sort(byLongestOffsite);

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Show</legend>
        {OFFSITE_FILTERS.map((option) => (
          <Button
            key={option}
            type="button"
            size="sm"
            variant={filter === option ? 'default' : 'outline'}
            aria-pressed={filter === option}
            onClick={() => setFilter(option)}
          >
            {OFFSITE_FILTER_LABELS[option]}
            <span className="tabular-nums opacity-80">{counts[option]}</span>
          </Button>
        ))}
      </fieldset>
      {filter !== 'all' && shown.length === 0 ? (
        <EmptyState
          icon={FilterIcon}
          title={EMPTY_FILTER_TITLES[filter]}
          action={
            <Button type="button" variant="outline" onClick={() => setFilter('all')}>
              Show all offsite items
            </Button>
          }
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Offsite items">
          {shown.map((item) => (
            <OffsiteItemRow key={`${item.itemKind}-${item.itemId}`} item={item} now={now} />
          ))}
        </ul>
      )}
    </div>
  );
}
