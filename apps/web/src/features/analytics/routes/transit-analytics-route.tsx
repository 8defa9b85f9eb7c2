import { useAnalyticsFigures } from '../api/analytics-endpoint';
import { transitAnalytics } from '../api/get-transit-analytics';
import { AnalyticsScreen } from '../components/analytics-screen';
import { TRANSIT_SCREEN, TransitAnalytics } from '../components/transit-analytics';
import { useAnalyticsFilters } from '../hooks/use-analytics-filters';

/** /transit-analytics (admin, manager): bags are filtered by dates and location only, not by the jobs in them. */
export function TransitAnalyticsRoute() {
  const filterState = useAnalyticsFilters();
  const { from, to, locationId } = filterState.filters;
  const query = useAnalyticsFigures(transitAnalytics, { from, to, ...(locationId ? { locationId } : {}) });
  return (
    <AnalyticsScreen screen={TRANSIT_SCREEN} filterState={filterState} query={query} hasJobFilters={false}>
      {(data) => <TransitAnalytics data={data} />}
    </AnalyticsScreen>
  );
}
