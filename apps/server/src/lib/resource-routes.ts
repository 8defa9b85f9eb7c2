import { listPageSchema, type TListPage } from '@loupe/domain/api/list';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TCurrentUser } from '../modules/auth/current-user.ts';
import { currentUserOf, requestContext } from '../modules/auth/request-context.ts';
import type { TRequestContext } from '../modules/auth/service.ts';
import type { TAccess } from '../plugins/access-control.ts';
import { ok, resultWithData, ZMessageResultSchema } from './api-response.ts';
import { apiRoute, ZIdParamsSchema } from './route-schemas.ts';

/** Who asks: the person for the service's access check, and the request for the audit log. */
export type TCaller = { readonly actor: TCurrentUser; readonly context: TRequestContext };

/** The toast's message of a change: fixed, or made from the row it answers with ("Bench TV is paired."). */
type TMessage<T> = string | ((data: T) => string);

type TOperation<TCall, TResult> = {
  /** The OpenAPI document's one-line summary. */
  readonly summary: string;
  readonly run: (call: TCaller & TCall) => Promise<TResult>;
};

/**
 * A resource's routes (the rows a settings or list screen keeps): which of list, create, one, change and
 * delete it has, who may read and who may write, and the shapes they take and answer.
 */
export type TResourceRoutes<TItem, TQuery, TList, TCreate, TCreated, TUpdate> = {
  /** `/customers`: list and create there, one, change and delete at `/customers/:id`. */
  readonly path: string;
  readonly tag: string;
  /** Who may list and read one; who may create, change and delete. */
  readonly access: { readonly read: TAccess; readonly write: TAccess };
  /** A row as the answers give it. */
  readonly item: z.ZodType<TItem>;
  /** The `:id` of the path: a UUID unless given (registry ids, reader ids). */
  readonly params?: z.ZodType<{ id: string }>;
  readonly list?: TOperation<{ readonly query: TQuery }, TList> & {
    readonly query?: z.ZodType<TQuery>;
    /** A page of `item` (api/list.ts) unless given. */
    readonly response?: z.ZodType<TList>;
  };
  readonly create?: TOperation<{ readonly body: TCreate }, TCreated> & {
    readonly body: z.ZodType<TCreate>;
    /** `item` unless given (a reader's answer holds its key, shown once). */
    readonly response?: z.ZodType<TCreated>;
    readonly message: TMessage<TCreated>;
    /** The rest of the route's config (its own rate limit). */
    readonly config?: Omit<FastifyContextConfig, 'access'>;
  };
  readonly get?: TOperation<{ readonly id: string }, TItem>;
  readonly update?: TOperation<{ readonly id: string; readonly body: TUpdate }, TItem> & {
    readonly body: z.ZodType<TUpdate>;
    readonly message: TMessage<TItem>;
    /** PATCH (fields left out keep their value) unless the change replaces the row. */
    readonly method?: 'patch' | 'put';
  };
  readonly remove?: TOperation<{ readonly id: string }, unknown> & { readonly message: string };
};

const messageOf = <T>(message: TMessage<T>, data: T) =>
  typeof message === 'string' ? message : message(data);

/**
 * Registers a resource's routes from its table, in the order list, create, one, change, delete; each
 * declares its access and schema through `apiRoute` and answers with `ok()` (docs/architecture.md). A
 * resource's other routes (an export, an antenna's mapping) are declared beside it as usual.
 */
export function registerResourceRoutes<
  TItem,
  TQuery = undefined,
  TList = TListPage<TItem>,
  TCreate = never,
  TCreated = TItem,
  TUpdate = never,
>(
  instance: FastifyInstance,
  resource: TResourceRoutes<TItem, TQuery, TList, TCreate, TCreated, TUpdate>,
): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { path, access, item, list, create, get, update, remove } = resource;
  const tags = [resource.tag];
  const params = resource.params ?? ZIdParamsSchema;
  const one = `${path}/:id`;
  const callerOf = (request: Parameters<typeof currentUserOf>[0]): TCaller => ({
    actor: currentUserOf(request),
    context: requestContext(request),
  });

  if (list) {
    const response = list.response ?? listPageSchema(item);
    app.get(
      path,
      apiRoute(access.read, {
        tags,
        summary: list.summary,
        ...(list.query ? { querystring: list.query } : {}),
        response: { 200: resultWithData(response) },
      }),
      async (request) => ok(await list.run({ ...callerOf(request), query: request.query as TQuery })),
    );
  }

  if (create) {
    const response = create.response ?? item;
    app.post(
      path,
      apiRoute(
        access.write,
        { tags, summary: create.summary, body: create.body, response: { 201: resultWithData(response) } },
        create.config,
      ),
      async (request, reply) => {
        const data = await create.run({ ...callerOf(request), body: request.body as TCreate });
        return reply.status(201).send(ok(data, messageOf(create.message, data)));
      },
    );
  }

  if (get) {
    app.get(
      one,
      apiRoute(access.read, {
        tags,
        summary: get.summary,
        params,
        response: { 200: resultWithData(item) },
      }),
      async (request) => ok(await get.run({ ...callerOf(request), id: request.params.id })),
    );
  }

  if (update) {
    app[update.method ?? 'patch'](
      one,
      apiRoute(access.write, {
        tags,
        summary: update.summary,
        params,
        body: update.body,
        response: { 200: resultWithData(item) },
      }),
      async (request) => {
        const body = request.body as TUpdate;
        const data = await update.run({ ...callerOf(request), id: request.params.id, body });
        return ok(data, messageOf(update.message, data));
      },
    );
  }

  if (remove) {
    app.delete(
      one,
      apiRoute(access.write, {
        tags,
        summary: remove.summary,
        params,
        response: { 200: ZMessageResultSchema },
      }),
      async (request) => {
        await remove.run({ ...callerOf(request), id: request.params.id });
        return { success: true as const, message: remove.message };
      },
    );
  }
}
