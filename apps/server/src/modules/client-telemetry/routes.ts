import {
  ZClientTelemetryBatchSchema,
  ZSystemHealthQuerySchema,
  ZSystemHealthSchema,
} from '@loupe/domain/system/client-telemetry';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TClientTelemetryService } from './service.ts';

/** A browser flushes every 30 s and when hidden; this leaves room for many tabs, not for a flood. */
const REPORTS_PER_MINUTE = 30;

export async function registerClientTelemetryRoutes(
  instance: FastifyInstance,
  options: { readonly clientTelemetry: TClientTelemetryService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { clientTelemetry } = options;

  app.post(
    '/telemetry/client',
    apiRoute(
      'signed-in',
      {
        tags: ['system'],
        summary: "The browser's own errors and request timings (issue 36 §2)",
        body: ZClientTelemetryBatchSchema,
        response: { 202: resultWithData(z.object({ errors: z.number(), metrics: z.number() })) },
      },
      {
        // Sent with `keepalive` when the page is hidden, when no CSRF token may be at hand. The bearer token
        // in the Authorization header is what a cross-site page cannot send, so the CSRF check adds nothing.
        csrfExempt: true,
        rateLimit: {
          max: REPORTS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => request.currentUser?.id ?? request.ip,
        },
      },
    ),
    async (request, reply) => {
      const version = request.headers['x-client-version'];
      const accepted = await clientTelemetry.report(
        currentUserOf(request),
        request.body,
        typeof version === 'string' ? version : null,
      );
      return reply.status(202).send(ok(accepted));
    },
  );

  app.get(
    '/telemetry/health',
    apiRoute(['admin'], {
      tags: ['system'],
      summary: 'System health: recent client errors, slow requests, p50/p95 by endpoint',
      querystring: ZSystemHealthQuerySchema,
      response: { 200: resultWithData(ZSystemHealthSchema) },
    }),
    async (request) => ok(await clientTelemetry.health(currentUserOf(request), request.query)),
  );
}
