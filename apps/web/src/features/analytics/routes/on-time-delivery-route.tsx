import { onTimeAnalytics } from '../api/get-on-time-analytics';
import { FilteredAnalyticsScreen } from '../components/analytics-screen';
import { ON_TIME_SCREEN, OnTimeDelivery } from '../components/on-time-delivery';

/** /on-time-delivery (admin, manager). */
export function OnTimeDeliveryRoute() {
  return (
    <FilteredAnalyticsScreen screen={ON_TIME_SCREEN} endpoint={onTimeAnalytics}>
      {(data) => <OnTimeDelivery data={data} />}
    </FilteredAnalyticsScreen>
  );
}
