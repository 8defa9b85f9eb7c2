import { JOB_VIEWS, type TJobView } from '@loupe/domain/jobs/job-views';
import type { TSelectOption } from '@/components/select-field';

/** What a job list is narrowed and ordered by; null means "any". */
export type TJobListFilters<TStatus extends string, TSort extends string> = {
  readonly q: string;
  readonly status: TStatus | null;
  readonly isRush: boolean | null;
  readonly tracked: boolean | null;
  /** One of the job views (overdue, due today, at risk…): what a dashboard tile's count opens. */
  readonly view: TJobView | null;
  /**
   * Issue 39: jobs collected at, or standing at, this location; null is every location. Absent from the
   * address, it is the user's home location; `location=all` is every location.
   */
  readonly locationId: string | null;
  readonly sort: TSort;
};

/** The statuses and sorts a kind of job offers, in the order the filters list them. */
export type TJobListChoices<TStatus extends string, TSort extends string> = {
  readonly statuses: readonly TStatus[];
  readonly statusLabels: Readonly<Record<TStatus, string>>;
  readonly sorts: readonly TSort[];
  readonly sortLabels: Readonly<Record<TSort, string>>;
  /** The server's own order, so it is left out of the address. */
  readonly defaultSort: TSort;
};

/** The sorts every job list has; each kind adds its own label for sorting by number. */
export const JOB_SORT_LABELS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  promised: 'Promised date',
} as const;

/** Select items cannot carry '' or null: this value stands for "any". */
export const ANY = 'any';

/** The address's `location` value for every location (absent means the user's home location). */
export const ALL_LOCATIONS = 'all';

export const RUSH_OPTIONS: readonly TSelectOption[] = [
  { value: ANY, label: 'Rush or not' },
  { value: 'true', label: 'Rush only' },
  { value: 'false', label: 'Not rush' },
];

export const TAG_OPTIONS: readonly TSelectOption[] = [
  { value: ANY, label: 'Tagged or not' },
  { value: 'true', label: 'Tagged' },
  { value: 'false', label: 'Not tagged' },
];

function flag(value: boolean | null): string | undefined {
  return value === null ? undefined : String(value);
}

/** The filters as the list endpoints' query parameters; "any" is left out, and so is a blank search. */
export function jobListSearchParams<TStatus extends string, TSort extends string>(
  filters: TJobListFilters<TStatus, TSort>,
) {
  return {
    q: filters.q.trim() || undefined,
    status: filters.status ?? undefined,
    isRush: flag(filters.isRush),
    tracked: flag(filters.tracked),
    view: filters.view ?? undefined,
    locationId: filters.locationId ?? undefined,
    sort: filters.sort,
  };
}

function readFlag(value: string | null): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null;
}

function readChoice<T extends string>(value: string | null, choices: readonly T[]): T | null {
  return choices.find((choice) => choice === value) ?? null;
}

/** The list's filters live in the address, so Back from a job returns to the same list. */
export function readJobListFilters<TStatus extends string, TSort extends string>(
  params: URLSearchParams,
  choices: TJobListChoices<TStatus, TSort>,
  homeLocationId: string | null = null,
): TJobListFilters<TStatus, TSort> {
  const location = params.get('location');
  return {
    locationId: location === ALL_LOCATIONS ? null : (location ?? homeLocationId),
    q: params.get('q')?.trim() ?? '',
    status: readChoice(params.get('status'), choices.statuses),
    isRush: readFlag(params.get('rush')),
    tracked: readFlag(params.get('tagged')),
    view: readChoice(params.get('view'), JOB_VIEWS),
    sort: readChoice(params.get('sort'), choices.sorts) ?? choices.defaultSort,
  };
}
