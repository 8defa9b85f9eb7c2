import { listPageSchema, type TListPage } from '@loupe/domain/api/list';
import {
  type TItemChange,
  type TItemChangeListQuery,
  ZItemChangeListQuerySchema,
  ZItemChangeSchema,
} from '@loupe/domain/history/item-change';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resultWithData } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import type { TAccess } from '../../plugins/access-control.ts';
import type { TCurrentUser } from '../auth/current-user.ts';
import { currentUserOf } from '../auth/request-context.ts';

/** GET {path}: the change history of an order or repair, a page at a time, newest first. */
export function registerHistoryRoute(
  instance: FastifyInstance,
  options: {
    /** e.g. `/orders/:id/history` */
    readonly path: string;
    readonly tag: string;
    readonly access: TAccess;
    readonly summary: string;
    /** The service's history; it checks the caller's access itself. */
    readonly history: (
      actor: TCurrentUser,
      id: string,
      query: TItemChangeListQuery,
    ) => Promise<TListPage<TItemChange>>;
  },
): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    options.path,
    apiRoute(options.access, {
      tags: [options.tag],
      summary: options.summary,
      params: ZIdParamsSchema,
      querystring: ZItemChangeListQuerySchema,
      response: { 200: resultWithData(listPageSchema(ZItemChangeSchema)) },
    }),
    async (request) => ({
      success: true as const,
      data: await options.history(currentUserOf(request), request.params.id, request.query),
    }),
  );
}
