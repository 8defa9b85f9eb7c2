import { productTypeAnalytics } from '../api/get-product-type-analytics';
import { FilteredAnalyticsScreen } from '../components/analytics-screen';
import { PRODUCT_TYPE_SCREEN, ProductTypePerformance } from '../components/product-type-performance';

/** /product-type-performance (admin, manager). */
export function ProductTypePerformanceRoute() {
  return (
    <FilteredAnalyticsScreen screen={PRODUCT_TYPE_SCREEN} endpoint={productTypeAnalytics}>
      {(data) => <ProductTypePerformance data={data} />}
    </FilteredAnalyticsScreen>
  );
}
