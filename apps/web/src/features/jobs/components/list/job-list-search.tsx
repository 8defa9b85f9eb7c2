import { SearchIcon } from 'lucide-react';
import { FilterSelect } from '@/components/filter-select';
import { Input } from '@/components/ui/input';
import { useLocations } from '@/lib/registry-api/get-locations';
import type { TJobNoun } from '../../job-noun';
import { ALL_LOCATIONS, ANY, RUSH_OPTIONS, TAG_OPTIONS } from './job-list-filters';
import type { TJobListFilterState } from './use-job-list-filters';

export type TJobListSearchProps<TStatus extends string, TSort extends string> = {
  readonly noun: TJobNoun;
  readonly placeholder: string;
  readonly state: TJobListFilterState<TStatus, TSort>;
};

/** The search box and the status, rush, tag and sort selects above a job list. */
export function JobListSearch<TStatus extends string, TSort extends string>({
  noun,
  placeholder,
  state,
}: TJobListSearchProps<TStatus, TSort>) {
  const { choices, filters, setParam } = state;
  const locations = useLocations().data?.items ?? [];
  const locationOptions = [
    { value: ALL_LOCATIONS, label: 'All locations' },
    ...locations.map((location) => ({ value: location.id, label: location.name })),
  ];
  if (filters.locationId !== null && !locations.some((location) => location.id === filters.locationId)) {
    locationOptions.push({ value: filters.locationId, label: filters.locationId });
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and to jsdom).
    <form
      role="search"
      aria-label={`Find ${noun.other}`}
      className="grid gap-2 sm:flex sm:flex-wrap sm:items-center"
      // Results follow the typing; Enter has nothing more to send.
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="relative sm:min-w-64 sm:flex-1">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={`Search ${noun.other}`}
          placeholder={placeholder}
          className="pl-9"
          value={state.text}
          onChange={(event) => state.setText(event.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <FilterSelect
          label="Status"
          value={filters.status ?? ANY}
          onValueChange={(value) => setParam('status', value)}
          options={[
            { value: ANY, label: 'All statuses' },
            ...choices.statuses.map((status) => ({ value: status, label: choices.statusLabels[status] })),
          ]}
        />
        <FilterSelect
          label="Rush"
          value={filters.isRush === null ? ANY : String(filters.isRush)}
          onValueChange={(value) => setParam('rush', value)}
          options={RUSH_OPTIONS}
        />
        <FilterSelect
          label="Tag"
          value={filters.tracked === null ? ANY : String(filters.tracked)}
          onValueChange={(value) => setParam('tagged', value)}
          options={TAG_OPTIONS}
        />
        <FilterSelect
          label="Location"
          value={filters.locationId ?? ALL_LOCATIONS}
          onValueChange={(value) => setParam('location', value)}
          options={locationOptions}
        />
        <FilterSelect
          label="Sort by"
          value={filters.sort}
          onValueChange={(value) => setParam('sort', value === choices.defaultSort ? null : value)}
          options={choices.sorts.map((sort) => ({ value: sort, label: choices.sortLabels[sort] }))}
        />
      </div>
    </form>
  );
}
