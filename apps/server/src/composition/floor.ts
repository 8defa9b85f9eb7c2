import type { TAlertCause } from '@loupe/domain/alerts/alerts';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TDatabase, TDatabaseHandle } from '../db/client.ts';
import { createJobReadModel } from '../job-read-model.ts';
import type { TClock } from '../lib/clock.ts';
import { createAnalyticsService } from '../modules/analytics/service.ts';
import type { TAuditRepository } from '../modules/audit/repository.ts';
import { createRfidService } from '../modules/ingest/service.ts';
import { isNumberPrefixInUse } from '../modules/jobs/item-numbers-repository.ts';
import { createReadersService } from '../modules/readers/service.ts';
import { createDepartmentTransfer } from '../modules/registry/department-transfer.ts';
import { createLocationService } from '../modules/registry/location-service.ts';
import { createLocationSettingsRepository } from '../modules/registry/location-settings-repository.ts';
import { createLocationSettingsService } from '../modules/registry/location-settings-service.ts';
import { createRegistryService, type TDepartmentChange } from '../modules/registry/service.ts';
import { createSafeCountRemovals } from '../modules/safe-counts/removals.ts';
import { createSettingsService } from '../modules/settings/service.ts';
import { createProjections } from '../modules/tracking/projections.ts';
import { createTrackingService } from '../modules/tracking/service.ts';
import { createTransfersService } from '../modules/transfers/service.ts';
import { createWorkTimeService } from '../modules/work-time/service.ts';
import { createWorkflowService } from '../modules/workflow/service.ts';
import type { TEventBus } from '../realtime/event-bus.ts';
import type { TRepositories } from './repositories.ts';

/** The projection of the moves that records analytics' visits and their rollups (decision 026). */
const ANALYTICS_VISITS_PROJECTION = 'analytics visits';

/**
 * The workshop floor: its settings, the job read model, the workflow, tracking and the read pipeline that
 * feeds it, the registry of departments and stations, the readers, and the analytics of what happened there.
 */
