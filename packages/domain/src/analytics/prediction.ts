import type { TPredictedCompletion } from './analytics-api';
import { percentile } from './statistics';

const HOUR_MS = 3_600_000;

/** How long a phase takes, from the jobs that went through it: the quantiles a prediction adds up. */
export type TPhaseDuration = { readonly p25: number; readonly p50: number; readonly p80: number };

/** The quantiles of a phase's past durations (hours); without history, its target for all three. */
export function phaseDuration(pastHours: readonly number[], targetHours: number): TPhaseDuration {
  if (pastHours.length === 0) return { p25: targetHours, p50: targetHours, p80: targetHours };
  return {
    p25: percentile(pastHours, 0.25) as number,
    p50: percentile(pastHours, 0.5) as number,
    p80: percentile(pastHours, 0.8) as number,
  };
}

export type TPredictionInput = {
  readonly now: Date;
  /** The phase the job is in: its durations and the hours it has been in it. Null once every phase is done. */
  readonly current: { readonly duration: TPhaseDuration; readonly elapsedHours: number } | null;
  /** The phases after the current one, in order. */
  readonly remaining: readonly TPhaseDuration[];
};

/**
 * Predicted completion: now plus what is left of the current phase plus every remaining phase, each at its
 * 25th percentile (earliest), median (likely) and 80th percentile (latest). What is left of the current
 * phase is its quantile less the time already spent, never below zero. Whether that makes the job at risk
 * is the job state's to say (jobs/job-state.ts), from `latest`.
 */
export function predictCompletion(input: TPredictionInput): TPredictedCompletion {
  const left = (quantile: keyof TPhaseDuration) =>
    (input.current === null
      ? 0
      : Math.max(0, input.current.duration[quantile] - input.current.elapsedHours)) +
    input.remaining.reduce((sum, phase) => sum + phase[quantile], 0);
  const at = (hours: number) => new Date(input.now.getTime() + hours * HOUR_MS);
  return {
    earliest: at(left('p25')).toISOString(),
    likely: at(left('p50')).toISOString(),
    latest: at(left('p80')).toISOString(),
    remainingPhases: input.remaining.length + (input.current === null ? 0 : 1),
  };
}

/**
 * An open job's predicted completion from where it stands in its phases: the current phase (by index) with
 * the wall-clock hours since it started, then every phase after it; nothing left once its workflow is done.
 * Returns the phases still ahead (the current one first), which a capacity plan spreads over stations.
 */
export function predictJobCompletion<P>(input: {
  readonly now: Date;
  readonly phases: readonly P[];
  readonly phaseIndex: number;
  readonly isComplete: boolean;
  readonly phaseStartedAt: Date;
  readonly durationOf: (phase: P) => TPhaseDuration;
}): { prediction: TPredictedCompletion; remaining: P[] } {
  const remaining = input.isComplete ? [] : input.phases.slice(Math.max(0, input.phaseIndex));
  const [current, ...after] = remaining;
  const prediction = predictCompletion({
    now: input.now,
    current:
      current === undefined
        ? null
        : {
            duration: input.durationOf(current),
            elapsedHours: Math.max(0, (input.now.getTime() - input.phaseStartedAt.getTime()) / HOUR_MS),
          },
    remaining: after.map(input.durationOf),
  });
  return { prediction, remaining };
}

/** Mean absolute error in days between predicted and actual completions; null without pairs. */
export function meanAbsoluteErrorDays(pairs: readonly { predicted: Date; actual: Date }[]): number | null {
  if (pairs.length === 0) return null;
  const total = pairs.reduce(
    (sum, pair) => sum + Math.abs(pair.predicted.getTime() - pair.actual.getTime()) / (24 * HOUR_MS),
    0,
  );
  return Math.round((total / pairs.length) * 100) / 100;
}
