import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ANY, readJobListFilters, type TJobListChoices, type TJobListFilters } from './job-list-filters';

export const JOB_SEARCH_DEBOUNCE_MS = 300;

export type TJobListFilterState<TStatus extends string, TSort extends string> = {
  readonly choices: TJobListChoices<TStatus, TSort>;
  /** What the server is asked for: the address's filters. */
  readonly filters: TJobListFilters<TStatus, TSort>;
  /** The search box as typed, ahead of `filters.q` while typing goes on. */
  readonly text: string;
  readonly setText: (text: string) => void;
  /** Sets one address parameter; '', null and "any" remove it. */
  readonly setParam: (name: string, value: string | null) => void;
  readonly hasFilters: boolean;
  /** Empties the search and the filters, keeping the sort. */
  readonly clearAll: () => void;
};

/** A job list's search, filters and sort, kept in the address and searched once typing pauses. */
export function useJobListFilters<TStatus extends string, TSort extends string>(
  choices: TJobListChoices<TStatus, TSort>,
): TJobListFilterState<TStatus, TSort> {
  const [params, setParams] = useSearchParams();
  // People who work at one location see its jobs first (issue 39); "All locations" is one choice away.
  const homeLocationId = useAuth().user?.homeLocationId ?? null;
  const filters = useMemo(
    () => readJobListFilters(params, choices, homeLocationId),
    [params, choices, homeLocationId],
  );
  const [text, setText] = useState(filters.q);
  const q = useDebouncedValue(text.trim(), JOB_SEARCH_DEBOUNCE_MS);

  function setParam(name: string, value: string | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '' || value === ANY) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  // The debounced search text goes to the address (and so to the server) once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text should write the address.
  useEffect(() => {
    if (q !== filters.q) setParam('q', q);
  }, [q]);

  function clearAll() {
    setText('');
    setParams(filters.sort === choices.defaultSort ? {} : { sort: filters.sort }, { replace: true });
  }

  return {
    choices,
    filters,
    text,
    setText,
    setParam,
    hasFilters:
      filters.status !== null || filters.isRush !== null || filters.tracked !== null || filters.view !== null,
    clearAll,
  };
}
