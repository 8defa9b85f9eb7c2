import {
  SAFE_COUNT_MESSAGES,
  SAFE_COUNT_ROLES,
  ZChooseSafeSchema,
  ZSafeCountSchema,
  ZSafeCountSummarySchema,
  ZSafeLocationSchema,
  ZStartSafeCountSchema,
} from '@loupe/domain/safe-counts/safe-counts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TSafeCountsService } from './service.ts';

export type TSafeCountsRoutesOptions = { readonly safeCounts: TSafeCountsService };

const tags = ['safe-counts'];
const access = SAFE_COUNT_ROLES;
const countResponse = { 200: resultWithData(ZSafeCountSchema) };

/**
 * The closing count (issue 37 §5): each location's safe, the counts (started at closing or with a button),
 * a count live and as its report. Admins and managers only (SAFE_COUNT_ROLES); the service checks again.
 */
export async function registerSafeCountsRoutes(instance: FastifyInstance, options: TSafeCountsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { safeCounts } = options;

  app.get(
    '/safe-counts/locations',
    apiRoute(access, {
      tags,
      summary: 'Every location with its safe (if chosen), its stations and its running count',
      response: { 200: resultWithData(z.array(ZSafeLocationSchema)) },
    }),
    async (request) => ok(await safeCounts.locations(currentUserOf(request))),
  );

  app.put(
    '/safe-counts/locations/:locationId/safe',
    apiRoute(access, {
      tags,
      summary: 'Choose the station that is the location’s safe (null: none)',
      params: z.object({ locationId: z.string().min(1).max(64) }),
      body: ZChooseSafeSchema,
      response: { 200: resultWithData(ZSafeLocationSchema) },
    }),
    async (request) =>
      ok(
        await safeCounts.chooseSafe(
          currentUserOf(request),
          request.params.locationId,
          request.body.stationId,
        ),
        'Safe saved.',
      ),
  );

  app.get(
    '/safe-counts',
    apiRoute(access, {
      tags,
      summary: 'The counts, newest first',
      response: { 200: resultWithData(z.array(ZSafeCountSummarySchema)) },
    }),
    async (request) => ok(await safeCounts.list(currentUserOf(request))),
  );

  app.post(
    '/safe-counts',
    apiRoute(access, {
      tags,
      summary: 'Start a count at a location now (the button)',
      body: ZStartSafeCountSchema,
      response: countResponse,
    }),
    async (request) => {
      const data = await safeCounts.start(currentUserOf(request), request.body);
      return ok(data, SAFE_COUNT_MESSAGES.started(data.locationName));
    },
  );

  app.get(
    '/safe-counts/:id',
    apiRoute(access, {
      tags,
      summary: 'One count: live while it runs, its report once finished',
      params: ZIdParamsSchema,
      response: countResponse,
    }),
    async (request) => ok(await safeCounts.get(currentUserOf(request), request.params.id)),
  );

  app.post(
    '/safe-counts/:id/finish',
    apiRoute(access, {
      tags,
      summary: 'Finish a running count now; its missing pieces raise alerts',
      params: ZIdParamsSchema,
      response: countResponse,
    }),
    async (request) => {
      const data = await safeCounts.finish(currentUserOf(request), request.params.id);
      return ok(data, SAFE_COUNT_MESSAGES.finished(data.missingCount));
    },
  );
}