export function composeFloor(context: {
  readonly config: TConfig;
  readonly database: TDatabaseHandle;
  readonly repos: TRepositories;
  readonly audit: TAuditRepository;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly logger: FastifyBaseLogger;
}) {
  const { config, database, repos, audit, clock, events, logger } = context;
  const db: TDatabase = database.db;
  const { analyticsFacts } = repos;
  /**
   * The work-in-progress rollup follows the workshop's zone. A failed refill leaves it at its earlier zone and
   * is logged, never thrown: a save or a start must not fail on it, and the analytics stay exact either way.
   */
  const followWorkshopZone = async (timeZone: string) => {
    try {
      if (await analyticsFacts.syncWipTimeZone(timeZone)) {
        logger.info(
          { timeZone },
          'analytics work in progress recounted at the midnights of the workshop zone',
        );
      }
    } catch (error) {
      logger.warn({ err: error, timeZone }, 'analytics work in progress kept at its earlier zone');
    }
  };
  const settingsService = createSettingsService({
    config,
    settings: repos.settings,
    audit,
    clock,
    isNumberPrefixInUse: (kind, prefix) => isNumberPrefixInUse(db, kind, prefix),
    onWorkingCalendarChanged: (calendar) => followWorkshopZone(calendar.timeZone),
  });
  const generalSettings = () => settingsService.generalSettings();
  const calendar = () => settingsService.workingCalendar();
  // Issue 39 §3: each location's own rules, falling back to the workshop's.
  const locationSettings = createLocationSettingsService({
    repository: createLocationSettingsRepository(database.db),
    clock,
    workshop: async () => ({
      calendar: await calendar(),
      offsiteTimeoutMinutes: (await generalSettings()).offsiteTimeout,
    }),
  });
  // One truth about a job (issue 32): every screen, tile, filter, alert, assistant answer, TV and plan reads
  // the job read model, which evaluates the domain's rules (jobs/job-state.ts) once.
  const jobStates = createJobReadModel({
    workflow: repos.workflow,
    predictions: repos.predictions,
    clock,
    calendar,
  });
  // Phases follow reads: tracking hands each batch's moves to the workflow inside its transaction.
  const workflow = createWorkflowService({
    workflow: repos.workflow,
    clock,
    events,
    jobStates,
    calendar,
    personHours: (userId) => settingsService.personHours(userId),
    savePersonHours: (actorId, userId, hours, requestContext) =>
      settingsService.savePersonHours(actorId, userId, hours, requestContext),
    logger,
  });
  // Work time (issue 37 §3): timers on assigned steps; reads and closing stop them.
  const workTime = createWorkTimeService({
    workTime: repos.workTime,
    clock,
    calendar,
    completeAssignment: (actor, id) => workflow.completeAssignment(actor, id),
    events,
    logger,
  });
  // Pieces a closing count found in the safe, read later elsewhere, are logged as taken out (issue 37 §5).
  const safeCountRemovals = createSafeCountRemovals({ safeCounts: repos.safeCounts });
  // Transfers between locations (issue 39): reads pack, receive and catch extras; the alerts module (made
  // after the floor) raises short and overdue bags once useTransferAlerts hands it over.
  let raiseTransferAlerts: ((causes: readonly Omit<TAlertCause, 'severity'>[]) => Promise<number>) | null =
    null;
  const transfers = createTransfersService({
    transfers: repos.transfers,
    clock,
    events,
    timeZone: async () => (await calendar()).timeZone,
    raiseAlerts: (causes) =>
      raiseTransferAlerts === null ? Promise.resolve(0) : raiseTransferAlerts(causes),
    logger,
  });
  // What follows the moves after their batch committed, each under its own cursor (issue 38 §2, decision
  // 026): analytics' visits and their rollups, the heaviest part of a batch.
  const projections = createProjections({
    feed: repos.moveFeed,
    logger,
    projections: [
      {
        name: ANALYTICS_VISITS_PROJECTION,
        // Every entry's visits in one call: a statement per round of jobs, fewer as the projection catches up.
        apply: (tx, entries) =>
          analyticsFacts.within(tx).recordVisits(entries.flatMap((entry) => entry.visits)),
      },
    ],
  });
  // Shared by the tracking routes, the RFID pipeline and the offsite sweeper.
  const tracking = createTrackingService({
    // A read, from the reader to the screen (docs/architecture.md): what follows each batch of moves, in its
    // transaction and in this order. The workflow first: it makes its templates, and a visit counts to the
    // phase its department belongs to.
    afterBatch: [
      { name: 'workflow phases and statuses', run: (tx, { moved }) => workflow.afterMoves(tx, moved) },
      // A job read at another station than where its timer started stops that timer (issue 37 §3).
      { name: 'work time', run: (tx, { moved }) => workTime.afterMoves(tx, moved) },
      { name: 'safe count removals', run: (tx, { moved }) => safeCountRemovals.afterMoves(tx, moved) },
      { name: 'transfers', run: (tx, { moved }) => transfers.afterMoves(tx, moved) },
      // Last: the batch's outcome for the projections (decision 026), which follow it once it committed. The
      // feed's append lock is held to the commit, so this step comes after every other.
      {
        name: 'move feed',
        run: async (tx, batch) => {
          if (batch.moved.length === 0 && batch.visits.length === 0) return [];
          await repos.moveFeed.within(tx).append(batch);
          return [projections.wake];
        },
      },
    ],
    // Station pages' scans go through the read pipeline like every reader's (called only once both exist).
    ingestStationScan: (scan) => rfid.pipeline.ingestStationScan(scan),
    tracking: repos.tracking,
    clock,
    events,
    offsiteSettings: generalSettings,
    offsiteTimeoutsByStation: () => locationSettings.offsiteTimeoutsByStation(),
    logger,
  });
  const analytics = createAnalyticsService({
    repositories: repos.analytics,
    clock,
    jobStates,
    calendar,
    personHours: (userId) => settingsService.personHours(userId),
  });
  const rfid = createRfidService({
    rfid: repos.rfid,
    journal: repos.rfidJournal,
    readers: repos.readers,
    tracking,
    events,
    clock,
    logger,
    dedupeWindowMs: config.RFID_DEDUPE_WINDOW_MS,
    maxQueuedReads: config.RFID_MAX_QUEUED_READS,
    maxBatchReads: config.RFID_MAX_BATCH_READS ?? (database.kind === 'pglite' ? 1_000 : 5_000),
    readRetentionDays: config.RFID_READ_RETENTION_DAYS,
    journalRetentionDays: config.RFID_JOURNAL_RETENTION_DAYS,
    maxReadsPerPayload: config.RFID_MAX_READS_PER_PAYLOAD,
  });
  // Workflow templates follow the departments as they are made, renamed and removed (issue 32).
  const onDepartmentChanged = (change: TDepartmentChange) => workflow.followDepartment(change);
  const registry = createRegistryService({ registry: repos.registry, clock, events, onDepartmentChanged });
  const locations = createLocationService({ registry: repos.registry, clock });
  const departmentTransfer = createDepartmentTransfer({
    registry: repos.registry,
    clock,
    events,
    onDepartmentChanged,
  });
  const readers = createReadersService({
    readers: repos.readers,
    audit,
    clock,
    onMappingsChanged: rfid.mappingsChanged,
  });

  /** What the floor brings up to date once at start, in this order (composition/services.ts runs it). */
  async function startUp(): Promise<void> {
    await locations.ensureDefaultLocation();
    // And what changed in the registry while no instance was running.
    await workflow.followRegistry();
    // Rebuilt from the history, the facts hold what the feed holds too: the projection starts after it. The
    // journal's applier is already at work (a crash's reads): its batches wait to append until the rebuild
    // commits, or one committed while the rebuild read the history would be in neither.
    const rebuilt = await analyticsFacts.rebuildIfMissing({
      beforeRebuild: (tx) => repos.moveFeed.within(tx).holdAppends(),
      afterRebuild: (tx) => repos.moveFeed.within(tx).skipToEnd(ANALYTICS_VISITS_PROJECTION),
    });
    if (rebuilt) logger.info('analytics facts rebuilt from the location history');
    // A workshop whose zone was set before the rollup followed it (or while this instance was down).
    await followWorkshopZone((await settingsService.workingCalendar()).timeZone);
  }

  /**
   * Once every service exists (composition/services.ts): a step finished another way stops its timers.
   * Returns the stop, run when the app closes.
   */
  function follow(): () => Promise<void> {
    const stopFinishedSteps = workTime.followFinishedSteps();
    // Entries a crash left, or appended while no instance ran (or during the start-up).
    projections.start();
    return async () => {
      stopFinishedSteps();
      await projections.stop();
    };
  }

  /** The alerts module raises the transfers' alerts (composition/services.ts, once it exists). */
  function useTransferAlerts(
    raise: (causes: readonly Omit<TAlertCause, 'severity'>[]) => Promise<number>,
  ): void {
    raiseTransferAlerts = raise;
  }

  return {
    follow,
    useTransferAlerts,
    projections,
    transfers,
    settingsService,
    generalSettings,
    jobStates,
    workflow,
    workTime,
    tracking,
    analytics,
    rfid,
    registry,
    locations,
    locationSettings,
    departmentTransfer,
    readers,
    startUp,
  };
}

export type TFloorComposition = ReturnType<typeof composeFloor>;
