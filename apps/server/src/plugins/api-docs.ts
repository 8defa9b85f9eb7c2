import fastifySwagger from '@fastify/swagger';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the routes' zod schemas, at /api/openapi.json, and a browsable
 * reference at /api/docs. Both are public: they describe the API, they do not open it.
 */
export async function registerApiDocs(app: FastifyInstance, options: { companyName: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${options.companyName} — Loupe API`, version: '1' },
      components: {
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
    // Scalar bootstraps with an inline script; only its own page gets 'unsafe-inline'.
    docs.addHook('onSend', async (_request, reply, payload) => {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header(
          'content-security-policy',
          policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
        );
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
