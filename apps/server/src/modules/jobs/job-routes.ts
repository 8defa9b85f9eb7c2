import { listPageSchema } from '@loupe/domain/api/list';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { TAccess } from '../../plugins/access-control.ts';
import { registerImageRoutes } from '../attachments/image-routes.ts';
import type { TImageStorage } from '../attachments/image-storage.ts';
import { registerImageUploads } from '../attachments/uploads.ts';
import { registerHistoryRoute } from './history-route.ts';
import type { TJobListQuery, TJobService } from './job-service.ts';

/** A kind's routes: its path, its words, who may read and who may change, and the shapes it answers. */
export type TJobRoutes<TItem, TListItem, TCreate, TUpdate, TQuery extends TJobListQuery> = {
  /** `/orders` or `/repairs` (spec §7 names neither; the web app's paths are the same words). */
  readonly path: string;
  /** "Order", "Repair": the answers' messages ("Order ORD-00042 saved."). */
  readonly noun: string;
  readonly access: { readonly read: TAccess; readonly write: TAccess };
  readonly schemas: {
    readonly listQuery: z.ZodType<TQuery>;
    readonly listItem: z.ZodType<TListItem>;
    readonly item: z.ZodType<TItem>;
    readonly create: z.ZodType<TCreate>;
    readonly update: z.ZodType<TUpdate>;
  };
  /** The OpenAPI document's one-line summaries. */
  readonly summaries: {
    readonly list: string;
    readonly create: string;
    readonly get: string;
    readonly update: string;
    readonly history: string;
    readonly upload: string;
    readonly remove: string;
  };
};

/**
 * Orders and repairs over HTTP (issue 5 §3, issue 33 §2): one set of routes, registered once per kind with
 * that kind's path, words, access rules and schemas. Every route declares its schema and its access.
 */
export async function registerJobRoutes<TItem, TListItem, TCreate, TUpdate, TQuery extends TJobListQuery>(
  instance: FastifyInstance,
  options: {
    readonly routes: TJobRoutes<TItem, TListItem, TCreate, TUpdate, TQuery>;
    readonly service: TJobService<TItem, TListItem, TCreate, TUpdate>;
    readonly storage: TImageStorage;
  },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { routes, service, storage } = options;
  const { path, noun, access, schemas, summaries } = routes;
  const tag = `${service.spec.kind}s`;

  await registerImageUploads(app);

  registerResourceRoutes(app, {
    path,
    tag,
    access,
    item: schemas.item,
    list: {
      summary: summaries.list,
      query: schemas.listQuery,
      response: listPageSchema(schemas.listItem),
      run: ({ actor, query }) => service.list(actor, query),
    },
    create: {
      summary: summaries.create,
      body: schemas.create,
      message: (item) => `${noun} ${service.spec.numberOf(item)} created.`,
      run: ({ actor, body }) => service.create(actor, body),
    },
    get: { summary: summaries.get, run: ({ actor, id }) => service.get(actor, id) },
    update: {
      summary: summaries.update,
      body: schemas.update,
      message: (item) => `${noun} ${service.spec.numberOf(item)} saved.`,
      run: ({ actor, id, body }) => service.update(actor, id, body),
    },
  });

  registerHistoryRoute(app, {
    path: `${path}/:id/history`,
    tag,
    access: access.read,
    summary: summaries.history,
    history: (actor, id, query) => service.history(actor, id, query),
  });

  registerImageRoutes(app, {
    path: `${path}/:id/photos`,
    tag,
    access: access.write,
    noun: 'photo',
    summaries: { upload: summaries.upload, remove: summaries.remove },
    storage,
    images: {
      assertMayAdd: (actor, id) => service.assertMayAddPhotos(actor, id),
      add: (actor, id, images) => service.addPhotos(actor, id, images),
      remove: (actor, id, imageId) => service.removePhoto(actor, id, imageId),
    },
  });
}
