import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { TAccess } from '../plugins/access-control.ts';

/** The OpenAPI security requirement of the /api/v1 routes: a bearer id token. */
const bearerDoc = { security: [{ idToken: [] }] };

/** A row's UUID in the path (`/orders/:id`). */
export const ZIdParamsSchema = z.object({ id: z.uuid() });

/** The rules a person's id token passes: their routes document the bearer id token. */
const isForPeople = (access: TAccess) => access !== 'public' && access !== 'reader' && access !== 'tv-device';

/**
 * A route's options as every /api route declares them (docs/architecture.md): who may call it (`access`,
 * checked before the body is read) and its schema (validation and the OpenAPI document). A rule that needs a
 * signed-in person documents the bearer id token. `config` adds the rest of the route's config (its own
 * rate limit).
 *
 *   app.get('/customers', apiRoute('signed-in', { tags: ['customers'], summary: '…', response: {…} }), handler)
 */
export function apiRoute<const S extends FastifySchema>(
  access: TAccess,
  schema: S,
  config: Omit<FastifyContextConfig, 'access'> = {},
) {
  return {
    config: { ...config, access },
    schema: (isForPeople(access) ? { ...schema, ...bearerDoc } : schema) as S,
  };
}
