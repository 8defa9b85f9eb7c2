import { listPageSchema, ZListQuerySchema } from '@loupe/domain/api/list';
import { CATALOG_EDITOR_ROLES, DESIGN_EDITOR_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZCatalogTypeInputSchema,
  ZCatalogTypeListQuerySchema,
  ZCatalogTypeSchema,
  ZCatalogTypeUpdateSchema,
  ZDesignFolderInputSchema,
  ZDesignFolderSchema,
  ZDesignFolderUpdateSchema,
  ZDesignInputSchema,
  ZDesignListQuerySchema,
  ZDesignSchema,
  ZDesignUpdateSchema,
} from '@loupe/domain/catalog/catalog';
import { CAD_MAX_BYTES } from '@loupe/domain/designs/design-files';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { registerImageRoutes } from '../attachments/image-routes.ts';
import type { TImageStorage } from '../attachments/image-storage.ts';
import { registerAttachmentsRoutes } from '../attachments/routes.ts';
import type { TAttachmentsService } from '../attachments/service.ts';
import { registerImageUploads } from '../attachments/uploads.ts';
import { currentUserOf } from '../auth/request-context.ts';
import type { TCatalogTypeKind } from './repository.ts';
import type { TCatalogService } from './service.ts';

const TYPE_ROUTES: readonly { kind: TCatalogTypeKind; path: string; noun: string; Noun: string }[] = [
  { kind: 'metal', path: '/catalog/metal-types', noun: 'metal type', Noun: 'Metal type' },
  { kind: 'product', path: '/catalog/product-types', noun: 'product type', Noun: 'Product type' },
];

/**
 * The catalog (issue 5 §2): metal and product types, design folders, designs and their images. Also
 * serves GET /attachments/{id}, the bytes of every uploaded image.
 */
export type TCatalogRoutesOptions = {
  readonly catalog: TCatalogService;
  readonly attachments: TAttachmentsService;
  readonly storage: TImageStorage;
};

