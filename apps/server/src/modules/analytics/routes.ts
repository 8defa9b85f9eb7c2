import {
  ZAnalyticsFilterSchema,
  ZCapacityAnalyticsSchema,
  ZCapacityQuerySchema,
  ZComparisonAnalyticsSchema,
  ZComparisonQuerySchema,
  ZOnTimeAnalyticsSchema,
  ZPredictionsQuerySchema,
  ZPredictionsSchema,
  ZProductTypeAnalyticsSchema,
  ZRootCauseAnalyticsSchema,
  ZRootCauseQuerySchema,
  ZWorkflowAnalyticsSchema,
} from '@loupe/domain/analytics/analytics-api';
import { ZTransitAnalyticsSchema, ZTransitQuerySchema } from '@loupe/domain/analytics/transit';
import { ANALYTICS_VIEWER_ROLES } from '@loupe/domain/auth/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import type { TCurrentUser } from '../auth/current-user.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TAnalyticsService } from './service.ts';

export type TAnalyticsRoutesOptions = { readonly analytics: TAnalyticsService };

/** What the OpenAPI document says of each analytics screen. */
const SCREEN_SUMMARIES = {
  workflow:
    'Workflow analytics: throughput, WIP per phase, time per phase and station, bottlenecks, prediction error',
  'on-time': 'On-time delivery by month, product type, salesperson and location; days early/late; late jobs',
  'product-types': 'Cycle time, rework rate and on-time rate per product type and metal',
  comparison: 'Two periods and/or two locations side by side, with the change of each figure',
  capacity: 'Load per department and station for the coming weeks against capacity; what-if for a rush job',
  'root-cause': 'Late jobs: the phase, station or offsite leg that ran furthest over its median; top causes',
  transit:
    'Transit between locations per route and carrier: bags, envelopes, median and p90 hours, short and overdue bags',
} as const;

/**
 * The analytics API (issue 13): the six Workflow & Analytics screens, for admins and managers, and predicted
 * completion, for whoever sees the jobs. The service checks the permission again; `access` is the first gate.
 */
export async function registerAnalyticsRoutes(instance: FastifyInstance, options: TAnalyticsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { analytics } = options;
  const access = ANALYTICS_VIEWER_ROLES;

  /** One analytics screen: GET /analytics/<name> for the viewers of analytics, its filter as the query. */
  function screen<Q extends z.ZodType, D extends z.ZodType>(
    name: keyof typeof SCREEN_SUMMARIES,
    query: Q,
    data: D,
    read: (actor: TCurrentUser, query: z.output<Q>) => Promise<z.output<D>>,
  ) {
    app.get(
      `/analytics/${name}`,
      apiRoute(access, {
        tags: ['analytics'],
        summary: SCREEN_SUMMARIES[name],
        querystring: query as z.ZodType,
        // Widened for Fastify's generics: `read` is typed against the schema already.
        response: { 200: resultWithData(data as z.ZodType) },
      }),
      async (request) => ok(await read(currentUserOf(request), request.query as z.output<Q>)),
    );
  }

  screen('workflow', ZAnalyticsFilterSchema, ZWorkflowAnalyticsSchema, analytics.workflow);
  screen('on-time', ZAnalyticsFilterSchema, ZOnTimeAnalyticsSchema, analytics.onTime);
  screen('product-types', ZAnalyticsFilterSchema, ZProductTypeAnalyticsSchema, analytics.productTypes);
  screen('comparison', ZComparisonQuerySchema, ZComparisonAnalyticsSchema, analytics.comparison);
  screen('capacity', ZCapacityQuerySchema, ZCapacityAnalyticsSchema, analytics.capacity);
  screen('root-cause', ZRootCauseQuerySchema, ZRootCauseAnalyticsSchema, analytics.rootCause);
  screen('transit', ZTransitQuerySchema, ZTransitAnalyticsSchema, analytics.transit);

  app.get(
    '/analytics/predictions',
    // The lists show predictions to everyone who sees them; the service keeps repairs to their viewers.
    apiRoute('signed-in', {
      tags: ['analytics'],
      summary: 'Predicted completion of open orders and repairs (p25–p80 interval, late risk), by id',
      querystring: ZPredictionsQuerySchema,
      response: { 200: resultWithData(ZPredictionsSchema) },
    }),
    async (request) => {
      const ids = request.query.ids
        ?.split(',')
        .map((id) => id.trim())
        .filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      return ok(await analytics.predictions(currentUserOf(request), { kind: request.query.kind, ids }));
    },
  );
}
