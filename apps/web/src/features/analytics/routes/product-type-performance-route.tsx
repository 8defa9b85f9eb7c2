import { analyticsQuery } from '../analytics-filters';
import { useProductTypesAnalytics } from '../api/get-product-type-analytics';
import { AnalyticsPage } from '../components/analytics-page';
import { isProductTypesEmpty, ProductTypePerformance } from '../components/product-type-performance';
import { useAnalyticsFilters } from '../hooks/use-analytics-filters';

/** /product-type-performance (admin, manager). */
export function ProductTypePerformanceRoute() {
  const filterState = useAnalyticsFilters();
  const query = useProductTypesAnalytics(analyticsQuery(filterState.filters));
  return (
    <AnalyticsPage
      title="Product Type Performance"
      description="How long rings, pendants, earrings and repairs take, and how often they come back for rework."
      filterState={filterState}
      query={query}
      errorTitle="Could not load the product-type figures"
      isEmpty={query.data ? isProductTypesEmpty(query.data) : false}
      emptyTitle="No deliveries in this period"
      emptyText="No job was delivered in these dates with these filters. Widen the dates or clear a filter."
      skeletons={3}
    >
      {query.data ? <ProductTypePerformance data={query.data} /> : null}
    </AnalyticsPage>
  );
}
