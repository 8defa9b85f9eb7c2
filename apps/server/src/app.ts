import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { roleFromProfile } from '@loupe/domain/auth/roles';
import { CORRELATION_ID_LENGTH } from '@loupe/domain/config/constants';
import { AppError } from '@loupe/domain/errors/errors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { nanoid } from 'nanoid';
import { registerRoutes } from './composition/routes.ts';
import { createServices, type TServices } from './composition/services.ts';
import type { TConfig } from './config.ts';
import type { TDatabaseHandle } from './db/client.ts';
import type { TClock } from './lib/clock.ts';
import { LOG_SERIALIZERS } from './lib/log-serializers.ts';
import type { TLookup } from './lib/outbound-url.ts';
import { registerMetrics } from './modules/metrics/metrics.ts';
import { deviceToken } from './modules/tv/routes.ts';
import { registerAccessControl } from './plugins/access-control.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerNoStore } from './plugins/no-store.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { inlineScriptHashes, registerWebApp } from './plugins/web-app.ts';
import { createRefreshHandler } from './realtime/refresh.ts';
import { createRealtime, type TRealtime } from './realtime/socket-server.ts';

export type TAppOptions = {
  readonly config: TConfig;
  readonly database: TDatabaseHandle;
  readonly clock?: TClock;
  /** The web app's build; default apps/web/dist. Tests of the API alone point it at a missing folder. */
  readonly webDistDir?: string;
  /** Fastify's logger option; tests pass false. */
  readonly logger?: FastifyServerOptions['logger'];
  /**
   * The resolver the outbound guard asks (lib/outbound-url.ts); the system's by default. Tests pass one that
   * answers like a DNS server would, to show a name resolving to a private address is refused at send time.
   */
  readonly outboundLookup?: TLookup;
};

export type TApp = FastifyInstance & { readonly loupe: TServices; readonly realtime: TRealtime };

