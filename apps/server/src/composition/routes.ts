import type { FastifyInstance } from 'fastify';
import { secretFrom } from '../lib/secret-box.ts';
import { registerAlertsRoutes } from '../modules/alerts/routes.ts';
import { registerAnalyticsRoutes } from '../modules/analytics/routes.ts';
import { registerAssistantRoutes } from '../modules/assistant/routes.ts';
import { registerAuthRoutes } from '../modules/auth/routes.ts';
import { registerOperatorRoutes } from '../modules/backups/operator-routes.ts';
import { registerBackupRoutes } from '../modules/backups/routes.ts';
import { registerCatalogRoutes } from '../modules/catalog/routes.ts';
import { registerClientTelemetryRoutes } from '../modules/client-telemetry/routes.ts';
import { registerCustomerMessagesRoutes } from '../modules/customer-messages/routes.ts';
import { registerCustomersRoutes } from '../modules/customers/routes.ts';
import { registerDesignsRoutes } from '../modules/designs/routes.ts';
import { registerEpcisRoutes } from '../modules/epcis/routes.ts';
import { registerIdpRoutes } from '../modules/idp/routes.ts';
import { registerRfidRoutes } from '../modules/ingest/routes.ts';
import { registerJobRoutes } from '../modules/jobs/job-routes.ts';
import { ORDER_ROUTES, REPAIR_ROUTES } from '../modules/jobs/kind-routes.ts';
import { registerLlrpRoutes } from '../modules/llrp/routes.ts';
import { registerMaterialsRoutes } from '../modules/materials/routes.ts';
import { registerNotificationsRoutes } from '../modules/notifications/routes.ts';
import { registerPublicLinksRoutes } from '../modules/public-links/routes.ts';
import { registerReadersRoutes } from '../modules/readers/routes.ts';
import { registerLocationSettingsRoutes } from '../modules/registry/location-settings-routes.ts';
import { registerRegistryRoutes } from '../modules/registry/routes.ts';
import { registerSafeCountsRoutes } from '../modules/safe-counts/routes.ts';
import { registerSettingsRoutes } from '../modules/settings/routes.ts';
import { registerSystemRoutes } from '../modules/system/routes.ts';
import { registerTrackingRoutes } from '../modules/tracking/routes.ts';
import { registerTransfersRoutes } from '../modules/transfers/routes.ts';
import { registerTvRoutes } from '../modules/tv/routes.ts';
import { registerUsersRoutes } from '../modules/users/routes.ts';
import { registerWebhooksRoutes } from '../modules/webhooks/routes.ts';
import { registerWorkTimeRoutes } from '../modules/work-time/routes.ts';
import { registerWorkflowRoutes } from '../modules/workflow/routes.ts';
import type { TServices } from './services.ts';

/** Every route plugin, each handed the services it uses and nothing else (they are built in services.ts). */
export async function registerRoutes(app: FastifyInstance, services: TServices): Promise<void> {
  const { config } = services;
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
    ingestApplierLag: () => services.rfid.pipeline.applierLag(),
    projectionsLag: () => services.projections.lag(),
  });
  await app.register(registerAuthRoutes, {
    auth: services.auth,
    signInLimitPerIpPerMinute: config.SIGN_IN_LIMIT_PER_IP_PER_MINUTE,
  });
  const api = { prefix: '/api/v1' };
  await app.register(registerUsersRoutes, { ...api, usersAdmin: services.usersAdmin });
  await app.register(registerClientTelemetryRoutes, { ...api, clientTelemetry: services.clientTelemetry });
  await app.register(registerSettingsRoutes, {
    ...api,
    settingsService: services.settingsService,
    settings: services.settings,
    securitySettings: services.securitySettings,
    audit: services.audit,
    clock: services.clock,
  });
  await app.register(registerBackupRoutes, { ...api, backups: services.backups });
  await app.register(registerRegistryRoutes, {
    ...api,
    registry: services.registry,
    locations: services.locations,
    transfer: services.departmentTransfer,
  });
  await app.register(registerLocationSettingsRoutes, { ...api, locationSettings: services.locationSettings });
  await app.register(registerReadersRoutes, { ...api, readers: services.readers });
  await app.register(registerLlrpRoutes, { ...api, llrp: services.llrp });
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
  await app.register(registerMaterialsRoutes, { ...api, materials: services.materials });
  await app.register(registerTrackingRoutes, { ...api, tracking: services.tracking });
  await app.register(registerWorkflowRoutes, {
    ...api,
    workflow: services.workflow,
    calendar: services.settingsService,
  });
  await app.register(registerWorkTimeRoutes, { ...api, workTime: services.workTime });
  await app.register(registerRfidRoutes, { ...api, rfid: services.rfid });
  await app.register(registerTvRoutes, { ...api, tv: services.tv });
  await app.register(registerAlertsRoutes, { ...api, alerts: services.alerts });
  await app.register(registerSafeCountsRoutes, { ...api, safeCounts: services.safeCounts });
  await app.register(registerTransfersRoutes, { ...api, transfers: services.transfers });
  await app.register(registerAnalyticsRoutes, { ...api, analytics: services.analytics });
  await app.register(registerNotificationsRoutes, { ...api, notifications: services.notifications });
  await app.register(registerPublicLinksRoutes, { ...api, publicLinks: services.publicLinks });
  await app.register(registerDesignsRoutes, { ...api, designs: services.designs, storage: services.storage });
  await app.register(registerCustomerMessagesRoutes, { ...api, customerMessages: services.customerMessages });
  await app.register(registerAssistantRoutes, { ...api, assistant: services.assistant });
  await app.register(registerWebhooksRoutes, { ...api, webhooks: services.webhooks });
  await app.register(registerEpcisRoutes, { ...api, epcis: services.epcis, capture: services.epcisCapture });
  await app.register(registerOperatorRoutes, {
    backups: services.backups,
    secret: secretFrom({ secretKey: config.SECRET_KEY, dataDir: config.DATA_DIR }),
  });
}
