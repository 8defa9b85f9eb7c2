// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { recordRequestTiming, reportClientError, trackUncaughtErrors } from './client-telemetry';
import { TelemetryQueue } from './telemetry-queue';

const NOW = new Date('2026-11-28T10:00:00.000Z');

describe('client telemetry', () => {
  it('times API requests by endpoint, without query or ids, and never its own reports', () => {
    const queue = new TelemetryQueue();
    window.history.pushState({}, '', '/orders/0f8c5a86-1d9b-4c61-9d7e-2a8b2f1f3e11?tab=history');
    recordRequestTiming(
      {
        method: 'get',
        url: 'http://localhost:3000/api/v1/orders/0f8c5a86-1d9b-4c61-9d7e-2a8b2f1f3e11/history?limit=20',
        status: 200,
        durationMs: 3210.4,
        correlationId: 'V1StGXR8_Z5jdHi6B-myT',
      },
      { queue, now: NOW },
    );
    recordRequestTiming(
      { method: 'POST', url: '/api/v1/telemetry/client', status: 202, durationMs: 12, correlationId: null },
      { queue, now: NOW },
    );
    expect(queue.take().metrics).toEqual([
      {
        at: NOW.toISOString(),
        method: 'GET',
        endpoint: '/api/v1/orders/:id/history',
        status: 200,
        durationMs: 3210,
        route: '/orders/:id',
        correlationId: 'V1StGXR8_Z5jdHi6B-myT',
      },
    ]);
  });

  it("reports an error with the request's correlation id and nothing personal", () => {
    const queue = new TelemetryQueue();
    window.history.pushState({}, '', '/customers');
    const failure = new ApiError({
      message: 'No customer ada@example.com',
      status: 500,
      code: 'INTERNAL',
      correlationId: 'corr-1',
    });
    reportClientError(failure, 'log', { queue, now: NOW });
    const [reported] = queue.take().errors;
    expect(reported).toMatchObject({
      source: 'log',
      message: 'ApiError: No customer [email]',
      route: '/customers',
      correlationId: 'corr-1',
    });
  });

  it('queues uncaught errors and unhandled rejections of the page until stopped', () => {
    const queue = new TelemetryQueue();
    const stop = trackUncaughtErrors(window, queue);
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'timeout' });
    window.dispatchEvent(rejection);
    stop();
    window.dispatchEvent(rejection);
    expect(queue.take().errors.map((entry) => [entry.source, entry.message])).toEqual([
      ['window', 'TypeError: x is undefined'],
      ['unhandled-rejection', 'timeout'],
    ]);
  });
});
