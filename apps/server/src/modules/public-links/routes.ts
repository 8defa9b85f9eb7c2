import { REPAIR_VIEWER_ROLES, TRACKING_LINK_ISSUER_ROLES } from '@loupe/domain/auth/permissions';
import {
  type TPublicJobKind,
  ZPublicTrackingSchema,
  ZTrackingLinkSchema,
  ZTrackingLinkStateSchema,
} from '@loupe/domain/public-tracking/public-tracking';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import type { TAccess } from '../../plugins/access-control.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import type { TPublicLinksService } from './service.ts';

// Any string up to a sane length reaches the service, which answers one 404 for every wrong token.
const ZTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** How many times one address may open tracking pages a minute: plenty for a customer, little for a guesser. */
const PUBLIC_LIMIT_PER_MINUTE = 30;

/**
 * Public tracking links (issue 15 §6): `…/tracking-link` of an order or repair, shown to staff who may see it
 * and issued or revoked by those who edit it (issue 34 §5), and
 * the public view of a token, rate-limited, answering TRACKING_LINK_NOT_FOUND (404) for any token not live.
 */
export async function registerPublicLinksRoutes(
  instance: FastifyInstance,
  options: { readonly publicLinks: TPublicLinksService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { publicLinks } = options;

  // Whoever may see the job shows its link (to print the ticket); whoever edits it issues and revokes it.
  const jobs: readonly { kind: TPublicJobKind; path: string; access: TAccess; manage: TAccess }[] = [
    // Everyone signed in sees orders; repairs their viewers (spec §6).
    {
      kind: 'order',
      path: '/orders/:id/tracking-link',
      access: 'signed-in',
      manage: TRACKING_LINK_ISSUER_ROLES.order,
    },
    {
      kind: 'repair',
      path: '/repairs/:id/tracking-link',
      access: REPAIR_VIEWER_ROLES,
      manage: TRACKING_LINK_ISSUER_ROLES.repair,
    },
  ];
  for (const { kind, path, access, manage } of jobs) {
    app.get(
      path,
      apiRoute(access, {
        tags: [`${kind}s`],
        summary: `The ${kind}'s public tracking link, or null when none is live`,
        params: ZIdParamsSchema,
        response: { 200: resultWithData(ZTrackingLinkStateSchema) },
      }),
      async (request) => ok({ link: await publicLinks.get(currentUserOf(request), kind, request.params.id) }),
    );

    app.post(
      path,
      apiRoute(
        manage,
        {
          tags: [`${kind}s`],
          summary: `Issue the ${kind}'s public tracking link (the live one when it has one)`,
          params: ZIdParamsSchema,
          response: { 200: resultWithData(ZTrackingLinkSchema) },
        },
        { rateLimit: { max: 30, timeWindow: '1 minute' } },
      ),
      async (request) => ({
        success: true as const,
        data: await publicLinks.ensure(
          currentUserOf(request),
          kind,
          request.params.id,
          requestContext(request),
        ),
      }),
    );

    app.delete(
      path,
      apiRoute(manage, {
        tags: [`${kind}s`],
        summary: `Revoke the ${kind}'s public tracking link: it answers 404 from now on`,
        params: ZIdParamsSchema,
        response: { 200: ZMessageResultSchema },
      }),
      async (request) => {
        await publicLinks.revoke(currentUserOf(request), kind, request.params.id, requestContext(request));
        return { success: true as const, message: 'Tracking link revoked.' };
      },
    );
  }

  app.get(
    '/public/tracking/:token',
    {
      config: {
        access: 'public',
        rateLimit: { max: PUBLIC_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['public'],
        summary:
          "A job's public view for its tracking link: stage, promised date and the shop's contact, nothing else",
        params: ZTokenParamsSchema,
        response: { 200: resultWithData(ZPublicTrackingSchema) },
      },
    },
    async (request, reply) => {
      // A capability in the URL: kept out of caches and search engines.
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      return ok(await publicLinks.view(request.params.token));
    },
  );
}
