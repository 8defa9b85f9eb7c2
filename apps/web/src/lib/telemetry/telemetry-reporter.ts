import { CLIENT_TELEMETRY } from '@loupe/domain/config/client-telemetry';
import type { TClientTelemetryBatch } from '@loupe/domain/system/client-telemetry';
import type { TelemetryQueue } from './telemetry-queue';

/** Browsers refuse a keepalive request body over 64 KiB; a hidden page sends what fits. */
export const KEEPALIVE_MAX_BYTES = 60_000;

export type TTelemetryReporterOptions = {
  readonly queue: TelemetryQueue;
  /** Sends a batch through the API client (retries, CSRF, Idempotency-Key); rejects when it failed. */
  readonly send: (batch: TClientTelemetryBatch) => Promise<unknown>;
  /**
   * Sends a batch that must leave now, as the page is hidden or closing: a `keepalive` request that outlives
   * the page. False when it could not be sent (no session).
   */
  readonly sendNow: (body: string) => boolean;
  readonly intervalMs?: number;
  readonly document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  readonly window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
};

/** The batch as JSON within `maxBytes`: every error, and the newest metrics that fit; the rest is left over. */
export function fitBatch(
  batch: TClientTelemetryBatch,
  maxBytes: number,
): { body: string; rest: TClientTelemetryBatch } {
  let metrics = batch.metrics;
  let body = JSON.stringify({ errors: batch.errors, metrics });
  while (body.length > maxBytes && metrics.length > 0) {
    // Halving keeps this a few rounds even for a full queue of 1,000.
    metrics = metrics.slice(Math.ceil(metrics.length / 2));
    body = JSON.stringify({ errors: batch.errors, metrics });
  }
  const kept = metrics.length;
  return { body, rest: { errors: [], metrics: batch.metrics.slice(0, batch.metrics.length - kept) } };
}

/**
 * Sends the queue every CLIENT_TELEMETRY.flushIntervalMs while signed in, and at once when the page is
 * hidden (a tab switched away, the browser closing). A batch that could not be sent goes back to the
 * queue. The answer stops it, sending what is left.
 */
export function startTelemetryReporter(options: TTelemetryReporterOptions): () => void {
  const { queue, send, sendNow } = options;
  const doc = options.document ?? document;
  const win = options.window ?? window;
  let sending = false;

  async function flush(): Promise<void> {
    if (sending || queue.isEmpty) return;
    sending = true;
    const batch = queue.take();
    try {
      await send(batch);
    } catch {
      // Not reported as an error of its own: that would only queue more for a server that is not answering.
      queue.putBack(batch);
    } finally {
      sending = false;
    }
  }

  function flushNow(): void {
    if (queue.isEmpty) return;
    const batch = queue.take();
    const { body, rest } = fitBatch(batch, KEEPALIVE_MAX_BYTES);
    if (sendNow(body)) queue.putBack(rest);
    else queue.putBack(batch);
  }

  const onVisibilityChange = () => {
    if (doc.visibilityState === 'hidden') flushNow();
  };
  const timer = setInterval(() => void flush(), options.intervalMs ?? CLIENT_TELEMETRY.flushIntervalMs);
  doc.addEventListener('visibilitychange', onVisibilityChange);
  win.addEventListener('pagehide', flushNow);
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibilityChange);
    win.removeEventListener('pagehide', flushNow);
    // Signing out: what is left is this session's, sent now or never (the next user must not carry it).
    flushNow();
    queue.take();
  };
}
