import { listPageSchema } from '@loupe/domain/api/list';
import { ORDER_EDITOR_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZCreateOrderInputSchema,
  ZOrderListItemSchema,
  ZOrderListQuerySchema,
  ZOrderSchema,
  ZUpdateOrderInputSchema,
} from '@loupe/domain/orders/order';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resultWithData } from '../../lib/api-response.ts';
import { bearerDoc, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { registerImageRoutes } from '../attachments/image-routes.ts';
import type { TImageStorage } from '../attachments/image-storage.ts';
import { registerImageUploads } from '../attachments/uploads.ts';
import { currentUserOf } from '../auth/request-context.ts';
import { registerHistoryRoute } from '../jobs/history-route.ts';
import type { TOrdersService } from './service.ts';

/** Orders (issue 5 §3): read by everyone signed in, created and edited by ORDER_EDITOR_ROLES (spec §6). */
export async function registerOrdersRoutes(
  instance: FastifyInstance,
  options: {
    readonly orders: TOrdersService;
    readonly storage: TImageStorage;
  },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { orders, storage } = options;

  await registerImageUploads(app);

  app.get(
    '/orders',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary:
          'List orders a page at a time: q searches number, customer and description; filter by status, rush and tracking; sort newest, oldest, promised or number',
        ...bearerDoc,
        querystring: ZOrderListQuerySchema,
        response: { 200: resultWithData(listPageSchema(ZOrderListItemSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await orders.list(currentUserOf(request), request.query),
    }),
  );

  app.post(
    '/orders',
    {
      config: { access: ORDER_EDITOR_ROLES },
      schema: {
        tags: ['orders'],
        summary:
          'Create an order: numbered from the orders settings, status new, promised by default after the lead time',
        ...bearerDoc,
        body: ZCreateOrderInputSchema,
        response: { 201: resultWithData(ZOrderSchema) },
      },
    },
    async (request, reply) => {
      const order = await orders.create(currentUserOf(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: `Order ${order.orderNumber} created.`, data: order });
    },
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'One order with its customer, photos and where it is now',
        ...bearerDoc,
        params: ZIdParamsSchema,
        response: { 200: resultWithData(ZOrderSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await orders.get(currentUserOf(request), request.params.id),
    }),
  );

  app.patch(
    '/orders/:id',
    {
      config: { access: ORDER_EDITOR_ROLES },
      schema: {
        tags: ['orders'],
        summary:
          'Change an order (fields left out keep their value); the status moves only along the allowed transitions',
        ...bearerDoc,
        params: ZIdParamsSchema,
        body: ZUpdateOrderInputSchema,
        response: { 200: resultWithData(ZOrderSchema) },
      },
    },
    async (request) => {
      const order = await orders.update(currentUserOf(request), request.params.id, request.body);
      return { success: true as const, message: `Order ${order.orderNumber} saved.`, data: order };
    },
  );

  registerHistoryRoute(app, {
    path: '/orders/:id/history',
    tag: 'orders',
    access: 'signed-in',
    summary: 'Every change of an order, newest first, with who made it',
    history: (actor, id, query) => orders.history(actor, id, query),
  });

  registerImageRoutes(app, {
    path: '/orders/:id/photos',
    tag: 'orders',
    access: ORDER_EDITOR_ROLES,
    noun: 'photo',
    summaries: {
      upload: 'Upload intake photos of an order',
      remove: 'Remove a photo of an order (its file too)',
    },
    storage,
    images: {
      assertMayAdd: (actor, id) => orders.assertMayAddPhotos(actor, id),
      add: (actor, id, images) => orders.addPhotos(actor, id, images),
      remove: (actor, id, imageId) => orders.removePhoto(actor, id, imageId),
    },
  });
}
