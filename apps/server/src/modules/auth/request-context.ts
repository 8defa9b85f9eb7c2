import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyRequest } from 'fastify';
import type { TCurrentUser } from './current-user.ts';
import type { TRequestContext } from './service.ts';

/** The caller of a route that is not public; access control has already verified them. */
export function currentUserOf(request: FastifyRequest): TCurrentUser {
  if (!request.currentUser) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return request.currentUser;
}

/** Who asked, for the audit log. */
export function requestContext(request: FastifyRequest): TRequestContext {
  return { ip: request.ip, correlationId: request.id };
}
