import type { TRootCauseKind } from './analytics-api';

/** What one step of a late job (a phase, a station, an offsite leg) took against its typical time. */
export type TStepTime = {
  readonly kind: TRootCauseKind;
  readonly id: string;
  readonly name: string;
  readonly hours: number;
  /** The median of the same step over the jobs delivered in the range. */
  readonly medianHours: number;
};

export type TAttributedDelay = TStepTime & { readonly excessHours: number };

/**
 * The step that added the most delay beyond its median: the root cause of a late job. Phases contain
 * stations, so a phase and one of its stations usually both run over; the caller passes the level it asks
 * about (or all, and the largest wins; on a tie the first given). Null when nothing ran over its median.
 */
export function mainCause(steps: readonly TStepTime[]): TAttributedDelay | null {
  let best: TAttributedDelay | null = null;
  for (const step of steps) {
    const excessHours = step.hours - step.medianHours;
    if (excessHours <= 0) continue;
    if (best === null || excessHours > best.excessHours) best = { ...step, excessHours };
  }
  return best;
}

/** Causes counted over late jobs: how many jobs each was the main cause of, and the hours it added. */
export function rankCauses(
  causes: readonly (TAttributedDelay | null)[],
): { kind: TRootCauseKind; id: string; name: string; lateJobs: number; excessHours: number }[] {
  const byKey = new Map<
    string,
    { kind: TRootCauseKind; id: string; name: string; lateJobs: number; excessHours: number }
  >();
  for (const cause of causes) {
    if (cause === null) continue;
    const key = `${cause.kind}:${cause.id}`;
    const entry = byKey.get(key) ?? {
      kind: cause.kind,
      id: cause.id,
      name: cause.name,
      lateJobs: 0,
      excessHours: 0,
    };
    entry.lateJobs += 1;
    entry.excessHours += cause.excessHours;
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .map((entry) => ({ ...entry, excessHours: Math.round(entry.excessHours * 100) / 100 }))
    .sort((a, b) => b.lateJobs - a.lateJobs || b.excessHours - a.excessHours || a.name.localeCompare(b.name));
}
