import { describe, expect, it } from 'vitest';
import { METRICS } from '../config/constants';
import { scrubTelemetryText, telemetryPath, ZClientTelemetryBatchSchema } from './client-telemetry';

const metric = {
  at: '2026-11-28T10:00:00.000Z',
  method: 'GET',
  endpoint: '/orders',
  status: 200,
  durationMs: 120,
  route: '/orders',
  correlationId: 'abc',
} as const;
const error = {
  at: '2026-11-28T10:00:00.000Z',
  source: 'window',
  message: 'boom',
  stack: null,
  route: '/dashboard',
  correlationId: null,
} as const;

describe('telemetryPath', () => {
  it.each([
    ['/api/v1/orders?search=Ada%20Lovelace', '/api/v1/orders'],
    ['/orders/0f8c5a86-1d9b-4c61-9d7e-2a8b2f1f3e11/edit', '/orders/:id/edit'],
    ['/departments/DEPT001/stations/STATION123456#top', '/departments/:id/stations/:id'],
    ['tracking/orders', 'tracking/orders'],
    ['', '/'],
  ])('keeps %s as %s', (path, kept) => {
    expect(telemetryPath(path)).toBe(kept);
  });
});

describe('scrubTelemetryText', () => {
  it('takes out e-mail addresses and phone numbers and cuts to the limit', () => {
    expect(scrubTelemetryText('No user ada@example.com (+44 20 7946 0958)', 100)).toBe(
      'No user [email] ([number])',
    );
    expect(scrubTelemetryText('x'.repeat(50), 10)).toBe('x'.repeat(10));
  });
});

describe('the client telemetry batch', () => {
  it('takes at most one full queue of each: 100 errors and 1,000 metrics (spec §9)', () => {
    const full = {
      errors: Array.from({ length: METRICS.errorQueueSize }, () => error),
      metrics: Array.from({ length: METRICS.maxEntries }, () => metric),
    };
    expect(ZClientTelemetryBatchSchema.safeParse(full).success).toBe(true);
    expect(ZClientTelemetryBatchSchema.safeParse({ ...full, errors: [...full.errors, error] }).success).toBe(
      false,
    );
    expect(
      ZClientTelemetryBatchSchema.safeParse({ ...full, metrics: [...full.metrics, metric] }).success,
    ).toBe(false);
  });
});
