import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { useLocations } from '@/lib/registry-api/get-locations';
import { analyticsQuery, isIsoDay } from '../analytics-filters';
import { useAnalyticsFigures } from '../api/analytics-endpoint';
import { comparisonAnalytics } from '../api/get-comparison-analytics';
import { AnalyticsScreen } from '../components/analytics-screen';
import { COMPARISON_SCREEN, ComparisonAnalytics } from '../components/comparison-analytics';
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
  const query = useAnalyticsFigures(comparisonAnalytics, {
    ...analyticsQuery(filterState.filters),
    ...(hasCompareRange ? { compareFrom, compareTo } : {}),
    ...(compareLocationId ? { compareLocationId } : {}),
  });
  const date = (name: string) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    if (value === '' || isIsoDay(value)) setParam(name, value || null);
  };

  return (
    <AnalyticsScreen
      screen={COMPARISON_SCREEN}
      filterState={filterState}
      query={query}
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
      {(data) => <ComparisonAnalytics data={data} />}
    </AnalyticsScreen>
  );
}
