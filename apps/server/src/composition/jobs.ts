import { DELIVERED_STATUS } from '@loupe/domain/analytics/analytics-api';
import { isOpenStatus } from '@loupe/domain/jobs/job-state';
import type { TNotesChange } from '@loupe/domain/notifications/mentions';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import type { TClock } from '../lib/clock.ts';
import type { TOutboundGuard } from '../lib/outbound-url.ts';
import { fileStoreFrom } from '../modules/attachments/file-store.ts';
import { createImageStorage } from '../modules/attachments/image-storage.ts';
import { createAttachmentsService } from '../modules/attachments/service.ts';
import { createCatalogService } from '../modules/catalog/service.ts';
import { createCustomersService } from '../modules/customers/service.ts';
import type { TDesignsService } from '../modules/designs/service.ts';
import { createJobService } from '../modules/jobs/job-service.ts';
import type { TJobStates } from '../modules/jobs/job-states.ts';
import { needsDesign, ORDER_KIND } from '../modules/jobs/order-kind.ts';
import { REPAIR_KIND } from '../modules/jobs/repair-kind.ts';
import type { TJobStatusChange } from '../modules/jobs/status-change.ts';
import { jobPhases } from '../modules/materials/phases.ts';
import { assertMaterialsAccounted, createMaterialsService } from '../modules/materials/service.ts';
import type { TNotificationsService } from '../modules/notifications/service.ts';
import type { TLocationSettingsService } from '../modules/registry/location-settings-service.ts';
import type { TSettingsService } from '../modules/settings/service.ts';
import type { TTrackingService } from '../modules/tracking/service.ts';
import type { TWorkflowService } from '../modules/workflow/service.ts';
import type { TEventBus } from '../realtime/event-bus.ts';
import type { TRepositories } from './repositories.ts';

/**
 * Orders and repairs (one jobs module, two kinds), the customers they are for, the catalog the order form
 * picks from, and the image storage of their photos and designs.
 */
export async function composeJobs(context: {
  readonly config: TConfig;
  readonly repos: TRepositories;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly logger: FastifyBaseLogger;
  readonly outbound: TOutboundGuard;
  readonly jobStates: TJobStates;
  readonly tracking: TTrackingService;
  readonly workflow: TWorkflowService;
  readonly notifications: TNotificationsService;
  readonly designs: TDesignsService;
  readonly locationSettings: TLocationSettingsService;
  readonly settingsService: TSettingsService;
}) {
  const { config, repos, clock, events, logger, tracking, workflow, notifications, designs } = context;
  const storage = createImageStorage({
    dataDir: config.DATA_DIR,
    logger,
    store: fileStoreFrom(config, context.outbound),
  });
  const staleUploads = await storage.sweepStaging();
  if (staleUploads > 0) logger.info({ staleUploads }, 'removed uploads a restart cut short');
  const jobServiceOptions = {
    attachments: repos.ownedAttachments,
    history: repos.itemHistory,
    clock,
    events,
    settings: repos.settings,
    storage,
    // Mentions in notes become notices.
    onNotesChanged: (change: TNotesChange) => notifications.notesChanged(change),
    jobStates: context.jobStates,
    // Issue 39 §2: where jobs are taken in and collected, and the transit a store's intake adds.
    locations: {
      homeLocationOf: (userId: string) => context.locationSettings.homeLocationOf(userId),
      find: (id: string) => context.locationSettings.effective(id),
      workingDays: () => context.settingsService.workingCalendar(),
    },
    // A status set by hand moves the job's phase with it; a finished job gives its tag back and closes its
    // assignments (issue 32).
    onStatusChanged: async (tx: TDatabase, change: TJobStatusChange) => {
      if (change.status === DELIVERED_STATUS[change.kind]) {
        // Issue 37 §4: what the customer left goes back to them (or is explained) before the job is delivered.
        await assertMaterialsAccounted(repos.materials.within(tx), change.kind, change.itemId);
        await repos.analyticsFacts.within(tx).recordDelivered(change.kind, change.itemId, change.at);
      }
      if (!isOpenStatus(change.kind, change.status)) {
        await tracking.releaseTagOfFinished(tx, change);
        await workflow.afterJobFinished(tx, change);
        return [];
      }
      return workflow.afterStatusChanged(tx, change);
    },
  };
  const orders = createJobService(ORDER_KIND, {
    ...jobServiceOptions,
    jobs: repos.orders,
    // An order that needs design work (it has a designer, or went into design) gets its request (issue 17 §2).
    onSaved: async (order, actorId) => {
      if (!needsDesign(order)) return;
      await designs.ensureForOrder(
        { id: order.id, designerId: order.designer?.id ?? null, description: order.description },
        actorId,
      );
    },
  });
  const repairs = createJobService(REPAIR_KIND, { ...jobServiceOptions, jobs: repos.repairs });
  const customers = createCustomersService({ customers: repos.customers, clock });
  const catalog = createCatalogService({
    catalog: repos.catalog,
    attachments: repos.ownedAttachments,
    clock,
    storage,
  });
  const attachments = createAttachmentsService({ attachments: repos.attachments, storage, logger });
  // The job envelope (issue 37 §4): the pickup check delivers the job through its kind's own status change.
  const materials = createMaterialsService({
    materials: repos.materials,
    clock,
    events,
    deliver: (actor, kind, itemId, alongside) =>
      kind === 'order'
        ? orders.update(actor, itemId, { status: DELIVERED_STATUS.order }, alongside)
        : repairs.update(actor, itemId, { status: DELIVERED_STATUS.repair }, alongside),
    phasesOf: (kind, itemId) => jobPhases(repos.workflow, kind, itemId),
  });
  return { storage, orders, repairs, customers, catalog, attachments, materials };
}

export type TJobsComposition = Awaited<ReturnType<typeof composeJobs>>;
