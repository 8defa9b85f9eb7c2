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
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TAnalyticsService } from './service.ts';

export type TAnalyticsRoutesOptions = { readonly analytics: TAnalyticsService };

/**
 * The analytics API (issue 13): the six Workflow & Analytics screens, for admins and managers, and predicted
 * completion, for whoever sees the jobs. The service checks the permission again; `access` is the first gate.
 */
export async function registerAnalyticsRoutes(instance: FastifyInstance, options: TAnalyticsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { analytics } = options;
  const access = ANALYTICS_VIEWER_ROLES;

  app.get(
    '/analytics/workflow',
    apiRoute(access, {
      tags: ['analytics'],
      summary:
        'Workflow analytics: throughput, WIP per phase, time per phase and station, bottlenecks, prediction error',
      querystring: ZAnalyticsFilterSchema,
      response: { 200: resultWithData(ZWorkflowAnalyticsSchema) },
    }),
    async (request) => ok(await analytics.workflow(currentUserOf(request), request.query)),
  );

  app.get(
    '/analytics/on-time',
    apiRoute(access, {
      tags: ['analytics'],
      summary:
        'On-time delivery by month, product type, salesperson and location; days early/late; late jobs',
      querystring: ZAnalyticsFilterSchema,
      response: { 200: resultWithData(ZOnTimeAnalyticsSchema) },
    }),
    async (request) => ok(await analytics.onTime(currentUserOf(request), request.query)),
  );

  app.get(
    '/analytics/product-types',
    apiRoute(access, {
      tags: ['analytics'],
      summary: 'Cycle time, rework rate and on-time rate per product type and metal',
      querystring: ZAnalyticsFilterSchema,
      response: { 200: resultWithData(ZProductTypeAnalyticsSchema) },
    }),
    async (request) => ok(await analytics.productTypes(currentUserOf(request), request.query)),
  );

  app.get(
    '/analytics/comparison',
    apiRoute(access, {
      tags: ['analytics'],
      summary: 'Two periods and/or two locations side by side, with the change of each figure',
      querystring: ZComparisonQuerySchema,
      response: { 200: resultWithData(ZComparisonAnalyticsSchema) },
    }),
    async (request) => ok(await analytics.comparison(currentUserOf(request), request.query)),
  );

  app.get(
    '/analytics/capacity',
    apiRoute(access, {
      tags: ['analytics'],
      summary:
        'Load per department and station for the coming weeks against capacity; what-if for a rush job',
      querystring: ZCapacityQuerySchema,
      response: { 200: resultWithData(ZCapacityAnalyticsSchema) },
    }),
    async (request) => ok(await analytics.capacity(currentUserOf(request), request.query)),
  );

  app.get(
    '/analytics/root-cause',
    apiRoute(access, {
      tags: ['analytics'],
      summary: 'Late jobs: the phase, station or offsite leg that ran furthest over its median; top causes',
      querystring: ZRootCauseQuerySchema,
      response: { 200: resultWithData(ZRootCauseAnalyticsSchema) },
    }),
    async (request) => ok(await analytics.rootCause(currentUserOf(request), request.query)),
  );

  app.get(
    '/analytics/transit',
    apiRoute(access, {
      tags: ['analytics'],
      summary:
        'Transit between locations per route and carrier: bags, envelopes, median and p90 hours, short and overdue bags',
      querystring: ZTransitQuerySchema,
      response: { 200: resultWithData(ZTransitAnalyticsSchema) },
    }),
    async (request) => ok(await analytics.transit(currentUserOf(request), request.query)),
  );

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