const CORRELATION_ID = /^[\w-]{1,128}$/;
const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole HTTP application; `main.ts` listens, tests call `app.inject()`. */
export async function buildApp(options: TAppOptions): Promise<TApp> {
  const { config } = options;
  const loggerDefaults = {
    level: config.LOG_LEVEL,
    // Belt and braces: nothing below logs headers or bodies, but if someone ever does, secrets stay out.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        '*.password',
        '*.PASSWORD',
      ],
      censor: '[redacted]',
    },
    // Paths without query strings, SQL without parameter values, no e-mail addresses (issue 20 §3).
    serializers: LOG_SERIALIZERS,
  };
  const app = Fastify({
    // A caller's logger options (tests capture the log) keep the redaction and the serializers.
    logger:
      options.logger === undefined || options.logger === true
        ? loggerDefaults
        : options.logger === false
          ? false
          : {
              ...loggerDefaults,
              ...options.logger,
              serializers: { ...LOG_SERIALIZERS, ...options.logger.serializers },
            },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed path or an overlong path parameter: the API's error object, not Fastify's own shape.
    frameworkErrors: answerFrameworkError,
    // The spec's X-Correlation-ID is the request id: accepted when sane, generated (21 characters) when absent.
    requestIdHeader: false,
    genReqId: (request) => {
      const header = request.headers['x-correlation-id'];
      return typeof header === 'string' && CORRELATION_ID.test(header)
        ? header
        : nanoid(CORRELATION_ID_LENGTH);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-correlation-id', request.id);
  });

  const services = await createServices(options, app);
  app.decorate('loupe', services);
  // Mails still on their way are finished (or recorded as failed) before the transport closes; queued
  // reads are applied before the database closes.
  app.addHook('onClose', async () => {
    await services.rfid.close();
    await Promise.all([services.auth.drain(), services.usersAdmin.drain(), services.customerMessages.idle()]);
    services.mailer.close();
  });

  const webDistDir = options.webDistDir ?? WEB_DIST_DIR;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Only the app's own inline script, by hash (the API reference page loosens this for itself).
        scriptSrc: ["'self'", ...inlineScriptHashes(webDistDir)],
        // Radix positions popovers with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The app's own origin, its websocket spelled out (older browsers do not match ws: to 'self'), and
        // with AUTH_MODE=cognito the pool's regional endpoint Amplify signs in through (issue 20 §7).
        connectSrc: [
          "'self'",
          config.publicUrl.replace(/^http/, 'ws'),
          ...(config.AUTH_MODE === 'cognito'
            ? [`https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com`]
            : []),
        ],
        // Over plain http (a workshop LAN) browsers would upgrade the page's own requests to a TLS port
        // that does not exist (helmetjs/helmet#429, #480).
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    // Set below, per request: only a response that travels over HTTPS may pin the browser to it.
    strictTransportSecurity: false,
  });
  // HSTS over HTTPS only: TLS at this process, or a proxy trusted with TRUST_PROXY that says https in
  // X-Forwarded-Proto. Over a workshop LAN's plain http it would lock browsers out (issue 20 §7).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });
  await app.register(fastifyCors, {
    origin: config.CORS_ORIGINS.length > 0 ? [...config.CORS_ORIGINS] : false,
    credentials: true,
    // The plugin's default is GET,HEAD,POST: preflights of the API's PUT, PATCH and DELETE routes need these.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-csrf-token', 'x-correlation-id', 'retry-after'],
  });
  await app.register(fastifyRateLimit, { global: false });
  // Before any route: it hooks each route as it is added.
  await registerCompression(app);
  // Access control first: its onRoute hook must see every route, the CSRF endpoint included.
  let webAppServed = false;
  registerErrorHandler(app, { serveWebApp: () => webAppServed });
  // Before every route is registered, so that its preValidation hook covers them all.
  registerTextGuard(app);
  registerNoStore(app);
  // Its onResponse hook sees every route registered after it (GET /metrics, decision 018).
  registerMetrics(app, {
    token: config.METRICS_TOKEN,
    db: options.database.db,
    clock: services.clock,
    ingestBacklog: () => services.rfid.pipeline.backlog(),
    newestBackupAt: () => services.backups.newestBackupAt(),
  });
  registerAccessControl(app, {
    authenticate: services.authenticate,
    authenticateReader: services.rfid.authenticateReader,
    authenticateDevice: (request) => services.tv.authenticateDevice(deviceToken(request)),
    routes: services.registeredRoutes,
  });
  await registerCsrf(app, {
    secureCookies: config.publicUrl.startsWith('https://'),
    hmacKey: services.signingKey.deriveKey('csrf'),
    allowedOrigins: [config.publicUrl, ...config.CORS_ORIGINS],
    // A bearer that does not check out (expired, revoked) makes a signed-out request; anything else fails it.
    identify: (request) =>
      services.authenticate(request).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      }),
  });
  // After access and CSRF (their refusals claim no key), before any route does its work.
  registerIdempotency(app, { service: services.idempotency });
  await registerApiDocs(app, { companyName: config.COMPANY_NAME });
  webAppServed = await registerWebApp(app, { distDir: webDistDir });

  // Each plugin gets the services it uses and nothing else: they are all built once, in createServices.
  await registerRoutes(app, services);

  const realtime = await createRealtime({
    httpServer: app.server,
    events: services.events,
    authenticateToken: services.authenticateToken,
    tvDevices: {
      authenticate: (token) => services.tv.authenticateDevice(token),
      seen: (device) => services.tv.deviceSeen(device),
    },
    currentUser: async (user) => {
      const row = await services.users.findById(user.id);
      if (!row || row.disabled) return null;
      const sessionActive =
        user.sessionId === null ||
        Boolean(await services.sessions.findActive(user.sessionId, services.clock()));
      return sessionActive ? { ...user, role: roleFromProfile(row.role) } : null;
    },
    onTestScan: (scan) =>
      services.rfid.ingest(scan.readerId, 'reads', { epc: scan.epc, antenna: scan.antenna }),
    onRefresh: createRefreshHandler(services),
    redisUrl: config.REDIS_URL,
    clock: services.clock,
    logger: app.log,
  });
  app.decorate('realtime', realtime);
  // Before the HTTP server closes: open websockets would keep it waiting.
  app.addHook('preClose', async () => realtime.close());

  await app.ready();
  await services.auth.bootstrapAdmin();
  return app as unknown as TApp;
}
