import type { TGeneralSettings } from '@loupe/domain/settings/general-settings';
import { offsiteSweepIntervalMs } from '@loupe/domain/tracking/offsite';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import type { TTrackingService } from './service.ts';

/** While auto detection is off, how often the sweeper looks whether it was turned back on. */
export const OFFSITE_SWEEP_IDLE_RECHECK_MS = 60_000;

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
 * sweep waits one interval: after a restart the readers need a moment to report what is still here.
 * Returns a stop function that also waits for a sweep in progress.
 */
export function startOffsiteSweeper(options: TOffsiteSweeperOptions): () => Promise<void> {
  const { service, settings, clock, logger } = options;
  const timer = options.timer ?? realTimer;
  let stopped = false;
  let cancel: (() => void) | null = null;
  let running: Promise<void> | null = null;

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

  async function tick(): Promise<void> {
    const interval = await currentIntervalMs();
    if (interval !== null && !stopped) {
      try {
        await service.detectOffsite(clock());
      } catch (error) {
        logger.error({ err: error }, 'offsite sweep failed');
      }
    }
    scheduleIn(interval ?? OFFSITE_SWEEP_IDLE_RECHECK_MS);
  }

  track(currentIntervalMs().then((interval) => scheduleIn(interval ?? OFFSITE_SWEEP_IDLE_RECHECK_MS)));

  return async () => {
    stopped = true;
    cancel?.();
    cancel = null;
    await running;
  };
}
