import { createHash } from 'node:crypto';
import { IDEMPOTENT_REPLAY_HEADER, ZIdempotencyKeySchema } from '@loupe/domain/api/idempotency';
import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TIdempotencyService, TIdempotentRequest } from '../modules/idempotency/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed: its answer is kept when it is sent. */
    idempotent: TIdempotentRequest | null;
  }
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers larger than this are not kept (mutating routes answer a record or less); the key is let go. */
const MAX_KEPT_BODY_CHARS = 1_000_000;

/** What makes two requests "the same": method, address (query included) and body. */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

/**
 * Honours the Idempotency-Key of a signed-in user's mutating request (issue 36 §5). It runs as a preHandler:
 * after the access check, the CSRF check and the body's validation, so a refused request claims nothing,
 * and before the route does any work. A request without the header is served as always.
 */
export function registerIdempotency(app: FastifyInstance, options: { service: TIdempotencyService }): void {
  const { service } = options;
  app.decorateRequest('idempotent', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !MUTATING_METHODS.has(request.method)) return;
    // Keys are kept per user: a request without one (sign-in, registration, a reader) is served as always.
    const user = request.currentUser;
    if (user === null) return;
    const key = ZIdempotencyKeySchema.safeParse(header);
    if (!key.success) {
      throw new AppError(
        'IDEMPOTENCY_KEY_INVALID',
        "An Idempotency-Key is 8 to 128 letters, digits, '-' or '_'.",
      );
    }
    const idempotent: TIdempotentRequest = {
      userId: user.id,
      key: key.data,
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      fingerprint: fingerprintOf(request),
    };
    const decision = await service.begin(idempotent);
    if (decision.kind === 'replay') {
      const { status, contentType, body } = decision.answer;
      reply.code(status).header(IDEMPOTENT_REPLAY_HEADER, 'true');
      if (contentType) reply.header('content-type', contentType);
      return reply.send(body);
    }
    request.idempotent = idempotent;
  });

  // Before the answer leaves: a retry that arrives the moment it is received finds it kept.
  app.addHook('onSend', async (request, reply, payload) => {
    const idempotent = request.idempotent;
    if (idempotent === null) return payload;
    request.idempotent = null;
    const body =
      payload === null || payload === undefined ? '' : typeof payload === 'string' ? payload : null;
    try {
      if (reply.statusCode >= 500 || body === null || body.length > MAX_KEPT_BODY_CHARS) {
        await service.abandon(idempotent);
      } else {
        const contentType = reply.getHeader('content-type');
        await service.finish(idempotent, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body,
        });
      }
    } catch (error) {
      // The work is done; only its repeat is not protected. The caller still gets its answer.
      request.log.error({ err: (error as Error).message }, 'idempotency: could not keep the answer');
    }
    return payload;
  });

  // A stream (the assistant's answer) or a dropped connection never reaches onSend: let the key go.
  app.addHook('onResponse', async (request) => {
    const idempotent = request.idempotent;
    if (idempotent === null) return;
    request.idempotent = null;
    await service.abandon(idempotent).catch((error: unknown) => {
      request.log.error({ err: (error as Error).message }, 'idempotency: could not release a key');
    });
  });
}
