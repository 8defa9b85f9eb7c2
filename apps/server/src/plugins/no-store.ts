import type { FastifyInstance } from 'fastify';

/**
 * Issue 34 §7: every answer under /api is `Cache-Control: no-store` unless its route chose its own: JSON
 * carries customers' phones and e-mails, tokens and capability links, and must not stay in a browser's disk
 * cache or a proxy after sign-out. Routes that set their own keep it: the pool's public JWKS (public, 5
 * minutes), an attachment's image bytes (private, immutable: a new photo gets a new id), the API reference's
 * static files.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
