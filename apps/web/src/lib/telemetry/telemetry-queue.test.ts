import { METRICS } from '@loupe/domain/config/constants';
import type { TClientError, TRequestMetric } from '@loupe/domain/system/client-telemetry';
import { describe, expect, it } from 'vitest';
import { TELEMETRY_LIMITS, TelemetryQueue } from './telemetry-queue';

const error = (n: number): TClientError => ({
  at: '2026-11-28T10:00:00.000Z',
  source: 'window',
  message: `error ${n}`,
  stack: null,
  route: '/dashboard',
  correlationId: null,
});
const metric = (n: number): TRequestMetric => ({
  at: '2026-11-28T10:00:00.000Z',
  method: 'GET',
  endpoint: '/api/v1/orders',
  status: 200,
  durationMs: n,
  route: '/orders',
  correlationId: null,
});

describe('TelemetryQueue', () => {
  it('keeps at most 100 errors and 1,000 metrics (spec §9), dropping the oldest', () => {
    expect(TELEMETRY_LIMITS).toEqual({ errors: METRICS.errorQueueSize, metrics: METRICS.maxEntries });
    const queue = new TelemetryQueue();
    for (let n = 1; n <= 150; n += 1) queue.addError(error(n));
    for (let n = 1; n <= 1200; n += 1) queue.addMetric(metric(n));
    expect(queue.errorCount).toBe(100);
    expect(queue.metricCount).toBe(1000);
    const batch = queue.take();
    expect(batch.errors[0]?.message).toBe('error 51');
    expect(batch.errors.at(-1)?.message).toBe('error 150');
    expect(batch.metrics[0]?.durationMs).toBe(201);
    expect(queue.isEmpty).toBe(true);
  });

  it('puts a batch it could not send back before what came since, still within the bounds', () => {
    const queue = new TelemetryQueue({ errors: 3, metrics: 2 });
    queue.addError(error(1));
    queue.addError(error(2));
    const batch = queue.take();
    queue.addError(error(3));
    queue.addError(error(4));
    queue.putBack(batch);
    expect(queue.take().errors.map((entry) => entry.message)).toEqual(['error 2', 'error 3', 'error 4']);
  });
});
