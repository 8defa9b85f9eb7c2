import type { TDatabase } from '../db/client.ts';
import { transactional } from '../db/transaction.ts';
import { createAlertsRepository } from '../modules/alerts/repository.ts';
import { createComparisonAnalyticsRepository } from '../modules/analytics/comparison-repository.ts';
import type { TAnalyticsRepositories } from '../modules/analytics/context.ts';
import { createAnalyticsFactsRepository } from '../modules/analytics/facts-repository.ts';
import { createOnTimeAnalyticsRepository } from '../modules/analytics/on-time-repository.ts';
import { createPredictionsRepository } from '../modules/analytics/predictions-repository.ts';
import { createProductTypeAnalyticsRepository } from '../modules/analytics/product-types-repository.ts';
import { createAnalyticsReferenceRepository } from '../modules/analytics/reference-repository.ts';
import { createRootCauseAnalyticsRepository } from '../modules/analytics/root-cause-repository.ts';
import { createStationBucketsRepository } from '../modules/analytics/station-buckets-repository.ts';
import { createTransitAnalyticsRepository } from '../modules/analytics/transit-repository.ts';
import { createWorkflowAnalyticsRepository } from '../modules/analytics/workflow-repository.ts';
import { createAssistantRepository } from '../modules/assistant/repository.ts';
import { createOwnedAttachments } from '../modules/attachments/owned-attachments.ts';
import { createAttachmentsRepository } from '../modules/attachments/repository.ts';
import { createAuditRepository } from '../modules/audit/repository.ts';
import { createOneTimeCodesRepository } from '../modules/auth/repository.ts';
import { createCatalogRepository } from '../modules/catalog/repository.ts';
import { createClientTelemetryRepository } from '../modules/client-telemetry/repository.ts';
import { createCustomerMessagesRepository } from '../modules/customer-messages/repository.ts';
import { createCustomersRepository } from '../modules/customers/repository.ts';
import { createDesignsRepository } from '../modules/designs/repository.ts';
import { createEpcisRepository } from '../modules/epcis/repository.ts';
import { createIdempotencyRepository } from '../modules/idempotency/repository.ts';
import { createMfaRepository } from '../modules/idp/mfa-repository.ts';
import { createRfidJournalRepository } from '../modules/ingest/journal-repository.ts';
import { createRfidRepository } from '../modules/ingest/repository.ts';
import { createItemHistoryRepository } from '../modules/jobs/item-history-repository.ts';
import { createOrdersRepository } from '../modules/jobs/order-repository.ts';
import { createRepairsRepository } from '../modules/jobs/repair-repository.ts';
import { createMailOutboxRepository } from '../modules/mail/repository.ts';
import { createMaterialsRepository } from '../modules/materials/repository.ts';
import { createNotificationsRepository } from '../modules/notifications/repository.ts';
import { createPublicLinksRepository } from '../modules/public-links/repository.ts';
import { createReadersRepository } from '../modules/readers/repository.ts';
import { createRegistryRepository } from '../modules/registry/repository.ts';
import { createSafeCountsRepository } from '../modules/safe-counts/repository.ts';
import { createSessionsRepository } from '../modules/sessions/repository.ts';
import { createSettingsRepository } from '../modules/settings/repository.ts';
import { createMoveFeedRepository } from '../modules/tracking/move-feed-repository.ts';
import { createTrackingRepository } from '../modules/tracking/repository.ts';
import { createTransfersRepository } from '../modules/transfers/repository.ts';
import { createTvRepository } from '../modules/tv/repository.ts';
import { createUsersRepository } from '../modules/users/repository.ts';
import { createWebhooksRepository } from '../modules/webhooks/repository.ts';
import { createWorkTimeRepository } from '../modules/work-time/repository.ts';
import { createWorkflowRepository } from '../modules/workflow/repository.ts';

/**
 * Every repository, bound to the database once (issue 33 §5, docs/architecture.md). Services are handed the
 * ones they use from here and never build one themselves; a service that needs a transaction opens it
 * through its repository's `withTransaction` (db/transaction.ts), the one way a transaction is opened.
 */
export function createRepositories(db: TDatabase) {
  const attachments = transactional(db, createAttachmentsRepository);
  return {
    users: transactional(db, createUsersRepository),
    sessions: transactional(db, createSessionsRepository),
    audit: transactional(db, createAuditRepository),
    idempotency: transactional(db, createIdempotencyRepository),
    clientTelemetry: transactional(db, createClientTelemetryRepository),
    settings: transactional(db, createSettingsRepository),
    oneTimeCodes: transactional(db, createOneTimeCodesRepository),
    mfa: transactional(db, createMfaRepository),
    mailOutbox: transactional(db, createMailOutboxRepository),
    readers: transactional(db, createReadersRepository),
    rfid: transactional(db, createRfidRepository),
    rfidJournal: transactional(db, createRfidJournalRepository),
    registry: transactional(db, createRegistryRepository),
    tracking: transactional(db, createTrackingRepository),
    moveFeed: transactional(db, createMoveFeedRepository),
    workflow: transactional(db, createWorkflowRepository),
    workTime: transactional(db, createWorkTimeRepository),
    orders: transactional(db, createOrdersRepository),
    repairs: transactional(db, createRepairsRepository),
    itemHistory: transactional(db, createItemHistoryRepository),
    materials: transactional(db, createMaterialsRepository),
    attachments,
    /** What modules that own attachments (jobs, designs, the catalog) write and read them through. */
    ownedAttachments: createOwnedAttachments(attachments),
    customers: transactional(db, createCustomersRepository),
    catalog: transactional(db, createCatalogRepository),
    designs: transactional(db, createDesignsRepository),
    publicLinks: transactional(db, createPublicLinksRepository),
    customerMessages: transactional(db, createCustomerMessagesRepository),
    webhooks: transactional(db, createWebhooksRepository),
    epcis: transactional(db, createEpcisRepository),
    notifications: transactional(db, createNotificationsRepository),
    alerts: transactional(db, createAlertsRepository),
    tv: transactional(db, createTvRepository),
    safeCounts: transactional(db, createSafeCountsRepository),
    transfers: transactional(db, createTransfersRepository),
    assistant: transactional(db, createAssistantRepository),
    analyticsFacts: transactional(db, createAnalyticsFactsRepository),
    analytics: analyticsRepositories(db),
    /** Past phase durations, for the job read model's predictions (job-read-model.ts). */
    predictions: createPredictionsRepository(db),
  };
}

export type TRepositories = ReturnType<typeof createRepositories>;

/** The analytics screens' SQL, one repository a screen (modules/analytics/context.ts). */
function analyticsRepositories(db: TDatabase): TAnalyticsRepositories {
  return {
    reference: createAnalyticsReferenceRepository(db),
    workflow: createWorkflowAnalyticsRepository(db),
    stationBuckets: createStationBucketsRepository(db),
    rootCause: createRootCauseAnalyticsRepository(db),
    onTime: createOnTimeAnalyticsRepository(db),
    comparison: createComparisonAnalyticsRepository(db),
    productTypes: createProductTypeAnalyticsRepository(db),
    transit: createTransitAnalyticsRepository(db),
  };
}
