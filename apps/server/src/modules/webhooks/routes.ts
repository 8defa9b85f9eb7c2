import { ADMIN_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZWebhookDeliveryPageSchema,
  ZWebhookDeliveryQuerySchema,
  ZWebhookDeliverySchema,
  ZWebhookSubscriptionChangesSchema,
  ZWebhookSubscriptionInputSchema,
  ZWebhookSubscriptionSchema,
  ZWebhookSubscriptionWithSecretSchema,
} from '@loupe/domain/integrations/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TWebhooksService } from './service.ts';

const tags = ['webhooks'];

/**
 * Settings › integrations (issue 41): webhook subscriptions, their secrets (shown once), a test event, and the
 * delivery log with replay. Admins only. What each event's body looks like is in the OpenAPI document's
 * `webhooks` section (plugins/api-docs.ts).
 */
export async function registerWebhooksRoutes(
  instance: FastifyInstance,
  options: { readonly webhooks: TWebhooksService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { webhooks } = options;

  app.get(
    '/webhooks',
    apiRoute(ADMIN_ROLES, {
      tags,
      summary: 'Webhook subscriptions, oldest first (secrets are never listed)',
      response: { 200: resultWithData(z.array(ZWebhookSubscriptionSchema)) },
    }),
    async (request) => ok(await webhooks.list(currentUserOf(request))),
  );

  app.post(
    '/webhooks',
    apiRoute(ADMIN_ROLES, {
      tags,
      summary:
        'Subscribe an address to event types; the answer carries the signing secret, shown this once (the URL passes the outbound check unless allowPrivateNetwork)',
      body: ZWebhookSubscriptionInputSchema,
      response: { 201: resultWithData(ZWebhookSubscriptionWithSecretSchema) },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await webhooks.create(currentUserOf(request), request.body),
            'Webhook added. Copy its secret now: it is not shown again.',
          ),
        ),
  );

  app.patch(
    '/webhooks/:id',
    apiRoute(ADMIN_ROLES, {
      tags,
      summary:
        'Change a webhook (fields left out keep their value); enabled: true turns a disabled one on again',
      params: ZIdParamsSchema,
      body: ZWebhookSubscriptionChangesSchema,
      response: { 200: resultWithData(ZWebhookSubscriptionSchema) },
    }),
    async (request) =>
      ok(await webhooks.update(currentUserOf(request), request.params.id, request.body), 'Webhook saved.'),
  );

  app.delete(
    '/webhooks/:id',
    apiRoute(ADMIN_ROLES, {
      tags,
      summary: 'Remove a webhook and its delivery log',
      params: ZIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await webhooks.remove(currentUserOf(request), request.params.id);
      return { success: true as const, message: 'Webhook removed.' };
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    apiRoute(ADMIN_ROLES, {
      tags,
      summary: 'Replace the signing secret; the new one is in this answer only',
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZWebhookSubscriptionWithSecretSchema) },
    }),
    async (request) =>
      ok(
        await webhooks.rotateSecret(currentUserOf(request), request.params.id),
        'New secret made. Copy it now: it is not shown again.',
      ),
  );

  app.post(
    '/webhooks/:id/test',
    apiRoute(
      ADMIN_ROLES,
      {
        tags,
        summary:
          'Queue a webhook.test event to this webhook and start sending it (the log shows the outcome)',
        params: ZIdParamsSchema,
        response: { 202: resultWithData(ZWebhookDeliverySchema) },
      },
      { rateLimit: { max: 30, timeWindow: '1 minute' } },
    ),
    async (request, reply) =>
      reply
        .status(202)
        .send(
          ok(
            await webhooks.sendTest(currentUserOf(request), request.params.id),
            'Test event sent: its outcome appears in the delivery log.',
          ),
        ),
  );

  app.get(
    '/webhooks/deliveries',
    apiRoute(ADMIN_ROLES, {
      tags,
      summary:
        'The delivery log, newest first, each with its attempts and their status codes (paged by cursor)',
      querystring: ZWebhookDeliveryQuerySchema,
      response: { 200: resultWithData(ZWebhookDeliveryPageSchema) },
    }),
    async (request) => ok(await webhooks.deliveries(currentUserOf(request), request.query)),
  );

  app.post(
    '/webhooks/deliveries/:id/replay',
    apiRoute(ADMIN_ROLES, {
      tags,
      summary:
        'Send a delivered or failed delivery again, with the same webhook-id and a fresh 24 h of retries',
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZWebhookDeliverySchema) },
    }),
    async (request) =>
      ok(
        await webhooks.replay(currentUserOf(request), request.params.id),
        'The delivery will be sent again.',
      ),
  );
}
