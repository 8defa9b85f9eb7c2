import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TDatabaseHandle } from '../db/client.ts';
import { systemClock, type TClock } from '../lib/clock.ts';
import { createOutboundGuard, type TLookup } from '../lib/outbound-url.ts';
import { createBackupService } from '../modules/backups/service.ts';
import { createClientTelemetryService } from '../modules/client-telemetry/service.ts';
import { createEpcisCapture } from '../modules/epcis/capture.ts';
import { createEpcisCaptureRepository } from '../modules/epcis/capture-repository.ts';
import { createEpcisService } from '../modules/epcis/service.ts';
import { createIdempotencyService } from '../modules/idempotency/service.ts';
import { createSafeCountsService } from '../modules/safe-counts/service.ts';
import { createWebhooksService } from '../modules/webhooks/service.ts';
import { RouteRegistry } from '../plugins/access-control.ts';
import { createEventBus } from '../realtime/event-bus.ts';
import { composeAssistant } from './assistant.ts';
import { composeFloor } from './floor.ts';
import { composeIdentity } from './identity.ts';
import { composeJobs } from './jobs.ts';
import { composeLlrp } from './llrp.ts';
import { composeMessaging } from './messaging.ts';
import { createRepositories } from './repositories.ts';

export type TServicesOptions = {
  readonly config: TConfig;
  readonly database: TDatabaseHandle;
  readonly clock?: TClock | undefined;
  /** The resolver the outbound guard asks (lib/outbound-url.ts); the system's by default. */
  readonly outboundLookup?: TLookup | undefined;
};

/**
 * The composition root (docs/architecture.md): every repository is made once, here, and every service once,
 * from the repositories and the services it uses; each route plugin is then handed only what it uses.
 */
export async function createServices(options: TServicesOptions, app: FastifyInstance) {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const logger = app.log;
  const repos = createRepositories(database.db);
  const { users, sessions, audit, settings } = repos;
  const events = createEventBus();
  const registeredRoutes = new RouteRegistry();
  // Every request to an address someone configured (SMS, AI, SMTP, S3) goes through this one guard.
  const outbound = createOutboundGuard(options.outboundLookup ? { lookup: options.outboundLookup } : {});
  app.addHook('onClose', async () => outbound.close());

  const identity = await composeIdentity({ config, db: database.db, repos, clock, events, outbound, logger });
  const { mailer, secretBox } = identity;
  const floor = composeFloor({ config, database, repos, audit, clock, events, logger });
  const messaging = composeMessaging({
    config,
    repos,
    clock,
    events,
    logger,
    outbound,
    mailer,
    secretBox,
    ...floor,
  });
  const jobs = await composeJobs({ config, repos, clock, events, logger, outbound, ...floor, ...messaging });
  const assistant = composeAssistant({ config, repos, clock, logger, outbound, secretBox, floor, jobs });

  const backups = createBackupService({
    config,
    database,
    clock,
    onFailure: (error, trigger) => logger.error({ err: error, trigger }, 'a backup failed'),
  });
  // A backup started from Settings › general runs on after its request: the database stays open until it ends.
  app.addHook('onClose', async () => backups.settle());
  // Issue 36 §5: the answers of mutating requests, kept by Idempotency-Key (plugins/idempotency.ts).
  const idempotency = createIdempotencyService({ repository: repos.idempotency, clock });
  // Issue 36 §2: the browsers' errors and request timings, for the System health page.
  const clientTelemetry = createClientTelemetryService({ repository: repos.clientTelemetry, clock });

  // Issue 37 §5: the closing count; its missing pieces are the alerts module's to raise.
  const safeCounts = createSafeCountsService({
    safeCounts: repos.safeCounts,
    clock,
    events,
    calendar: () => floor.settingsService.workingCalendar(),
    locationCalendar: async (locationId) =>
      (await floor.locationSettings.effective(locationId))?.calendar ??
      (await floor.settingsService.workingCalendar()),
    raiseAlerts: (causes) => messaging.alerts.raise(causes),
    logger,
  });
  // Issue 41: announced events become outbox rows per subscription; a background job sends them.
  const webhooks = createWebhooksService({
    webhooks: repos.webhooks,
    box: secretBox,
    clock,
    events,
    outbound,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    notify: (userIds, notice) => messaging.notifications.notify(userIds, notice),
    activeAdminIds: () => repos.webhooks.activeAdminIds(),
    logger,
  });
  // An event announced just before closing still reaches the outbox before the database closes.
  app.addHook('onClose', async () => webhooks.idle());
  // Issue 41: EPCIS 2.0 events derived from the history (query, export).
  const epcis = createEpcisService({ epcis: repos.epcis, clock, publicUrl: config.publicUrl });
  // …and captured to an external EPCIS repository after each change, from a watermark on the history.
  const epcisCapture = createEpcisCapture({
    epcis: repos.epcis,
    store: createEpcisCaptureRepository(database.db),
    uris: epcis.uris,
    box: secretBox,
    clock,
    events,
    outbound,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    logger,
  });
  app.addHook('onClose', async () => epcisCapture.idle());

  // Issue 40: connections to LLRP readers (started as a background job) and their settings.
  const llrp = composeLlrp({
    config,
    db: database.db,
    readers: repos.readers,
    audit,
    rfid: floor.rfid,
    events,
    clock,
    logger,
  });
  // Before the ingest drains and the database closes: no reader socket outlives the app.
  app.addHook('preClose', async () => llrp.manager.stop());

  floor.useTransferAlerts((causes) => messaging.alerts.raise(causes));
  // Once every service exists: what changed while no instance ran, then the listeners, each stopped when the
  // app closes so that no event of a shutdown reaches a closed database.
  await floor.startUp();
  for (const stop of [
    messaging.follow(),
    safeCounts.follow(),
    floor.follow(),
    webhooks.follow(),
    epcisCapture.follow(),
  ]) {
    app.addHook('onClose', stop);
  }

  return {
    config,
    database,
    clock,
    users,
    sessions,
    audit,
    settings,
    registeredRoutes,
    events,
    idempotency,
    clientTelemetry,
    ...identity,
    settingsService: floor.settingsService,
    generalSettings: floor.generalSettings,
    tracking: floor.tracking,
    projections: floor.projections,
    transfers: floor.transfers,
    workflow: floor.workflow,
    workTime: floor.workTime,
    analytics: floor.analytics,
    rfid: floor.rfid,
    registry: floor.registry,
    locations: floor.locations,
    locationSettings: floor.locationSettings,
    departmentTransfer: floor.departmentTransfer,
    readers: floor.readers,
    tv: messaging.tv,
    alerts: messaging.alerts,
    notifications: messaging.notifications,
    digests: messaging.digests,
    publicLinks: messaging.publicLinks,
    designs: messaging.designs,
    customerMessages: messaging.customerMessages,
    safeCounts,
    webhooks,
    epcis,
    epcisCapture,
    llrp: llrp.service,
    llrpManager: llrp.manager,
    ...jobs,
    assistant,
    backups,
  };
}

export type TServices = Awaited<ReturnType<typeof createServices>>;
