import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { useLocations } from '@/lib/registry-api/get-locations';
import { analyticsQuery, isIsoDay } from '../analytics-filters';
import { useComparisonAnalytics } from '../api/get-comparison-analytics';
import { AnalyticsPage } from '../components/analytics-page';
import { ComparisonAnalytics, isComparisonEmpty } from '../components/comparison-analytics';
import { ANY } from '../components/filter-bar';
import { useAnalyticsFilters } from '../hooks/use-analytics-filters';

/**
 * /comparison-analytics (admin, manager). Side A is the filter bar; side B replaces its dates and/or its
 * location (`compareFrom`, `compareTo`, `compareLocationId`); without dates B is the period just before A.
 */
export function ComparisonAnalyticsRoute() {
  const filterState = useAnalyticsFilters();
  const { param, setParam } = filterState;
  const locations = useLocations();
  const compareFrom = param('compareFrom');
  const compareTo = param('compareTo');
  const compareLocationId = param('compareLocationId');
  const hasCompareRange = isIsoDay(compareFrom) && isIsoDay(compareTo);
  const query = useComparisonAnalytics({
    ...analyticsQuery(filterState.filters),
    ...(hasCompareRange ? { compareFrom, compareTo } : {}),
    ...(compareLocationId ? { compareLocationId } : {}),
  });
  const date = (name: string) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    if (value === '' || isIsoDay(value)) setParam(name, value || null);
  };

  return (
    <AnalyticsPage
      title="Comparison Analytics"
      description="This period against another, and one location against another, side by side."
      filterState={filterState}
      query={query}
      errorTitle="Could not load the comparison"
      isEmpty={query.data ? isComparisonEmpty(query.data) : false}
      emptyTitle="Nothing to compare in these periods"
      emptyText="Neither side has any started or delivered job with these filters. Widen the dates or clear a filter."
      extraFilters={
        <>
          <p className="basis-full text-sm font-medium">
            Compare with (side B){hasCompareRange ? '' : ': the period just before, unless you pick dates'}
          </p>
          <FormField
            label="B from"
            type="date"
            value={compareFrom ?? ''}
            onChange={date('compareFrom')}
            className="w-full sm:w-44"
          />
          <FormField
            label="B to"
            type="date"
            value={compareTo ?? ''}
            onChange={date('compareTo')}
            className="w-full sm:w-44"
          />
          <SelectField
            label="B location"
            value={compareLocationId ?? ANY}
            onValueChange={(value) => setParam('compareLocationId', value === ANY ? null : value)}
            options={[
              { value: ANY, label: 'Same as A' },
              ...(locations.data?.items ?? []).map((location) => ({
                value: location.id,
                label: location.name,
              })),
            ]}
            className="w-full sm:w-56"
          />
        </>
      }
    >
      {query.data ? <ComparisonAnalytics data={query.data} /> : null}
    </AnalyticsPage>
  );
}
