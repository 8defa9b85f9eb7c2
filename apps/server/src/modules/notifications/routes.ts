import { ZNotificationListSchema } from '@loupe/domain/alerts/alerts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TNotificationsService } from './service.ts';

/** The header's bell (issue 15 §3): each signed-in user's own notices only. */
export async function registerNotificationsRoutes(
  instance: FastifyInstance,
  options: { notifications: TNotificationsService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { notifications } = options;

  app.get(
    '/notifications',
    apiRoute('signed-in', {
      tags: ['notifications'],
      summary: 'My latest notices and how many are unread',
      response: { 200: resultWithData(ZNotificationListSchema) },
    }),
    async (request) => ok(await notifications.list(currentUserOf(request).id)),
  );

  app.post(
    '/notifications/:id/read',
    apiRoute('signed-in', {
      tags: ['notifications'],
      summary: 'Mark one of my notices read',
      params: ZIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await notifications.markRead(currentUserOf(request).id, request.params.id);
      return { success: true as const, message: 'Marked read.' };
    },
  );

  app.post(
    '/notifications/read-all',
    apiRoute('signed-in', {
      tags: ['notifications'],
      summary: 'Mark all my notices read',
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      const count = await notifications.markAllRead(currentUserOf(request).id);
      return { success: true as const, message: `${count} marked read.` };
    },
  );
}
