import { listPageSchema } from '@loupe/domain/api/list';
import { ORDER_EDITOR_ROLES } from '@loupe/domain/auth/permissions';
import { ZAttachmentSchema } from '@loupe/domain/catalog/catalog';
import { ZItemChangeListQuerySchema, ZItemChangeSchema } from '@loupe/domain/history/item-change';
import {
  ZCreateOrderInputSchema,
  ZOrderListItemSchema,
  ZOrderListQuerySchema,
  ZOrderSchema,
  ZUpdateOrderInputSchema,
} from '@loupe/domain/orders/order';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../app.ts';
import { resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { createImageStorage } from '../attachments/image-storage.ts';
import { imageUploadDoc, keepImagesIf, receiveImages, registerImageUploads } from '../attachments/uploads.ts';
import { currentUserOf } from '../auth/request-context.ts';
import { createOrdersService } from './service.ts';

const bearerDoc = { security: [{ idToken: [] }] };
const ZIdParamsSchema = z.object({ id: z.uuid() });

/** Orders (issue 5 §3): read by everyone signed in, created and edited by ORDER_EDITOR_ROLES (spec §6). */
export async function registerOrdersRoutes(instance: FastifyInstance, options: { services: TServices }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = options;
  const storage = createImageStorage({ dataDir: services.config.DATA_DIR, logger: app.log });
  const orders = createOrdersService({
    db: services.database.db,
    clock: services.clock,
    events: services.events,
    settings: services.settings,
    storage,
  });

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

  app.get(
    '/orders/:id/history',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'Every change of an order, newest first, with who made it',
        ...bearerDoc,
        params: ZIdParamsSchema,
        querystring: ZItemChangeListQuerySchema,
        response: { 200: resultWithData(listPageSchema(ZItemChangeSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await orders.history(currentUserOf(request), request.params.id, request.query),
    }),
  );

  app.post(
    '/orders/:id/photos',
    {
      config: { access: ORDER_EDITOR_ROLES },
      schema: {
        tags: ['orders'],
        summary: 'Upload intake photos of an order',
        ...imageUploadDoc,
        ...bearerDoc,
        params: ZIdParamsSchema,
        response: { 201: resultWithData(z.array(ZAttachmentSchema)) },
      },
    },
    async (request, reply) => {
      const actor = currentUserOf(request);
      await orders.assertMayAddPhotos(actor, request.params.id);
      const images = await receiveImages(request, storage);
      const data = await keepImagesIf(storage, images, () =>
        orders.addPhotos(actor, request.params.id, images),
      );
      const message = data.length === 1 ? 'Photo uploaded.' : `${data.length} photos uploaded.`;
      return reply.status(201).send({ success: true as const, message, data });
    },
  );

  app.delete(
    '/orders/:id/photos/:imageId',
    {
      config: { access: ORDER_EDITOR_ROLES },
      schema: {
        tags: ['orders'],
        summary: 'Remove a photo of an order (its file too)',
        ...bearerDoc,
        params: z.object({ id: z.uuid(), imageId: z.uuid() }),
        response: { 200: ZMessageResultSchema },
      },
    },
    async (request) => {
      await orders.removePhoto(currentUserOf(request), request.params.id, request.params.imageId);
      return { success: true as const, message: 'Photo removed.' };
    },
  );
}
