import { METRICS } from '@loupe/domain/config/constants';
import type {
  TClientError,
  TClientTelemetryBatch,
  TRequestMetric,
} from '@loupe/domain/system/client-telemetry';

export type TTelemetryLimits = { readonly errors: number; readonly metrics: number };

/** Spec §9: the error queue keeps 100 entries, the metrics 1,000. */
export const TELEMETRY_LIMITS: TTelemetryLimits = {
  errors: METRICS.errorQueueSize,
  metrics: METRICS.maxEntries,
};

function pushBounded<T>(list: T[], items: readonly T[], limit: number): void {
  list.push(...items);
  // The oldest go first: what happened last is what explains a problem.
  if (list.length > limit) list.splice(0, list.length - limit);
}

/**
 * What the browser has not sent yet: errors and request timings, each list bounded (spec §9), the oldest
 * dropped first. `take` empties it into one batch; `putBack` returns a batch that could not be sent,
 * before anything queued since, still within the bounds.
 */
export class TelemetryQueue {
  readonly #limits: TTelemetryLimits;
  #errors: TClientError[] = [];
  #metrics: TRequestMetric[] = [];

  constructor(limits: TTelemetryLimits = TELEMETRY_LIMITS) {
    this.#limits = limits;
  }

  get errorCount(): number {
    return this.#errors.length;
  }

  get metricCount(): number {
    return this.#metrics.length;
  }

  get isEmpty(): boolean {
    return this.#errors.length === 0 && this.#metrics.length === 0;
  }

  addError(error: TClientError): void {
    pushBounded(this.#errors, [error], this.#limits.errors);
  }

  addMetric(metric: TRequestMetric): void {
    pushBounded(this.#metrics, [metric], this.#limits.metrics);
  }

  take(): TClientTelemetryBatch {
    const batch = { errors: this.#errors, metrics: this.#metrics };
    this.#errors = [];
    this.#metrics = [];
    return batch;
  }

  putBack(batch: TClientTelemetryBatch): void {
    const errors = [...batch.errors];
    const metrics = [...batch.metrics];
    pushBounded(errors, this.#errors, this.#limits.errors);
    pushBounded(metrics, this.#metrics, this.#limits.metrics);
    this.#errors = errors;
    this.#metrics = metrics;
  }
}
