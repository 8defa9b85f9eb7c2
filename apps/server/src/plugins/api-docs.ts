import { createHash } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { webhookPayloadComponents } from '../modules/webhooks/openapi.ts';

/**
 * The OpenAPI document, generated from the routes' zod schemas, at /api/openapi.json, and a browsable
 * reference at /api/docs. Both are public: they describe the API, they do not open it.
 */
export async function registerApiDocs(app: FastifyInstance, options: { companyName: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${options.companyName} — Loupe API`, version: '1' },
      components: {
        // Issue 41: what each webhook event's body looks like (Settings › integrations sends them).
        schemas: webhookPayloadComponents(),
        securitySchemes: {
          idToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // RFID readers: the API key an admin created on the RFID mapping screen.
          readerApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          // The same key as a bearer token, or as the password of HTTP Basic (any user name): what an Impinj
          // R700 webhook or a Zebra FX HTTP POST endpoint can send.
          readerBearer: { type: 'http', scheme: 'bearer', description: "The reader's API key (lpr_…)" },
          readerBasic: {
            type: 'http',
            scheme: 'basic',
            description: "Any user name (the reader's id, say) and the reader's API key as the password",
          },
          // A paired station TV (issue 14): `Authorization: Device <token>`, the token it got at /tv-setup.
          tvDevice: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'Device <token>: the credential a station TV received when it asked for a pairing code',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await app.register(async (docs) => {
    // Scalar bootstraps with an inline script: its page allows exactly that script, by hash, and no other
    // inline script (issue 20 §7).
    docs.addHook('onSend', async (_request, reply, payload) => {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string' && typeof payload === 'string') {
        const hashes = inlineScriptHashesOf(payload);
        if (hashes.length > 0) {
          reply.header(
            'content-security-policy',
            policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`),
          );
        }
      }
      return payload;
    });
    // The reference plugin registers its own routes; they are public like the document they show.
    docs.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...route.config, access: 'public' };
      route.schema = { ...route.schema, hide: true };
    });
    await docs.register(scalarApiReference, {
      routePrefix: '/api/docs',
      configuration: { url: '/api/openapi.json', title: `${options.companyName} API` },
    });
  });
}

/** CSP sources for the inline scripts (those without `src`) of an HTML page. */
export function inlineScriptHashesOf(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((match) => (match[1] ?? '').trim() !== '')
    .map(
      (match) =>
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
    );
}
