import type {
  TAnalyticsFilterInput,
  TCapacityQueryInput,
  TComparisonQueryInput,
  TRootCauseQueryInput,
} from '@loupe/domain/analytics/analytics-api';
import type { TTransitQueryInput } from '@loupe/domain/analytics/transit';

/** The capacity query as sent: `weeks` is a number here (the schema coerces the query string's text). */
export type TCapacityQuery = Omit<TCapacityQueryInput, 'weeks'> & { readonly weeks?: number };

/** The analytics screens' queries, each keyed by its whole query so every filter change is its own entry. */
export const analyticsQueryKeys = {
  all: ['analytics'] as const,
  workflow: (query: TAnalyticsFilterInput) => ['analytics', 'workflow', query] as const,
  onTime: (query: TAnalyticsFilterInput) => ['analytics', 'on-time', query] as const,
  productTypes: (query: TAnalyticsFilterInput) => ['analytics', 'product-types', query] as const,
  comparison: (query: TComparisonQueryInput) => ['analytics', 'comparison', query] as const,
  capacity: (query: TCapacityQuery) => ['analytics', 'capacity', query] as const,
  rootCause: (query: TRootCauseQueryInput) => ['analytics', 'root-cause', query] as const,
  transit: (query: TTransitQueryInput) => ['analytics', 'transit', query] as const,
  /** What the filter bar offers. */
  productTypeOptions: ['analytics', 'options', 'product-types'] as const,
  salespeople: ['analytics', 'options', 'salespeople'] as const,
};
