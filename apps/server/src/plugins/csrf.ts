import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF protection of spec §7 (feature flag "CSRF protection on"): the browser gets a token from
 * GET /api/auth/csrf-token or the `x-csrf-token` response header, bound to a secret in an HttpOnly cookie,
 * and every mutating API request must send it back as X-CSRF-Token. Machine endpoints with their own
 * credentials (the identity protocol, reader ingest) opt out with `config.csrfExempt`.
 */
export async function registerCsrf(app: FastifyInstance, options: { secureCookies: boolean }): Promise<void> {
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
    getToken: (request) => {
      const header = request.headers['x-csrf-token'];
      return typeof header === 'string' ? header : undefined;
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    const exempt = request.routeOptions.config.csrfExempt === true;
    const unrouted = request.routeOptions.url === undefined; // unknown paths answer 404, not 403
    if (!MUTATING.has(request.method) || exempt || unrouted || !request.url.startsWith('/api')) return done();
    app.csrfProtection(request, reply, done);
  });

  app.get(
    '/api/auth/csrf-token',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'A CSRF token for mutating requests' },
    },
    async (_request, reply) => {
      // One token for body and header: each generateCsrf() of a cookie-less request sets a new secret, and a
      // browser keeps only the last cookie, which the body's token would no longer match.
      const token = reply.generateCsrf();
      reply.header('x-csrf-token', token);
      return { token };
    },
  );

  app.addHook('onSend', async (request, reply, payload) => {
    // Cookies are parsed in an onRequest hook; a request refused before it ran has none to bind a token to.
    const cookiesParsed = request.cookies !== null && request.cookies !== undefined;
    const routed = request.url.startsWith('/api/v1') || request.url.startsWith('/api/auth');
    if (cookiesParsed && routed && !reply.hasHeader('x-csrf-token')) {
      reply.header('x-csrf-token', reply.generateCsrf());
    }
    return payload;
  });
}