export async function registerCatalogRoutes(instance: FastifyInstance, options: TCatalogRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { catalog, attachments, storage } = options;

  // A design's CAD files may be larger than an image; the storage keeps images to their own limit.
  await registerImageUploads(app, { maxFileBytes: CAD_MAX_BYTES });
  await app.register(registerAttachmentsRoutes, { attachments });

  for (const { kind, path, noun, Noun } of TYPE_ROUTES) {
    app.get(
      path,
      apiRoute('signed-in', {
        tags: ['catalog'],
        summary: `List ${noun}s by name (isActive=true: only those offered for new orders)`,
        querystring: ZCatalogTypeListQuerySchema,
        response: { 200: resultWithData(listPageSchema(ZCatalogTypeSchema)) },
      }),
      async (request) => ok(await catalog.listTypes(currentUserOf(request), kind, request.query)),
    );

    app.post(
      path,
      apiRoute(CATALOG_EDITOR_ROLES, {
        tags: ['catalog'],
        summary: `Create a ${noun} (names are unique, whatever the case)`,
        body: ZCatalogTypeInputSchema,
        response: { 201: resultWithData(ZCatalogTypeSchema) },
      }),
      async (request, reply) => {
        const data = await catalog.createType(currentUserOf(request), kind, request.body);
        return reply.status(201).send(ok(data, `${Noun} created.`));
      },
    );

    app.patch(
      `${path}/:id`,
      apiRoute(CATALOG_EDITOR_ROLES, {
        tags: ['catalog'],
        summary: `Rename a ${noun}, or retire it (isActive false) so new orders no longer choose it`,
        params: ZIdParamsSchema,
        body: ZCatalogTypeUpdateSchema,
        response: { 200: resultWithData(ZCatalogTypeSchema) },
      }),
      async (request) => {
        const data = await catalog.updateType(currentUserOf(request), kind, request.params.id, request.body);
        return ok(data, `${Noun} updated.`);
      },
    );

    app.delete(
      `${path}/:id`,
      apiRoute(CATALOG_EDITOR_ROLES, {
        tags: ['catalog'],
        summary: `Delete a ${noun} no order uses (one in use answers 409: retire it instead)`,
        params: ZIdParamsSchema,
        response: { 200: ZMessageResultSchema },
      }),
      async (request) => {
        await catalog.deleteType(currentUserOf(request), kind, request.params.id);
        return { success: true as const, message: `${Noun} deleted.` };
      },
    );
  }

  app.get(
    '/catalog/design-folders',
    apiRoute('signed-in', {
      tags: ['catalog'],
      summary: 'List design folders by name, each with the number of designs directly inside',
      querystring: ZListQuerySchema,
      response: { 200: resultWithData(listPageSchema(ZDesignFolderSchema)) },
    }),
    async (request) => ok(await catalog.listFolders(currentUserOf(request), request.query)),
  );

  app.post(
    '/catalog/design-folders',
    apiRoute(DESIGN_EDITOR_ROLES, {
      tags: ['catalog'],
      summary: 'Create a design folder, at the top or inside another',
      body: ZDesignFolderInputSchema,
      response: { 201: resultWithData(ZDesignFolderSchema) },
    }),
    async (request, reply) => {
      const data = await catalog.createFolder(currentUserOf(request), request.body);
      return reply.status(201).send(ok(data, 'Folder created.'));
    },
  );

  app.patch(
    '/catalog/design-folders/:id',
    apiRoute(DESIGN_EDITOR_ROLES, {
      tags: ['catalog'],
      summary: 'Rename or move a design folder (never into itself or one of its subfolders)',
      params: ZIdParamsSchema,
      body: ZDesignFolderUpdateSchema,
      response: { 200: resultWithData(ZDesignFolderSchema) },
    }),
    async (request) => {
      const data = await catalog.updateFolder(currentUserOf(request), request.params.id, request.body);
      return ok(data, 'Folder updated.');
    },
  );

  app.delete(
    '/catalog/design-folders/:id',
    apiRoute(DESIGN_EDITOR_ROLES, {
      tags: ['catalog'],
      summary: 'Delete a folder without subfolders; its designs stay, in no folder',
      params: ZIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await catalog.deleteFolder(currentUserOf(request), request.params.id);
      return { success: true as const, message: 'Folder deleted.' };
    },
  );

  app.get(
    '/catalog/designs',
    apiRoute('signed-in', {
      tags: ['catalog'],
      summary: 'List designs by name; q matches name or description, folderId one folder (none: unfiled)',
      querystring: ZDesignListQuerySchema,
      response: { 200: resultWithData(listPageSchema(ZDesignSchema)) },
    }),
    async (request) => ok(await catalog.listDesigns(currentUserOf(request), request.query)),
  );

  app.post(
    '/catalog/designs',
    apiRoute(DESIGN_EDITOR_ROLES, {
      tags: ['catalog'],
      summary: 'Create a design (images are uploaded to it afterwards)',
      body: ZDesignInputSchema,
      response: { 201: resultWithData(ZDesignSchema) },
    }),
    async (request, reply) => {
      const data = await catalog.createDesign(currentUserOf(request), request.body);
      return reply.status(201).send(ok(data, 'Design created.'));
    },
  );

  app.post(
    '/catalog/designs/:id/copy',
    apiRoute(DESIGN_EDITOR_ROLES, {
      tags: ['catalog'],
      summary: 'Copy a library design into a new custom design, with copies of its images',
      params: ZIdParamsSchema,
      body: z.object({ name: ZDesignInputSchema.shape.name.optional() }),
      response: { 201: resultWithData(ZDesignSchema) },
    }),
    async (request, reply) => {
      const data = await catalog.copyDesign(currentUserOf(request), request.params.id, request.body);
      return reply.status(201).send(ok(data, 'Design copied.'));
    },
  );

  app.get(
    '/catalog/designs/:id',
    apiRoute('signed-in', {
      tags: ['catalog'],
      summary: 'One design with its images',
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZDesignSchema) },
    }),
    async (request) => ok(await catalog.getDesign(currentUserOf(request), request.params.id)),
  );

  app.patch(
    '/catalog/designs/:id',
    apiRoute(DESIGN_EDITOR_ROLES, {
      tags: ['catalog'],
      summary: 'Change a design (fields left out keep their value)',
      params: ZIdParamsSchema,
      body: ZDesignUpdateSchema,
      response: { 200: resultWithData(ZDesignSchema) },
    }),
    async (request) => {
      const data = await catalog.updateDesign(currentUserOf(request), request.params.id, request.body);
      return ok(data, 'Design updated.');
    },
  );

  app.delete(
    '/catalog/designs/:id',
    apiRoute(DESIGN_EDITOR_ROLES, {
      tags: ['catalog'],
      summary: 'Delete a design and its images',
      params: ZIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await catalog.deleteDesign(currentUserOf(request), request.params.id);
      return { success: true as const, message: 'Design deleted.' };
    },
  );

  registerImageRoutes(app, {
    path: '/catalog/designs/:id/images',
    tag: 'catalog',
    allowCad: true,
    access: DESIGN_EDITOR_ROLES,
    noun: 'file',
    summaries: {
      upload: 'Upload images or CAD files (STL, OBJ, 3DM, STEP) of a design',
      remove: 'Remove an image of a design (its file too)',
    },
    storage,
    images: {
      assertMayAdd: (actor, id) => catalog.assertMayAddImages(actor, id),
      add: (actor, id, images) => catalog.addDesignImages(actor, id, images),
      remove: (actor, id, imageId) => catalog.removeDesignImage(actor, id, imageId),
    },
  });
}
