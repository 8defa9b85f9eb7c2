import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type TCurrentUser } from '../modules/auth/current-user.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * How long a CSRF token is accepted after it was made. Every API answer carries a fresh one (x-csrf-token), so
 * a page in use never holds an old one; a page left open longer gets CSRF_INVALID once and fetches another.
 */
export const CSRF_TOKEN_VALIDITY_MS = 2 * 60 * 60 * 1000;

/** Who a token is made for: the sign-in session of the bearer, its user (Cognito tokens), or nobody. */
const ANONYMOUS = 'anonymous';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whose CSRF token this request must carry (set before the token is checked). */
    csrfBinding: string | null;
  }
}

export type TCsrfOptions = {
  readonly secureCookies: boolean;
  /** The server's key the tokens are keyed with, the same on every instance (a token names its session). */
  readonly hmacKey: Buffer;
  /** Origins besides the request's own host that may send mutating requests: PUBLIC_URL's, CORS_ORIGINS. */
  readonly allowedOrigins: readonly string[];
  /** The bearer's user on a route that does not authenticate (public ones), or null. Never throws. */
  readonly identify: (request: FastifyRequest) => Promise<TCurrentUser | null>;
};

const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

function bindingOfUser(user: TCurrentUser): string {
  return user.sessionId === null ? `user:${user.id}` : `session:${user.sessionId}`;
}

/**
 * CSRF protection of spec §7 (feature flag "CSRF protection on"): the browser gets a token from
 * GET /api/auth/csrf-token or the `x-csrf-token` response header, bound to a secret in an HttpOnly cookie,
 * and every mutating API request must send it back as X-CSRF-Token. Issue 34 §7 tightened it:
 * - a token is made for one sign-in session (the bearer's `origin_jti`; its user with a Cognito token; or
 *   nobody when signed out) and keyed with a server key, so a token of one session, of one user, or one made
 *   with a cookie planted by a neighbouring site does not pass for another;
 * - it expires CSRF_TOKEN_VALIDITY_MS after it was made;
 * - a mutating request whose Origin is another site's is refused whatever it carries.
 * Machine endpoints with their own credentials (the identity protocol, reader ingest) opt out with
 * `config.csrfExempt`.
 */
export async function registerCsrf(app: FastifyInstance, options: TCsrfOptions): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifyCsrf, {
    cookieKey: 'loupe-csrf',
    cookieOpts: {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secureCookies,
      signed: false,
    },
    csrfOpts: { hmacKey: options.hmacKey, validity: CSRF_TOKEN_VALIDITY_MS, userInfo: true },
    getUserInfo: (request) => request.csrfBinding ?? ANONYMOUS,
    getToken: (request) => {
      const header = request.headers['x-csrf-token'];
      return typeof header === 'string' ? header : undefined;
    },
  });
  app.decorateRequest('csrfBinding', null);
  const allowedOrigins = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));

  /** The binding of a request: its authenticated user, else its bearer's if one is valid, else nobody. */
  async function bindingOf(request: FastifyRequest): Promise<string> {
    if (request.currentUser) return bindingOfUser(request.currentUser);
    if (bearerToken(request) === null) return ANONYMOUS;
    const user = await options.identify(request);
    return user ? bindingOfUser(user) : ANONYMOUS;
  }

  /** A browser names the page a request comes from; only the app's own pages may change anything. */
  function isOwnOrigin(request: FastifyRequest, origin: string): boolean {
    if (allowedOrigins.has(origin)) return true;
    try {
      // The same host the request was sent to (behind a proxy, with TRUST_PROXY, the one it forwarded).
      const from = new URL(origin);
      const to = new URL(`${request.protocol}://${request.host}`);
      return from.hostname === to.hostname && portOf(from) === portOf(to);
    } catch {
      return false; // 'null' (sandboxed frames, file:) or garbage
    }
  }

  app.addHook('onRequest', (request, reply, done) => {
    const exempt = request.routeOptions.config.csrfExempt === true;
    const unrouted = request.routeOptions.url === undefined; // unknown paths answer 404, not 403
    if (!MUTATING.has(request.method) || exempt || unrouted || !request.url.startsWith('/api')) return done();
    const origin = request.headers.origin;
    if (typeof origin === 'string' && !isOwnOrigin(request, origin)) {
      return done(new AppError('CSRF_INVALID', 'This request came from another site and was refused.'));
    }
    bindingOf(request).then((binding) => {
      request.csrfBinding = binding;
      app.csrfProtection(request, reply, done);
    }, done);
  });

  app.get(
    '/api/auth/csrf-token',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'A CSRF token for mutating requests (for the bearer’s session)' },
    },
    async (request, reply) => {
      // One token for body and header: each generateCsrf() of a cookie-less request sets a new secret, and a
      // browser keeps only the last cookie, which the body's token would no longer match.
      const token = reply.generateCsrf({ userInfo: await bindingOf(request) });
      reply.header('x-csrf-token', token);
      return { token };
    },
  );

  app.addHook('onSend', async (request, reply, payload) => {
    // Cookies are parsed in an onRequest hook; a request refused before it ran has none to bind a token to.
    const cookiesParsed = request.cookies !== null && request.cookies !== undefined;
    const routed = request.url.startsWith('/api/v1') || request.url.startsWith('/api/auth');
    if (!cookiesParsed || !routed || reply.hasHeader('x-csrf-token')) return payload;
    // A fresh token for whom this request was made: its user, or nobody. A bearer a public route did not
    // check gets none here (the page keeps the one it has) rather than a token of the wrong session.
    const binding = request.currentUser
      ? bindingOfUser(request.currentUser)
      : bearerToken(request) === null
        ? ANONYMOUS
        : null;
    if (binding !== null) reply.header('x-csrf-token', reply.generateCsrf({ userInfo: binding }));
    return payload;
  });
}
