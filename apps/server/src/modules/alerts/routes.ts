import {
  ZAlertQuerySchema,
  ZAlertRulesSchema,
  ZAlertSchema,
  ZResolveAlertSchema,
} from '@loupe/domain/alerts/alerts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import { ALERT_MANAGER_ROLES, ALERT_VIEWER_ROLES, type TAlertsService } from './service.ts';

/** The alerts feed and its rules (issue 15 §1, §2). The service checks every permission again. */
export async function registerAlertsRoutes(instance: FastifyInstance, options: { alerts: TAlertsService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { alerts } = options;

  app.get(
    '/alerts',
    apiRoute(ALERT_VIEWER_ROLES, {
      tags: ['alerts'],
      summary: 'The alerts feed: open first, then by severity and time; filters by status, severity and rule',
      querystring: ZAlertQuerySchema,
      response: { 200: resultWithData(z.array(ZAlertSchema)) },
    }),
    async (request) => ok(await alerts.list(currentUserOf(request), request.query)),
  );

  app.post(
    '/alerts/:id/acknowledge',
    apiRoute(ALERT_VIEWER_ROLES, {
      tags: ['alerts'],
      summary: 'Acknowledge an alert: someone is on it (who and when are kept)',
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZAlertSchema) },
    }),
    async (request) =>
      ok(await alerts.acknowledge(currentUserOf(request), request.params.id), 'Alert acknowledged.'),
  );

  app.post(
    '/alerts/:id/resolve',
    apiRoute(ALERT_MANAGER_ROLES, {
      tags: ['alerts'],
      summary: 'Resolve an alert with a note saying what was done',
      params: ZIdParamsSchema,
      body: ZResolveAlertSchema,
      response: { 200: resultWithData(ZAlertSchema) },
    }),
    async (request) =>
      ok(await alerts.resolve(currentUserOf(request), request.params.id, request.body), 'Alert resolved.'),
  );

  app.get(
    '/alerts/rules',
    apiRoute(ALERT_VIEWER_ROLES, {
      tags: ['alerts'],
      summary: 'The alert rules: which are on, their limits and severities',
      response: { 200: resultWithData(ZAlertRulesSchema) },
    }),
    async (request) => ok(await alerts.rules(currentUserOf(request))),
  );

  app.put(
    '/alerts/rules',
    apiRoute(ALERT_MANAGER_ROLES, {
      tags: ['alerts'],
      summary: 'Change the alert rules (admins and managers)',
      body: ZAlertRulesSchema,
      response: { 200: resultWithData(ZAlertRulesSchema) },
    }),
    async (request) =>
      ok(
        await alerts.updateRules(currentUserOf(request), request.body, requestContext(request)),
        'Alert rules saved.',
      ),
  );
}
