import type { FastifyBaseLogger } from 'fastify';
import type { TApp } from './app.ts';
import type { TConfig } from './config.ts';
import { nightlyBackupTick } from './modules/backups/nightly-backup.ts';
import { startOffsiteSweeper } from './modules/tracking/offsite-sweeper.ts';

/** How often overdue assignments are looked at; each nudges at most once per its own interval. */
const NUDGE_SWEEP_MS = 60_000;
/** How often running timers are checked against the workshop's closing time (issue 37 §3). */
const CLOSING_STOP_CHECK_MS = 60_000;
/** How often the closing count is looked at: started at closing, finished when its window ends (issue 37 §5). */
const SAFE_COUNT_CHECK_MS = 30_000;
/** How often readers are checked for silence (the mapping screen shows them offline). */
const READER_WATCH_MS = 30_000;
/** How often the clock is checked for the nightly backup's hour. */
const NIGHTLY_BACKUP_CHECK_MS = 60_000;
/** How often reads past RFID_READ_RETENTION_DAYS are looked for. */
const READ_RETENTION_SWEEP_MS = 3_600_000;
/** How often due webhook deliveries are sent (a test event starts a sweep at once). */
const WEBHOOK_SWEEP_MS = 5_000;
/** How often answers kept for Idempotency-Keys and client telemetry past their retention are deleted. */
const RETENTION_SWEEP_MS = 3_600_000;

/**
 * Work the server does by itself as time passes (issue 33 §5): one list, started after the app is built and
 * stopped before it closes. Each is safe with several instances: it claims what it changes in the database
 * (a row lock, a conditional update or a unique index), so two instances never do the same work twice.
 */
export type TBackgroundJob = {
  readonly name: string;
  /** Starts it; answers a stop that also waits for a run in progress. */
  readonly start: (logger: Pick<FastifyBaseLogger, 'error'>) => () => Promise<void>;
};

/** A job that runs every `everyMs`, one run at a time, its failures logged with its name. */
export function every(name: string, everyMs: number, run: () => Promise<unknown>): TBackgroundJob {
  return {
    name,
    start(logger) {
      let running: Promise<unknown> | null = null;
      const timer = setInterval(() => {
        if (running !== null) return;
        running = run()
          .catch((error: unknown) =>
            logger.error({ err: (error as Error).message, job: name }, `${name} failed`),
          )
          .finally(() => {
            running = null;
          });
      }, everyMs);
      // A pending run must not keep a stopping process alive.
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}

/** Loupe's background work, each with why it runs. */
export function backgroundJobsOf(app: TApp, config: TConfig): TBackgroundJob[] {
  const services = app.loupe;
  return [
    // Spec §9: every offsiteCheckInterval while automatic detection is on (Settings › general).
    {
      name: 'offsite sweep',
      start: (logger) =>
        startOffsiteSweeper({
          service: services.tracking,
          settings: services.generalSettings,
          clock: services.clock,
          logger,
        }),
    },
    // Overdue assignments nudge their assignees, at most once per interval each (issue 12 §3).
    every('the nudge sweep', NUDGE_SWEEP_MS, () => services.workflow.sweepNudges()),
    // Nobody's timer runs overnight: at closing, running timers stop with a note and a notice (issue 37 §3).
    every('the closing stop', CLOSING_STOP_CHECK_MS, () =>
      services.workTime.stopAtClosing((userIds, notice) => services.notifications.notify(userIds, notice)),
    ),
    // Each location with a safe counts it at closing; a count finishes when its window ends (issue 37 §5).
    every('the closing count', SAFE_COUNT_CHECK_MS, async () => {
      await services.safeCounts.startClosingCounts();
      await services.safeCounts.finishDue();
    }),
    // Bags past their expected day raise an alert per piece still out, once (issue 39).
    every('the overdue transfers', SAFE_COUNT_CHECK_MS, () => services.transfers.sweepOverdue()),
    // Alert rules are evaluated as time passes, not by the browser (issue 15 §1).
    every('the alert evaluation', config.ALERT_EVALUATION_SECONDS * 1000, () => services.alerts.evaluate()),
    // Daily digests go out once the workshop opens, once per user and date (issue 15 §4).
    every('the digest sweep', config.ALERT_EVALUATION_SECONDS * 1000, () => services.digests.sendDue()),
    // Customer messages: due ones are sent (or retried), "still waiting" ones queued (issue 15 §5).
    every('the customer message sweep', config.CUSTOMER_MESSAGE_SWEEP_SECONDS * 1000, () =>
      services.customerMessages.sweep(),
    ),
    // Webhooks: due deliveries sent, failures retried for 24 h, subscriptions failing that long disabled (issue 41).
    every('the webhook dispatcher', WEBHOOK_SWEEP_MS, () => services.webhooks.deliverDue()),
    // EPCIS capture: what the history gained since the repository's last 202, retried with backoff (issue 41).
    every('the EPCIS capture', WEBHOOK_SWEEP_MS, () => services.epcisCapture.captureDue()),
    // LLRP readers: this instance takes or renews their leases and keeps a connection to those it holds (issue 40).
    { name: 'the LLRP connections', start: () => services.llrpManager.start() },
    // Readers that fell silent are shown offline on the mapping screen.
    every('the reader watch', READER_WATCH_MS, () => services.rfid.markSilentReadersOffline()),
    // Reads past RFID_READ_RETENTION_DAYS go, a batch per statement; the location history stays.
    every('the read retention sweep', READ_RETENTION_SWEEP_MS, () => services.rfid.sweepExpiredReads()),
    // Applied journal rows past RFID_JOURNAL_RETENTION_DAYS go the same way (decision 025).
    every('the read journal retention sweep', READ_RETENTION_SWEEP_MS, () =>
      services.rfid.sweepExpiredJournal(),
    ),
    // Settings › general › nightly backup: at BACKUP_HOUR, the newest N kept (issue 42 §1, docs/deployment.md).
    every(
      'the nightly backup',
      NIGHTLY_BACKUP_CHECK_MS,
      nightlyBackupTick({
        backups: services.backups,
        generalSettings: services.generalSettings,
        timeZone: async () => (await services.settingsService.workingCalendar()).timeZone,
        backupHour: config.BACKUP_HOUR,
        clock: services.clock,
      }),
    ),
    // Answers kept for Idempotency-Keys go after their 24 hours (issue 36 §5).
    every('the idempotency key sweep', RETENTION_SWEEP_MS, () => services.idempotency.sweepExpired()),
    // Client errors and request timings go after CLIENT_TELEMETRY.retentionMs (issue 36 §2).
    every('the client telemetry sweep', RETENTION_SWEEP_MS, () => services.clientTelemetry.sweepExpired()),
  ];
}

/** Starts every job; the answer stops them all (and waits for runs in progress). */
export function startBackgroundJobs(
  jobs: readonly TBackgroundJob[],
  logger: Pick<FastifyBaseLogger, 'error'>,
): () => Promise<void> {
  const stops = jobs.map((job) => job.start(logger));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
