import { analyticsQuery } from '../analytics-filters';
import { useOnTimeAnalytics } from '../api/get-on-time-analytics';
import { AnalyticsPage } from '../components/analytics-page';
import { isOnTimeEmpty, OnTimeDelivery } from '../components/on-time-delivery';
import { useAnalyticsFilters } from '../hooks/use-analytics-filters';

/** /on-time-delivery (admin, manager). */
export function OnTimeDeliveryRoute() {
  const filterState = useAnalyticsFilters();
  const query = useOnTimeAnalytics(analyticsQuery(filterState.filters));
  return (
    <AnalyticsPage
      title="On-Time Delivery"
      description="How often pieces are ready by the promised date, by month, product type, salesperson and location."
      filterState={filterState}
      query={query}
      errorTitle="Could not load the on-time figures"
      isEmpty={query.data ? isOnTimeEmpty(query.data) : false}
      emptyTitle="No deliveries in this period"
      emptyText="No job with a promised date was delivered in these dates with these filters. Widen the dates or clear a filter."
    >
      {query.data ? <OnTimeDelivery data={query.data} /> : null}
    </AnalyticsPage>
  );
}
