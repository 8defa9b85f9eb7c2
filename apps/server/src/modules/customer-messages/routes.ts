import { ORDER_EDITOR_ROLES, REPAIR_MANAGER_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZCustomerMessageDraftQuerySchema,
  ZCustomerMessageDraftSchema,
  ZCustomerMessageSettingsChangesSchema,
  ZCustomerMessageSettingsSchema,
  ZOutboxMessageSchema,
  ZOutboxQuerySchema,
  ZSendCustomerMessageInputSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import type { TPublicJobKind } from '@loupe/domain/public-tracking/public-tracking';
import { SETTINGS_SECTION_ACCESS } from '@loupe/domain/settings/sections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import type { TAccess } from '../../plugins/access-control.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import type { TCustomerMessagesService } from './service.ts';

const sectionAccess = SETTINGS_SECTION_ACCESS['customer-messages'];
const managers: TAccess = sectionAccess === 'all' ? 'signed-in' : sectionAccess;

/**
 * Customer messages (issue 15 §5): Settings › customer messages and the outbox for admins and managers; the job
 * page's "Send message to customer" for whoever may change the job's status.
 */
export async function registerCustomerMessagesRoutes(
  instance: FastifyInstance,
  options: { readonly customerMessages: TCustomerMessagesService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { customerMessages } = options;

  app.get(
    '/settings/customer-messages',
    apiRoute(managers, {
      tags: ['settings'],
      summary: 'Customer message templates, send mode and SMS sender (the auth token only as set or not)',
      response: { 200: resultWithData(ZCustomerMessageSettingsSchema) },
    }),
    async (request) => ok(await customerMessages.settings(currentUserOf(request))),
  );

  app.put(
    '/settings/customer-messages',
    apiRoute(managers, {
      tags: ['settings'],
      summary:
        'Change customer message settings (fields left out keep their value; sms.authToken is write-only, null clears it)',
      body: ZCustomerMessageSettingsChangesSchema,
      response: { 200: resultWithData(ZCustomerMessageSettingsSchema) },
    }),
    async (request) => ({
      success: true as const,
      message: 'Customer message settings saved.',
      data: await customerMessages.updateSettings(
        currentUserOf(request),
        request.body,
        requestContext(request),
      ),
    }),
  );

  app.get(
    '/customer-messages',
    apiRoute(managers, {
      tags: ['customer-messages'],
      summary: 'The customer-message outbox, newest first, with each delivery status and last error',
      querystring: ZOutboxQuerySchema,
      response: { 200: resultWithData(z.array(ZOutboxMessageSchema)) },
    }),
    async (request) => ok(await customerMessages.outbox(currentUserOf(request), request.query)),
  );

  app.post(
    '/customer-messages/:id/retry',
    apiRoute(managers, {
      tags: ['customer-messages'],
      summary: 'Send a queued or failed message again at the next sweep, with a fresh count of attempts',
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZOutboxMessageSchema) },
    }),
    async (request) =>
      ok(
        await customerMessages.retry(currentUserOf(request), request.params.id),
        'The message will be sent again shortly.',
      ),
  );

  const jobs: readonly { kind: TPublicJobKind; path: string; access: TAccess }[] = [
    { kind: 'order', path: '/orders/:id/customer-message', access: ORDER_EDITOR_ROLES },
    { kind: 'repair', path: '/repairs/:id/customer-message', access: REPAIR_MANAGER_ROLES },
  ];
  for (const { kind, path, access } of jobs) {
    app.get(
      path,
      apiRoute(access, {
        tags: [`${kind}s`],
        summary: `Preview the message to the ${kind}'s customer for an event (its current status's by default)`,
        params: ZIdParamsSchema,
        querystring: ZCustomerMessageDraftQuerySchema,
        response: { 200: resultWithData(ZCustomerMessageDraftSchema) },
      }),
      async (request) => ({
        success: true as const,
        data: await customerMessages.draft(
          currentUserOf(request),
          kind,
          request.params.id,
          request.query.event,
        ),
      }),
    );

    app.post(
      path,
      apiRoute(
        access,
        {
          tags: [`${kind}s`],
          summary: `Send the message for an event to the ${kind}'s customer (queued in the outbox)`,
          params: ZIdParamsSchema,
          body: ZSendCustomerMessageInputSchema,
          response: { 201: resultWithData(z.array(ZOutboxMessageSchema)) },
        },
        { rateLimit: { max: 30, timeWindow: '1 minute' } },
      ),
      async (request, reply) => {
        const data = await customerMessages.send(
          currentUserOf(request),
          kind,
          request.params.id,
          request.body.event,
        );
        const message =
          data.length === 0
            ? 'Nothing to send: the customer cannot be reached this way.'
            : `Message queued (${data.map((row) => (row.channel === 'sms' ? 'SMS' : 'e-mail')).join(' and ')}).`;
        return reply.status(201).send(ok(data, message));
      },
    );
  }
}
