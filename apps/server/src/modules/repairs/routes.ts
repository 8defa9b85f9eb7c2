import { listPageSchema } from '@loupe/domain/api/list';
import { REPAIR_MANAGER_ROLES, REPAIR_VIEWER_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZCreateRepairInputSchema,
  ZRepairListItemSchema,
  ZRepairListQuerySchema,
  ZRepairSchema,
  ZUpdateRepairInputSchema,
} from '@loupe/domain/repairs/repair';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resultWithData } from '../../lib/api-response.ts';
import { bearerDoc, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { registerImageRoutes } from '../attachments/image-routes.ts';
import type { TImageStorage } from '../attachments/image-storage.ts';
import { registerImageUploads } from '../attachments/uploads.ts';
import { currentUserOf } from '../auth/request-context.ts';
import { registerHistoryRoute } from '../jobs/history-route.ts';
import type { TRepairsService } from './service.ts';

/** Repairs (issue 5 §3): seen by REPAIR_VIEWER_ROLES, taken in and managed by REPAIR_MANAGER_ROLES (spec §6). */
export async function registerRepairsRoutes(
  instance: FastifyInstance,
  options: {
    readonly repairs: TRepairsService;
    readonly storage: TImageStorage;
  },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { repairs, storage } = options;

  await registerImageUploads(app);

  app.get(
    '/repairs',
    {
      config: { access: REPAIR_VIEWER_ROLES },
      schema: {
        tags: ['repairs'],
        summary:
          'List repairs a page at a time: q searches number, customer and item; filter by status, rush and tracking; sort newest, oldest, promised or number',
        ...bearerDoc,
        querystring: ZRepairListQuerySchema,
        response: { 200: resultWithData(listPageSchema(ZRepairListItemSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await repairs.list(currentUserOf(request), request.query),
    }),
  );

  app.post(
    '/repairs',
    {
      config: { access: REPAIR_MANAGER_ROLES },
      schema: {
        tags: ['repairs'],
        summary:
          'Take in a repair: numbered from the orders settings, status received, promised by default after the repair lead time',
        ...bearerDoc,
        body: ZCreateRepairInputSchema,
        response: { 201: resultWithData(ZRepairSchema) },
      },
    },
    async (request, reply) => {
      const repair = await repairs.create(currentUserOf(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: `Repair ${repair.repairNumber} created.`, data: repair });
    },
  );

  app.get(
    '/repairs/:id',
    {
      config: { access: REPAIR_VIEWER_ROLES },
      schema: {
        tags: ['repairs'],
        summary: 'One repair with its customer, photos and where it is now',
        ...bearerDoc,
        params: ZIdParamsSchema,
        response: { 200: resultWithData(ZRepairSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await repairs.get(currentUserOf(request), request.params.id),
    }),
  );

  app.patch(
    '/repairs/:id',
    {
      config: { access: REPAIR_MANAGER_ROLES },
      schema: {
        tags: ['repairs'],
        summary:
          'Change a repair (fields left out keep their value); the status moves only along the allowed transitions',
        ...bearerDoc,
        params: ZIdParamsSchema,
        body: ZUpdateRepairInputSchema,
        response: { 200: resultWithData(ZRepairSchema) },
      },
    },
    async (request) => {
      const repair = await repairs.update(currentUserOf(request), request.params.id, request.body);
      return { success: true as const, message: `Repair ${repair.repairNumber} saved.`, data: repair };
    },
  );

  registerHistoryRoute(app, {
    path: '/repairs/:id/history',
    tag: 'repairs',
    access: REPAIR_VIEWER_ROLES,
    summary: 'Every change of a repair, newest first, with who made it',
    history: (actor, id, query) => repairs.history(actor, id, query),
  });

  registerImageRoutes(app, {
    path: '/repairs/:id/photos',
    tag: 'repairs',
    access: REPAIR_MANAGER_ROLES,
    noun: 'photo',
    summaries: {
      upload: 'Upload photos of a repair (its condition at intake, the finished work)',
      remove: 'Remove a photo of a repair (its file too)',
    },
    storage,
    images: {
      assertMayAdd: (actor, id) => repairs.assertMayAddPhotos(actor, id),
      add: (actor, id, images) => repairs.addPhotos(actor, id, images),
      remove: (actor, id, imageId) => repairs.removePhoto(actor, id, imageId),
    },
  });
}
