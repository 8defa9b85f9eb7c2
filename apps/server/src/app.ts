import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { DELIVERED_STATUS } from '@loupe/domain/analytics/analytics-api';
import { LIST_LIMIT_MAX } from '@loupe/domain/api/list';
import { canViewRepairs } from '@loupe/domain/auth/permissions';
import { roleFromProfile } from '@loupe/domain/auth/roles';
import { CORRELATION_ID_LENGTH } from '@loupe/domain/config/constants';
import { AppError } from '@loupe/domain/errors/errors';
import { isOpenStatus } from '@loupe/domain/jobs/job-state';
import type { TNotesChange } from '@loupe/domain/notifications/mentions';
import { ZOrderListQuerySchema } from '@loupe/domain/orders/order';
import { ZRepairListQuerySchema } from '@loupe/domain/repairs/repair';
import { ZSecuritySettingsSchema } from '@loupe/domain/settings/security-settings';
import { personName } from '@loupe/domain/users/user';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { nanoid } from 'nanoid';
import type { TConfig } from './config.ts';
import type { TDatabase, TDatabaseHandle } from './db/client.ts';
import { createJobReadModel } from './job-read-model.ts';
import { systemClock, type TClock } from './lib/clock.ts';
import { LOG_SERIALIZERS } from './lib/log-serializers.ts';
import { createOutboundGuard, type TLookup } from './lib/outbound-url.ts';
import { createSecretBox, secretFrom } from './lib/secret-box.ts';
import { createAlertsRepository } from './modules/alerts/repository.ts';
import { registerAlertsRoutes } from './modules/alerts/routes.ts';
import { ALERT_VIEWER_ROLES, createAlertsService } from './modules/alerts/service.ts';
import { createAnalyticsFactsRepository } from './modules/analytics/facts-repository.ts';
import { registerAnalyticsRoutes } from './modules/analytics/routes.ts';
import { createAnalyticsService } from './modules/analytics/service.ts';
import { createBuiltInEngine } from './modules/assistant/built-in-engine.ts';
import { createAssistantRepository } from './modules/assistant/repository.ts';
import { registerAssistantRoutes } from './modules/assistant/routes.ts';
import { createAssistantService } from './modules/assistant/service.ts';
import { createAssistantTools } from './modules/assistant/tools.ts';
import { fileStoreFrom } from './modules/attachments/file-store.ts';
import { createImageStorage } from './modules/attachments/image-storage.ts';
import { createAttachmentsService } from './modules/attachments/service.ts';
import { createAuditRepository } from './modules/audit/repository.ts';
import { createAuthenticator, createTokenAuthenticator } from './modules/auth/current-user.ts';
import { createOneTimeCodesRepository } from './modules/auth/repository.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { registerCatalogRoutes } from './modules/catalog/routes.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { registerCustomerMessagesRoutes } from './modules/customer-messages/routes.ts';
import { createCustomerMessagesService } from './modules/customer-messages/service.ts';
import { registerCustomersRoutes } from './modules/customers/routes.ts';
import { createCustomersService } from './modules/customers/service.ts';
import { registerDesignsRoutes } from './modules/designs/routes.ts';
import { createDesignsService } from './modules/designs/service.ts';
import { createMfa } from './modules/idp/mfa.ts';
import { createMfaRepository } from './modules/idp/mfa-repository.ts';
import { createMfaSettings } from './modules/idp/mfa-settings.ts';
import { registerIdpRoutes } from './modules/idp/routes.ts';
import { createIdentityService } from './modules/idp/service.ts';
import { loadOrCreateSigningKey } from './modules/idp/signing-keys.ts';
import { createTokenIssuer } from './modules/idp/token-issuer.ts';
import { createTokenVerifier } from './modules/idp/token-verifier.ts';
import { registerRfidRoutes } from './modules/ingest/routes.ts';
import { createRfidService } from './modules/ingest/service.ts';
import { isNumberPrefixInUse } from './modules/jobs/item-numbers-repository.ts';
import { registerJobRoutes } from './modules/jobs/job-routes.ts';
import { createJobService } from './modules/jobs/job-service.ts';
import { ORDER_ROUTES, REPAIR_ROUTES } from './modules/jobs/kind-routes.ts';
import { needsDesign, ORDER_KIND } from './modules/jobs/order-kind.ts';
import { REPAIR_KIND } from './modules/jobs/repair-kind.ts';
import type { TJobStatusChange } from './modules/jobs/status-change.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createDigestService } from './modules/notifications/digest.ts';
import { createNotificationsRepository } from './modules/notifications/repository.ts';
import { registerNotificationsRoutes } from './modules/notifications/routes.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { registerPublicLinksRoutes } from './modules/public-links/routes.ts';
import { createPublicLinksService } from './modules/public-links/service.ts';
import { createReadersRepository } from './modules/readers/repository.ts';
import { registerReadersRoutes } from './modules/readers/routes.ts';
import { createReadersService } from './modules/readers/service.ts';
import { createDepartmentTransfer } from './modules/registry/department-transfer.ts';
import { createLocationService } from './modules/registry/location-service.ts';
import { registerRegistryRoutes } from './modules/registry/routes.ts';
import { createRegistryService, type TDepartmentChange } from './modules/registry/service.ts';
import { createSessionsRepository } from './modules/sessions/repository.ts';
import { createSettingsRepository } from './modules/settings/repository.ts';
import { registerSettingsRoutes } from './modules/settings/routes.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { registerSystemRoutes } from './modules/system/routes.ts';
import { registerTrackingRoutes } from './modules/tracking/routes.ts';
import { createTrackingService } from './modules/tracking/service.ts';
import { createTvRepository } from './modules/tv/repository.ts';
import { deviceToken, registerTvRoutes } from './modules/tv/routes.ts';
import { createTvService } from './modules/tv/service.ts';
import { createUsersRepository } from './modules/users/repository.ts';
import { registerUsersRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { createWorkflowRepository } from './modules/workflow/repository.ts';
import { registerWorkflowRoutes } from './modules/workflow/routes.ts';
import { createWorkflowService } from './modules/workflow/service.ts';
import { RouteRegistry, registerAccessControl } from './plugins/access-control.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerNoStore } from './plugins/no-store.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { inlineScriptHashes, registerWebApp } from './plugins/web-app.ts';
import { createEventBus } from './realtime/event-bus.ts';
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
export type TServices = Awaited<ReturnType<typeof createServices>>;

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
  // Access control first: its onRoute hook must see every route, the CSRF endpoint included.
  let webAppServed = false;
  registerErrorHandler(app, { serveWebApp: () => webAppServed });
  // Before every route is registered, so that its preValidation hook covers them all.
  registerTextGuard(app);
  registerNoStore(app);
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
  await registerApiDocs(app, { companyName: config.COMPANY_NAME });
  webAppServed = await registerWebApp(app, { distDir: webDistDir });

  // Each plugin gets the services it uses and nothing else: they are all built once, in createServices.
  await app.register(registerIdpRoutes, {
    prefix: '/api/idp',
    identity: services.identity,
    mfaSettings: services.mfaSettings,
    config,
    signingKey: services.signingKey,
  });
  await app.register(registerSystemRoutes, {
    config,
    database: services.database,
    settingsService: services.settingsService,
    assistantName: () => services.assistant.assistantName(),
    ingestBacklog: () => services.rfid.pipeline.backlog(),
  });
  await app.register(registerAuthRoutes, {
    auth: services.auth,
    signInLimitPerIpPerMinute: config.SIGN_IN_LIMIT_PER_IP_PER_MINUTE,
  });
  const api = { prefix: '/api/v1' };
  await app.register(registerUsersRoutes, { ...api, usersAdmin: services.usersAdmin });
  await app.register(registerSettingsRoutes, {
    ...api,
    settingsService: services.settingsService,
    settings: services.settings,
    securitySettings: services.securitySettings,
    audit: services.audit,
    clock: services.clock,
  });
  await app.register(registerRegistryRoutes, {
    ...api,
    registry: services.registry,
    locations: services.locations,
    transfer: services.departmentTransfer,
  });
  await app.register(registerReadersRoutes, { ...api, readers: services.readers });
  await app.register(registerCustomersRoutes, { ...api, customers: services.customers });
  await app.register(registerCatalogRoutes, {
    ...api,
    catalog: services.catalog,
    attachments: services.attachments,
    storage: services.storage,
  });
  // Orders and repairs: one jobs module, registered once per kind (issue 33 §2).
  const jobs = { ...api, storage: services.storage };
  await app.register(registerJobRoutes, { ...jobs, routes: ORDER_ROUTES, service: services.orders });
  await app.register(registerJobRoutes, { ...jobs, routes: REPAIR_ROUTES, service: services.repairs });
  await app.register(registerTrackingRoutes, { ...api, tracking: services.tracking });
  await app.register(registerWorkflowRoutes, {
    ...api,
    workflow: services.workflow,
    calendar: services.settingsService,
  });
  await app.register(registerRfidRoutes, { ...api, rfid: services.rfid });
  await app.register(registerTvRoutes, { ...api, tv: services.tv });
  await app.register(registerAlertsRoutes, { ...api, alerts: services.alerts });
  await app.register(registerAnalyticsRoutes, { ...api, analytics: services.analytics });
  await app.register(registerNotificationsRoutes, { ...api, notifications: services.notifications });
  await app.register(registerPublicLinksRoutes, { ...api, publicLinks: services.publicLinks });
  await app.register(registerDesignsRoutes, { ...api, designs: services.designs, storage: services.storage });
  await app.register(registerCustomerMessagesRoutes, { ...api, customerMessages: services.customerMessages });
  await app.register(registerAssistantRoutes, { ...api, assistant: services.assistant });

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

async function createServices(options: TAppOptions, app: FastifyInstance) {
  const { config, database } = options;
  const { db } = database;
  const clock = options.clock ?? systemClock;
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const audit = createAuditRepository(db);
  const settings = createSettingsRepository(db);
  // Every request to an address someone configured (SMS, AI, SMTP, S3) goes through this one guard.
  const outbound = createOutboundGuard(options.outboundLookup ? { lookup: options.outboundLookup } : {});
  app.addHook('onClose', async () => outbound.close());
  const mailer = createMailer({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger: app.log,
    outbound,
    allowPrivateNetwork: config.SMTP_ALLOW_PRIVATE_NETWORK,
  });
  const securitySettings = () => settings.read('security', ZSecuritySettingsSchema, securityDefaults(config));

  const localIssuer = `${config.publicUrl}/api/idp`;
  const signingKey = await loadOrCreateSigningKey(db);
  const clientId = config.AUTH_MODE === 'local' ? config.LOCAL_CLIENT_ID : (config.COGNITO_CLIENT_ID ?? '');
  const cognitoIssuer =
    config.COGNITO_ISSUER ??
    `https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com/${config.COGNITO_USER_POOL_ID ?? ''}`;
  const verifier =
    config.AUTH_MODE === 'local'
      ? createTokenVerifier({
          issuer: localIssuer,
          clientId,
          keys: { local: [signingKey.publicJwk] },
          now: clock,
        })
      : createTokenVerifier({
          issuer: cognitoIssuer.replace(/\/+$/, ''),
          clientId,
          keys: { jwksUrl: `${cognitoIssuer.replace(/\/+$/, '')}/.well-known/jwks.json` },
          now: clock,
        });
  // The embedded pool's own verifier: its access tokens are checked even when browsers use AWS Cognito.
  const localVerifier = createTokenVerifier({
    issuer: localIssuer,
    clientId: config.LOCAL_CLIENT_ID,
    keys: { local: [signingKey.publicJwk] },
    now: clock,
  });
  const issuer = createTokenIssuer({
    issuer: localIssuer,
    clientId: config.LOCAL_CLIENT_ID,
    key: signingKey,
    lifetimeSeconds: async () => (await securitySettings()).accessTokenMinutes * 60,
  });
  const codes = createOneTimeCodesRepository(db);
  // Stored secrets (TOTP seeds, public links shown again, the SMS token, the AI provider key) are sealed
  // under SECRET_KEY, or DATA_DIR/secret.key when it is not set.
  const secretBox = createSecretBox(secretFrom({ secretKey: config.SECRET_KEY, dataDir: config.DATA_DIR }));
  const mfa = createMfa({
    repository: createMfaRepository(db),
    codes,
    box: secretBox,
    mailer,
    clock,
    companyName: config.COMPANY_NAME,
    requiredRoles: async () => (await securitySettings()).mfaRequiredRoles,
  });
  const identity = createIdentityService({
    mfa,
    region: config.COGNITO_REGION,
    clientId: config.LOCAL_CLIENT_ID,
    users,
    sessions,
    audit,
    issuer,
    verifier: localVerifier,
    key: signingKey,
    securitySettings,
    clock,
    mailer,
    companyName: config.COMPANY_NAME,
    logger: app.log,
  });
  const authenticatorOptions = { mode: config.AUTH_MODE, verifier, users, sessions, clock };
  const authenticate = createAuthenticator(authenticatorOptions);
  const authenticateToken = createTokenAuthenticator(authenticatorOptions);
  const mfaSettings = createMfaSettings({
    mfa,
    audit,
    clock,
    userFromAccessToken: identity.userFromAccessToken,
  });
  const auth = createAuthService({
    config,
    users,
    sessions,
    audit,
    mailer,
    securitySettings,
    clock,
    codes,
    logger: app.log,
  });
  const registeredRoutes = new RouteRegistry();
  const events = createEventBus();
  const resetSecondFactors = (userId: string) => mfa.reset(userId);
  const usersAdmin = createUsersService({
    resetSecondFactors,
    config,
    users,
    sessions,
    audit,
    mailer,
    clock,
    logger: app.log,
    events,
  });
  const analyticsFacts = createAnalyticsFactsRepository(db);
  /**
   * The work-in-progress rollup follows the workshop's zone. A failed refill leaves it at its earlier zone and
   * is logged, never thrown: a save or a start must not fail on it, and the analytics stay exact either way.
   */
  const followWorkshopZone = async (timeZone: string) => {
    try {
      if (await analyticsFacts.syncWipTimeZone(timeZone)) {
        app.log.info(
          { timeZone },
          'analytics work in progress recounted at the midnights of the workshop zone',
        );
      }
    } catch (error) {
      app.log.warn({ err: error, timeZone }, 'analytics work in progress kept at its earlier zone');
    }
  };
  const settingsService = createSettingsService({
    config,
    settings,
    audit,
    clock,
    isNumberPrefixInUse: (kind, prefix) => isNumberPrefixInUse(db, kind, prefix),
    onWorkingCalendarChanged: (calendar) => followWorkshopZone(calendar.timeZone),
  });
  const generalSettings = () => settingsService.generalSettings();
  // One truth about a job (issue 32): every screen, tile, filter, alert, assistant answer, TV and plan reads
  // the job read model, which evaluates the domain's rules (jobs/job-state.ts) once.
  const jobStates = createJobReadModel({ db, clock, calendar: () => settingsService.workingCalendar() });
  // Phases follow reads: tracking hands each batch's moves to the workflow inside its transaction.
  const workflow = createWorkflowService({
    db,
    clock,
    events,
    jobStates,
    calendar: () => settingsService.workingCalendar(),
    personHours: (userId) => settingsService.personHours(userId),
    savePersonHours: (actorId, userId, hours, context) =>
      settingsService.savePersonHours(actorId, userId, hours, context),
    logger: app.log,
  });
  // Shared by the tracking routes, the RFID pipeline and the offsite sweeper.
  const tracking = createTrackingService({
    // A read, from the reader to the screen (docs/architecture.md): what follows each batch of moves, in its
    // transaction and in this order. The workflow first: it makes its templates, and a visit counts to the
    // phase its department belongs to.
    afterBatch: [
      { name: 'workflow phases and statuses', run: (tx, { moved }) => workflow.afterMoves(tx, moved) },
      {
        name: 'analytics visits',
        run: async (tx, { visits }) => {
          await createAnalyticsFactsRepository(tx).recordVisits(visits);
          return [];
        },
      },
    ],
    // Station pages' scans go through the read pipeline like every reader's (called only once both exist).
    ingestStationScan: (scan) => rfid.pipeline.ingestStationScan(scan),
    db,
    clock,
    events,
    offsiteSettings: generalSettings,
    logger: app.log,
  });
  const analytics = createAnalyticsService({
    db,
    clock,
    jobStates,
    calendar: () => settingsService.workingCalendar(),
    personHours: (userId) => settingsService.personHours(userId),
  });
  const readers = createReadersRepository(db);
  const rfid = createRfidService({
    db,
    readers,
    tracking,
    events,
    clock,
    logger: app.log,
    dedupeWindowMs: config.RFID_DEDUPE_WINDOW_MS,
    maxQueuedReads: config.RFID_MAX_QUEUED_READS,
    maxBatchReads: config.RFID_MAX_BATCH_READS ?? (database.kind === 'pglite' ? 1_000 : 5_000),
    readRetentionDays: config.RFID_READ_RETENTION_DAYS,
    maxReadsPerPayload: config.RFID_MAX_READS_PER_PAYLOAD,
  });

  // The job and registry services: their routes, and request:refresh over the socket, share them.
  const storage = createImageStorage({
    dataDir: config.DATA_DIR,
    logger: app.log,
    store: fileStoreFrom(config, outbound),
  });
  const staleUploads = await storage.sweepStaging();
  if (staleUploads > 0) app.log.info({ staleUploads }, 'removed uploads a restart cut short');
  // Mentions in notes become notices; the notifications service is made below, and called only later.
  const jobServiceOptions = {
    db,
    clock,
    events,
    settings,
    storage,
    onNotesChanged: (change: TNotesChange) => notifications.notesChanged(change),
    jobStates,
    // A status set by hand moves the job's phase with it; a finished job gives its tag back and closes its
    // assignments (issue 32).
    onStatusChanged: async (tx: TDatabase, change: TJobStatusChange) => {
      if (change.status === DELIVERED_STATUS[change.kind]) {
        await createAnalyticsFactsRepository(tx).recordDelivered(change.kind, change.itemId, change.at);
      }
      if (!isOpenStatus(change.kind, change.status)) {
        await tracking.releaseTagOfFinished(tx, change);
        await workflow.afterJobFinished(tx, change);
        return [];
      }
      return workflow.afterStatusChanged(tx, change);
    },
  };
  // An order that needs design work gets its design request; the designs service is made below.
  const orders = createJobService(ORDER_KIND, {
    ...jobServiceOptions,
    // An order that needs design work (it has a designer, or went into design) gets its request (issue 17 §2).
    onSaved: async (order, actorId) => {
      if (!needsDesign(order)) return;
      await designs.ensureForOrder(
        { id: order.id, designerId: order.designer?.id ?? null, description: order.description },
        actorId,
      );
    },
  });
  const repairs = createJobService(REPAIR_KIND, jobServiceOptions);
  // Workflow templates follow the departments as they are made, renamed and removed (issue 32).
  const onDepartmentChanged = (change: TDepartmentChange) => workflow.followDepartment(change);
  const registry = createRegistryService({ db, clock, events, onDepartmentChanged });
  const locations = createLocationService({ db, clock });
  await locations.ensureDefaultLocation();
  // And what changed in the registry while no instance was running.
  await workflow.followRegistry();
  if (await analyticsFacts.rebuildIfMissing()) {
    app.log.info('analytics facts rebuilt from the location history');
  }
  // A workshop whose zone was set before the rollup followed it (or while this instance was down).
  await followWorkshopZone((await settingsService.workingCalendar()).timeZone);
  const departmentTransfer = createDepartmentTransfer({ db, clock, events, onDepartmentChanged });
  const readersAdmin = createReadersService({
    readers,
    audit,
    clock,
    onMappingsChanged: rfid.mappingsChanged,
  });
  const customers = createCustomersService({ db, clock });
  const notifications = createNotificationsService({
    notifications: createNotificationsRepository(db),
    events,
    clock,
    preferences: (userId) => settingsService.noticePreferences(userId),
    calendar: () => settingsService.workingCalendar(),
    mail: (mail) => mailer.send(mail),
    publicUrl: config.publicUrl,
    companyName: config.COMPANY_NAME,
    logger: app.log,
  });
  // Assignments and nudges become notices in the assignee's bell.
  notifications.followWorkflow();
  const alerts = createAlertsService({
    alerts: createAlertsRepository(db),
    events,
    clock,
    calendar: () => settingsService.workingCalendar(),
    openJobs: () => jobStates.records({ kinds: ['order', 'repair'] }),
    settings,
    notify: (userIds, notice) => notifications.notify(userIds, notice),
    withdrawNotices: (source) => notifications.withdraw(source),
    audit,
    logger: app.log,
  });
  const digests = createDigestService({
    notifications: createNotificationsRepository(db),
    clock,
    calendar: () => settingsService.workingCalendar(),
    preferences: (userId) => settingsService.noticePreferences(userId),
    alertsFor: async (actor) => {
      if (!ALERT_VIEWER_ROLES.includes(actor.role)) return null;
      const [open, acknowledged] = await Promise.all([
        alerts.list(actor, { status: 'open' }),
        alerts.list(actor, { status: 'acknowledged' }),
      ]);
      return [...open, ...acknowledged];
    },
    tasksFor: (actor) => workflow.myTasks(actor, null),
    mail: (mail) => mailer.send(mail),
    publicUrl: config.publicUrl,
    companyName: config.COMPANY_NAME,
    logger: app.log,
  });
  const tv = createTvService({
    tv: createTvRepository(db),
    audit,
    events,
    clock,
    calendar: () => settingsService.workingCalendar(),
    stationPieces: (station, kinds) => workflow.stationPieces(station, kinds),
  });
  const publicLinks = createPublicLinksService({
    db,
    clock,
    box: secretBox,
    audit,
    publicUrl: config.publicUrl,
    generalSettings,
    companyName: async () => (await settingsService.branding()).companyName,
  });
  const designs = createDesignsService({
    db,
    clock,
    events,
    box: secretBox,
    publicUrl: config.publicUrl,
    companyName: async () => (await settingsService.branding()).companyName,
    notify: (userIds, notice) => notifications.notify(userIds, notice),
    afterDesignApproved: (tx, approved) => workflow.afterDesignApproved(tx, approved),
    logger: app.log,
  });
  const customerMessages = createCustomerMessagesService({
    db,
    clock,
    events,
    settings,
    box: secretBox,
    audit,
    mailer,
    publicLinks,
    logger: app.log,
    outbound,
  });
  // Job events (created, status changes, planned trips offsite) become customer messages.
  customerMessages.followJobs();
  const catalog = createCatalogService({ db, clock, storage });
  const attachments = createAttachmentsService({ db, storage, logger: app.log });
  // The assistant's tools read through the same services as the API, each with its own permission check.
  const assistantTools = createAssistantTools({
    jobStates,
    finishedJobs: async (actor, kind, status) => {
      const query = { status, sort: 'newest', limit: 50 };
      if (kind === 'order') {
        const page = await orders.list(actor, ZOrderListQuerySchema.parse(query));
        return { total: page.total, jobs: page.items.map((o) => ({ id: o.id, number: o.orderNumber })) };
      }
      const page = await repairs.list(actor, ZRepairListQuerySchema.parse(query));
      return { total: page.total, jobs: page.items.map((r) => ({ id: r.id, number: r.repairNumber })) };
    },
    locationHistory: (actor, kind, id) => tracking.locationHistory(actor, kind, id),
    epcOwners: async (actor) => [
      ...(await tracking.listOrders()).map((o) => ({
        kind: 'order' as const,
        id: o.orderId,
        epc: o.epcCode,
      })),
      ...(canViewRepairs(actor)
        ? (await tracking.listRepairs(actor)).map((r) => ({
            kind: 'repair' as const,
            id: r.repairId,
            epc: r.epcCode,
          }))
        : []),
    ],
    itemsAtStation: (actor, stationId) => tracking.itemsAtStation(actor, stationId),
    offsiteItems: (actor) => tracking.offsiteItems(actor),
    staff: (actor) => workflow.staff(actor),
    summary: (actor) => workflow.summary(actor),
    readers: async (actor) => (await readersAdmin.list(actor, { limit: LIST_LIMIT_MAX })).items,
    lastReads: (actor) => readersAdmin.lastReads(actor),
    stations: async () =>
      (await registry.listStations({ limit: LIST_LIMIT_MAX })).items.map((station) => ({
        id: station.id,
        name: station.name,
        departmentId: station.departmentId,
        departmentName: station.departmentName,
        jewelerName: station.jewelerName,
      })),
  });
  const assistant = createAssistantService({
    assistant: createAssistantRepository(db),
    tools: assistantTools,
    builtIn: createBuiltInEngine({
      tools: assistantTools,
      people: async () =>
        (await createWorkflowRepository(db).staff()).map((person) => ({
          id: person.id,
          name: personName(person),
        })),
    }),
    secrets: secretBox,
    clock,
    timeZone: async () => (await settingsService.workingCalendar()).timeZone,
    companyName: config.COMPANY_NAME,
    defaultName: config.AI_ASSISTANT_NAME,
    settings,
    audit,
    logger: app.log,
    outbound,
  });

  return {
    config,
    database,
    clock,
    users,
    sessions,
    audit,
    settings,
    securitySettings,
    mailer,
    signingKey,
    identity,
    mfa,
    mfaSettings,
    resetSecondFactors,
    authenticate,
    authenticateToken,
    auth,
    usersAdmin,
    registeredRoutes,
    events,
    settingsService,
    generalSettings,
    tracking,
    workflow,
    analytics,
    tv,
    alerts,
    notifications,
    digests,
    rfid,
    storage,
    orders,
    repairs,
    registry,
    locations,
    departmentTransfer,
    readers: readersAdmin,
    customers,
    catalog,
    attachments,
    secretBox,
    publicLinks,
    designs,
    customerMessages,
    assistant,
  };
}

function securityDefaults(config: TConfig) {
  return { accessTokenMinutes: config.ACCESS_TOKEN_MINUTES, refreshTokenDays: config.REFRESH_TOKEN_DAYS };
}
