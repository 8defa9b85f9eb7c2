import type { TClientError, TRequestMetric } from '@loupe/domain/system/client-telemetry';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelemetryQueue } from './telemetry-queue';
import { fitBatch, KEEPALIVE_MAX_BYTES, startTelemetryReporter } from './telemetry-reporter';

const error: TClientError = {
  at: '2026-11-28T10:00:00.000Z',
  source: 'window',
  message: 'boom',
  stack: null,
  route: '/dashboard',
  correlationId: null,
};
const metric = (durationMs: number): TRequestMetric => ({
  at: '2026-11-28T10:00:00.000Z',
  method: 'GET',
  endpoint: '/api/v1/orders/:id/history',
  status: 200,
  durationMs,
  route: '/orders/:id',
  correlationId: 'V1StGXR8_Z5jdHi6B-myT',
});

function page() {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const win = new EventTarget();
  return {
    doc,
    win,
    hide: () => {
      doc.visibilityState = 'hidden';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('the telemetry reporter', () => {
  it('sends the queue every interval, and puts it back when sending failed', async () => {
    vi.useFakeTimers();
    const queue = new TelemetryQueue();
    const sent: unknown[] = [];
    let fail = true;
    const { doc, win } = page();
    const stop = startTelemetryReporter({
      queue,
      send: async (batch) => {
        if (fail) throw new Error('server unreachable');
        sent.push(batch);
      },
      sendNow: () => true,
      intervalMs: 30_000,
      document: doc as unknown as Document,
      window: win as unknown as Window,
    });
    queue.addError(error);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([]);
    expect(queue.errorCount).toBe(1);

    fail = false;
    queue.addMetric(metric(120));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([{ errors: [error], metrics: [metric(120)] }]);
    expect(queue.isEmpty).toBe(true);
    stop();
  });

  it('sends at once when the page is hidden, and what is left when it stops (sign-out)', () => {
    const queue = new TelemetryQueue();
    const bodies: string[] = [];
    const { doc, win, hide } = page();
    const stop = startTelemetryReporter({
      queue,
      send: async () => {},
      sendNow: (body) => {
        bodies.push(body);
        return true;
      },
      document: doc as unknown as Document,
      window: win as unknown as Window,
    });
    queue.addError(error);
    hide();
    expect(bodies.map((body) => JSON.parse(body))).toEqual([{ errors: [error], metrics: [] }]);
    expect(queue.isEmpty).toBe(true);

    queue.addMetric(metric(5));
    stop();
    expect(bodies).toHaveLength(2);
    queue.addMetric(metric(6));
    hide();
    expect(bodies).toHaveLength(2);
  });

  it('keeps the batch when it cannot be sent as the page hides (no session)', () => {
    const queue = new TelemetryQueue();
    const { doc, win, hide } = page();
    startTelemetryReporter({
      queue,
      send: async () => {},
      sendNow: () => false,
      document: doc as unknown as Document,
      window: win as unknown as Window,
    })();
    queue.addError(error);
    hide();
    expect(queue.errorCount).toBe(1);
  });
});

describe('fitBatch', () => {
  it('fits a full queue into a keepalive body: every error, the newest metrics, the rest left over', () => {
    const metrics = Array.from({ length: 1000 }, (_, n) => metric(n));
    const { body, rest } = fitBatch({ errors: [error], metrics }, KEEPALIVE_MAX_BYTES);
    expect(body.length).toBeLessThanOrEqual(KEEPALIVE_MAX_BYTES);
    const sent = JSON.parse(body) as { errors: unknown[]; metrics: TRequestMetric[] };
    expect(sent.errors).toEqual([error]);
    expect(sent.metrics.at(-1)?.durationMs).toBe(999);
    expect(rest.metrics.length + sent.metrics.length).toBe(1000);
    expect(rest.metrics.at(-1)?.durationMs).toBe(999 - sent.metrics.length);
  });
});
