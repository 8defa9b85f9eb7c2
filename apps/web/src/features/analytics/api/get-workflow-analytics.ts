import { ZWorkflowAnalyticsSchema } from '@loupe/domain/analytics/analytics-api';
import { analyticsEndpoint } from './analytics-endpoint';
import { analyticsQueryKeys } from './analytics-query-keys';

/** GET /analytics/workflow: throughput, work in progress, time per phase and station, bottlenecks and the prediction's error. */
export const workflowAnalytics = analyticsEndpoint(
  'analytics/workflow',
  ZWorkflowAnalyticsSchema,
  analyticsQueryKeys.workflow,
);
