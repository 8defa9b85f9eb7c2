import type { TGeneralSettings } from '@loupe/domain/settings/general-settings';
import { offsiteSweepIntervalMs } from '@loupe/domain/tracking/offsite';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import type { TTrackingService } from './service.ts';

/**
 * How often the sweeper re-reads Settings › general at the longest: a new interval, or detection turned on
 * or off, applies within this time on every instance, whatever interval was set before (issue 21 §4).
 */
export const OFFSITE_SETTINGS_RECHECK_MS = 60_000;

/** A timer; tests pass one they fire by hand, so nothing sleeps. */
export type TSweepTimer = {
  readonly schedule: (run: () => void, delayMs: number) => () => void;
};

const realTimer: TSweepTimer = {
  schedule(run, delayMs) {
    const handle = setTimeout(run, delayMs);
    // A pending sweep must not keep a stopping process alive.
    handle.unref();
    return () => clearTimeout(handle);
  },
};

export type TOffsiteSweeperOptions = {
  readonly service: Pick<TTrackingService, 'detectOffsite'>;
  /** Settings › general, re-read at every tick so a change applies without a restart. */
  readonly settings: () => Promise<Pick<TGeneralSettings, 'autoOffsiteDetection' | 'offsiteCheckInterval'>>;
  readonly clock: TClock;
  readonly logger: Pick<FastifyBaseLogger, 'error'>;
  readonly timer?: TSweepTimer;
};

/**
 * Runs the offsite sweep every offsiteCheckInterval while autoOffsiteDetection is on (spec §9). The first
 * sweep waits one interval: after a restart the readers need a moment to report what is still here. It
 * wakes at least every OFFSITE_SETTINGS_RECHECK_MS to re-read the settings, so that shortening a one-day
 * interval takes effect within a minute rather than after the day. Returns a stop function that also
 * waits for a sweep in progress.
 */
export function startOffsiteSweeper(options: TOffsiteSweeperOptions): () => Promise<void> {
  const { service, settings, clock, logger } = options;
  const timer = options.timer ?? realTimer;
  let stopped = false;
  let cancel: (() => void) | null = null;
  let running: Promise<void> | null = null;
  let lastSweepAt = clock().getTime();

  /** The sweep interval now, or null while auto detection is off. */
  async function currentIntervalMs(): Promise<number | null> {
    try {
      return offsiteSweepIntervalMs(await settings());
    } catch (error) {
      logger.error({ err: error }, 'offsite sweep: reading the general settings failed');
      return null;
    }
  }

  function track(work: Promise<void>): void {
    const tracked: Promise<void> = work.finally(() => {
      if (running === tracked) running = null;
    });
    running = tracked;
  }

  function scheduleIn(delayMs: number): void {
    if (stopped) return;
    cancel = timer.schedule(() => {
      cancel = null;
      track(tick());
    }, delayMs);
  }

  /** Sweeps when an interval has passed since the last sweep, then sleeps until the next one or the next re-read. */
  async function tick(): Promise<void> {
    const interval = await currentIntervalMs();
    if (interval !== null && !stopped && clock().getTime() - lastSweepAt >= interval) {
      lastSweepAt = clock().getTime();
      try {
        await service.detectOffsite(clock());
      } catch (error) {
        logger.error({ err: error }, 'offsite sweep failed');
      }
    }
    const untilDue =
      interval === null ? OFFSITE_SETTINGS_RECHECK_MS : lastSweepAt + interval - clock().getTime();
    scheduleIn(Math.max(0, Math.min(untilDue, OFFSITE_SETTINGS_RECHECK_MS)));
  }

  track(
    currentIntervalMs().then((interval) =>
      scheduleIn(Math.min(interval ?? OFFSITE_SETTINGS_RECHECK_MS, OFFSITE_SETTINGS_RECHECK_MS)),
    ),
  );

  return async () => {
    stopped = true;
    cancel?.();
    cancel = null;
    await running;
  };
}
