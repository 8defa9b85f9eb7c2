import { createCapacityAnalytics } from './capacity.ts';
import { createComparisonAnalytics } from './comparison.ts';
import { createAnalyticsContext, type TAnalyticsServiceOptions } from './context.ts';
import { createOnTimeAnalytics } from './on-time.ts';
import { createPredictions } from './predictions.ts';
import { createProductTypeAnalytics } from './product-types.ts';
import { createRootCauseAnalytics } from './root-cause.ts';
import { createTransitAnalytics } from './transit.ts';
import { createWorkflowAnalytics } from './workflow.ts';

/**
 * The analytics screens (issue 13), one file each: workflow, on-time, product types, comparison, capacity and
 * root cause, and the predictions the job lists show. Each checks access, resolves its filters in the workshop's
 * zone (scope.ts) and reads its own SQL (`<screen>-repository.ts`).
 */
export function createAnalyticsService(options: TAnalyticsServiceOptions) {
  const context = createAnalyticsContext(options);
  const { predictions, predictionsFor } = createPredictions(context);
  return {
    workflow: createWorkflowAnalytics(context),
    onTime: createOnTimeAnalytics(context),
    productTypes: createProductTypeAnalytics(context),
    comparison: createComparisonAnalytics(context),
    capacity: createCapacityAnalytics(context),
    rootCause: createRootCauseAnalytics(context),
    transit: createTransitAnalytics(context),
    predictions,
    predictionsFor,
  };
}

export type TAnalyticsService = ReturnType<typeof createAnalyticsService>;
