import type { TGeneralSettings } from '../settings/general-settings';
import type { TTrackingStatus } from './tracking-status';

const MINUTE_MS = 60_000;

/** The fields offsite detection reads: tracked orders and tracked repairs both have them (spec §3). */
export type TOffsiteCandidate = {
  readonly status: TTrackingStatus;
  readonly lastSeen: string | null;
  readonly isExpectedOffsite: boolean;
  readonly offsiteDetectedAt: string | null;
};

export type TOffsiteThresholds = Pick<TGeneralSettings, 'offsiteTimeout' | 'expectedOffsiteGracePeriod'>;

/** Minutes an item may go unseen before it counts as offsite: the grace period when offsite is expected. */
export function offsiteThresholdMinutes(
  item: Pick<TOffsiteCandidate, 'isExpectedOffsite'>,
  settings: TOffsiteThresholds,
) {
  return item.isExpectedOffsite ? settings.expectedOffsiteGracePeriod : settings.offsiteTimeout;
}

/**
 * Spec §4 "active to offsite": only an active item with a last-seen time, unseen for strictly more
 * than its threshold. Offsite and returned items are never (re-)marked; no or unreadable lastSeen → never.
 */
export function isOffsiteDue(item: TOffsiteCandidate, settings: TOffsiteThresholds, now: Date): boolean {
  if (item.status !== 'active' || item.lastSeen === null) return false;
  const lastSeenMs = Date.parse(item.lastSeen);
  if (Number.isNaN(lastSeenMs)) return false;
  return now.getTime() - lastSeenMs > offsiteThresholdMinutes(item, settings) * MINUTE_MS;
}

export type TOffsiteDetection<T extends TOffsiteCandidate> = {
  /** Every item, the due ones now offsite with offsiteDetectedAt = now. */
  readonly items: T[];
  /** The items that were just marked, in their new state (to announce "offsite detected"). */
  readonly marked: T[];
};

/**
 * One sweep over tracked orders or repairs. It ignores autoOffsiteDetection on purpose: that flag
 * decides whether the periodic sweep runs at all (see `offsiteSweepIntervalMs`), not what a sweep finds.
 */
export function detectOffsite<T extends TOffsiteCandidate>(
  items: readonly T[],
  settings: TOffsiteThresholds,
  now: Date,
): TOffsiteDetection<T> {
  const detectedAt = now.toISOString();
  const marked: T[] = [];
  const next = items.map((item) => {
    if (!isOffsiteDue(item, settings, now)) return item;
    const offsite: T = { ...item, status: 'offsite', offsiteDetectedAt: detectedAt };
    marked.push(offsite);
    return offsite;
  });
  return { items: next, marked };
}

/** Spec §9: the check runs every offsiteCheckInterval minutes, and only when auto detection is on. */
export function offsiteSweepIntervalMs(
  settings: Pick<TGeneralSettings, 'autoOffsiteDetection' | 'offsiteCheckInterval'>,
): number | null {
  return settings.autoOffsiteDetection ? settings.offsiteCheckInterval * MINUTE_MS : null;
}

/** Spec §4: offsite → returned on return handling, allowed only from offsite. */
export function canReturnFromOffsite(item: Pick<TOffsiteCandidate, 'status'>): boolean {
  return item.status === 'offsite';
}
