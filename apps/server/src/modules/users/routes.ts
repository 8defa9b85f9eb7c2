import { ADMIN_ROLES } from '@loupe/domain/auth/permissions';
import {
  ZManagedUserChangesSchema,
  ZManagedUserPageSchema,
  ZManagedUserQuerySchema,
  ZManagedUserSchema,
  ZNewManagedUserSchema,
} from '@loupe/domain/users/managed-user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { apiRoute } from '../../lib/route-schemas.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import type { TUsersService } from './service.ts';

const ZOutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});

const ZUserIdParamsSchema = z.object({ id: z.uuid() });

/** User administration and the mail outbox (issue 3 item 6), admins only; the rules live in service.ts. */
export async function registerUsersRoutes(
  instance: FastifyInstance,
  options: { readonly usersAdmin: TUsersService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const usersService = options.usersAdmin;

  app.post(
    '/users/:id/mfa/reset',
    apiRoute(ADMIN_ROLES, {
      tags: ['users'],
      summary:
        'Turn a user’s two-step sign-in off (lost authenticator): forgets its seed, e-mail codes and remembered devices',
      params: ZUserIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await usersService.resetSecondFactors(
        currentUserOf(request),
        request.params.id,
        requestContext(request),
      );
      return { success: true as const, message: 'Two-step sign-in reset.' };
    },
  );

  registerResourceRoutes(app, {
    path: '/users',
    tag: 'users',
    access: { read: ADMIN_ROLES, write: ADMIN_ROLES },
    item: ZManagedUserSchema,
    list: {
      summary: 'List users (search by e-mail or name)',
      query: ZManagedUserQuerySchema,
      response: ZManagedUserPageSchema,
      run: ({ actor, query }) => usersService.list(actor, query),
    },
    create: {
      summary: 'Create a user with a temporary password (they choose their own at first sign-in)',
      body: ZNewManagedUserSchema,
      message: 'User created.',
      run: ({ actor, body, context }) => usersService.create(actor, body, context),
    },
    update: {
      summary: 'Change a user’s role, names or phone, or disable (signs them out at once) or enable them',
      body: ZManagedUserChangesSchema,
      message: 'User updated.',
      run: ({ actor, id, body, context }) => usersService.update(actor, id, body, context),
    },
    remove: {
      summary: 'Delete a user and end their sessions',
      message: 'User deleted.',
      run: ({ actor, id, context }) => usersService.remove(actor, id, context),
    },
  });

  app.post(
    '/users/:id/unlock',
    apiRoute(ADMIN_ROLES, {
      tags: ['users'],
      summary: 'Lift the slow-down of a user’s sign-ins after wrong passwords, from every address and device',
      params: ZUserIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await usersService.unlockSignIn(currentUserOf(request), request.params.id, requestContext(request));
      return { success: true as const, message: 'Sign-in unlocked.' };
    },
  );

  app.get(
    '/mail/outbox',
    apiRoute(ADMIN_ROLES, {
      tags: ['mail'],
      summary: 'The latest 100 mails, newest first, with their delivery state',
      response: { 200: resultWithData(z.object({ items: z.array(ZOutboxMailSchema) })) },
    }),
    async (request) => ok({ items: await usersService.outbox(currentUserOf(request)) }),
  );
}
