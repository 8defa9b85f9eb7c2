import { ZListQuerySchema } from '@loupe/domain/api/list';
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
import { ok, resultWithData } from '../../lib/api-response.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
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
    registerResourceRoutes(app, {
      path,
      tag: 'catalog',
      access: { read: 'signed-in', write: CATALOG_EDITOR_ROLES },
      item: ZCatalogTypeSchema,
      list: {
        summary: `List ${noun}s by name (isActive=true: only those offered for new orders)`,
        query: ZCatalogTypeListQuerySchema,
        run: ({ actor, query }) => catalog.listTypes(actor, kind, query),
      },
      create: {
        summary: `Create a ${noun} (names are unique, whatever the case)`,
        body: ZCatalogTypeInputSchema,
        message: `${Noun} created.`,
        run: ({ actor, body }) => catalog.createType(actor, kind, body),
      },
      update: {
        summary: `Rename a ${noun}, or retire it (isActive false) so new orders no longer choose it`,
        body: ZCatalogTypeUpdateSchema,
        message: `${Noun} updated.`,
        run: ({ actor, id, body }) => catalog.updateType(actor, kind, id, body),
      },
      remove: {
        summary: `Delete a ${noun} no order uses (one in use answers 409: retire it instead)`,
        message: `${Noun} deleted.`,
        run: ({ actor, id }) => catalog.deleteType(actor, kind, id),
      },
    });
  }

  registerResourceRoutes(app, {
    path: '/catalog/design-folders',
    tag: 'catalog',
    access: { read: 'signed-in', write: DESIGN_EDITOR_ROLES },
    item: ZDesignFolderSchema,
    list: {
      summary: 'List design folders by name, each with the number of designs directly inside',
      query: ZListQuerySchema,
      run: ({ actor, query }) => catalog.listFolders(actor, query),
    },
    create: {
      summary: 'Create a design folder, at the top or inside another',
      body: ZDesignFolderInputSchema,
      message: 'Folder created.',
      run: ({ actor, body }) => catalog.createFolder(actor, body),
    },
    update: {
      summary: 'Rename or move a design folder (never into itself or one of its subfolders)',
      body: ZDesignFolderUpdateSchema,
      message: 'Folder updated.',
      run: ({ actor, id, body }) => catalog.updateFolder(actor, id, body),
    },
    remove: {
      summary: 'Delete a folder without subfolders; its designs stay, in no folder',
      message: 'Folder deleted.',
      run: ({ actor, id }) => catalog.deleteFolder(actor, id),
    },
  });

  registerResourceRoutes(app, {
    path: '/catalog/designs',
    tag: 'catalog',
    access: { read: 'signed-in', write: DESIGN_EDITOR_ROLES },
    item: ZDesignSchema,
    list: {
      summary: 'List designs by name; q matches name or description, folderId one folder (none: unfiled)',
      query: ZDesignListQuerySchema,
      run: ({ actor, query }) => catalog.listDesigns(actor, query),
    },
    create: {
      summary: 'Create a design (images are uploaded to it afterwards)',
      body: ZDesignInputSchema,
      message: 'Design created.',
      run: ({ actor, body }) => catalog.createDesign(actor, body),
    },
    get: { summary: 'One design with its images', run: ({ actor, id }) => catalog.getDesign(actor, id) },
    update: {
      summary: 'Change a design (fields left out keep their value)',
      body: ZDesignUpdateSchema,
      message: 'Design updated.',
      run: ({ actor, id, body }) => catalog.updateDesign(actor, id, body),
    },
    remove: {
      summary: 'Delete a design and its images',
      message: 'Design deleted.',
      run: ({ actor, id }) => catalog.deleteDesign(actor, id),
    },
  });

  app.post(
    '/catalog/designs/:id/copy',
    apiRoute(DESIGN_EDITOR_ROLES, {
      tags: ['catalog'],
      summary: 'Copy a library design into a new custom design, with copies of its images',
      params: ZIdParamsSchema,
      body: z.object({ name: ZDesignInputSchema.unwrap().shape.name.optional() }),
      response: { 201: resultWithData(ZDesignSchema) },
    }),
    async (request, reply) => {
      const data = await catalog.copyDesign(currentUserOf(request), request.params.id, request.body);
      return reply.status(201).send(ok(data, 'Design copied.'));
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
