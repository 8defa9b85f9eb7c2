import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { workshopIsoDate } from '@/lib/date-format';
import { FILTER_PARAMS, readAnalyticsFilters, type TAnalyticsFilters } from '../analytics-filters';

export type TAnalyticsFilterState = {
  readonly filters: TAnalyticsFilters;
  /** Sets one address parameter (a filter or a screen's own); '' and null remove it. */
  readonly setParam: (name: string, value: string | null) => void;
  /**
   * Sets several at once: React Router's setter does not queue like React's, so two calls in one event would
   * lose the first.
   */
  readonly setParams: (values: Readonly<Record<string, string | null>>) => void;
  /** A screen's own address parameter, beyond the shared filters. */
  readonly param: (name: string) => string | null;
  /** Back to the default range with nothing narrowed; a screen's own parameters stay. */
  readonly clearFilters: () => void;
};

/** The shared analytics filters, read from and written to the address (replacing, so Back leaves the screen). */
export function useAnalyticsFilters(today: string = workshopIsoDate(new Date())): TAnalyticsFilterState {
  const [params, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readAnalyticsFilters(params, today), [params, today]);

  function setParams(values: Readonly<Record<string, string | null>>) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  function clearFilters() {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of FILTER_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  return {
    filters,
    setParam: (name, value) => setParams({ [name]: value }),
    setParams,
    param: (name) => params.get(name),
    clearFilters,
  };
}
