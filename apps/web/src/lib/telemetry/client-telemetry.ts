import { CLIENT_TELEMETRY } from '@loupe/domain/config/client-telemetry';
import { FEATURE_FLAGS } from '@loupe/domain/config/constants';
import {
  HTTP_METHODS,
  scrubTelemetryText,
  type TClientErrorSource,
  type TRequestMetric,
  telemetryPath,
} from '@loupe/domain/system/client-telemetry';
import { TelemetryQueue } from './telemetry-queue';

/**
 * Client error and performance tracking (spec §9: on; issue 36 §2). Errors and request timings wait in one
 * bounded queue (telemetry-queue.ts) until the reporter sends them; the server adds the user from the session.
 */
export const telemetryQueue = new TelemetryQueue();

/** The endpoint reports go to; its own requests are not timed, or every report would make the next one. */
export const TELEMETRY_ENDPOINT = 'telemetry/client';

function currentRoute(): string {
  return typeof window === 'undefined' ? '/' : telemetryPath(window.location.pathname);
}

function correlationIdOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('correlationId' in error)) return null;
  const { correlationId } = error;
  return typeof correlationId === 'string' ? correlationId.slice(0, 128) : null;
}

export type TReportOptions = {
  readonly queue?: TelemetryQueue;
  readonly now?: Date;
  readonly correlationId?: string | null;
};

/** Queues an error: an uncaught one, a rejected promise nobody handled, a render failure, or one logged. */
export function reportClientError(
  error: unknown,
  source: TClientErrorSource,
  options: TReportOptions = {},
): void {
  if (!FEATURE_FLAGS.errorTracking) return;
  const asError = error instanceof Error ? error : null;
  const message = asError ? `${asError.name}: ${asError.message}` : String(error);
  (options.queue ?? telemetryQueue).addError({
    at: (options.now ?? new Date()).toISOString(),
    source,
    message: scrubTelemetryText(message, CLIENT_TELEMETRY.maxMessageChars),
    stack: asError?.stack ? scrubTelemetryText(asError.stack, CLIENT_TELEMETRY.maxStackChars) : null,
    route: currentRoute(),
    correlationId: options.correlationId ?? correlationIdOf(error),
  });
}

export type TRequestTiming = {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly durationMs: number;
  readonly correlationId: string | null;
};

function isTimedMethod(method: string): method is TRequestMetric['method'] {
  return (HTTP_METHODS as readonly string[]).includes(method);
}

/** Queues one API request's timing (the api client's afterResponse); the path keeps no query and no ids. */
export function recordRequestTiming(timing: TRequestTiming, options: TReportOptions = {}): void {
  if (!FEATURE_FLAGS.performanceTracking) return;
  const method = timing.method.toUpperCase();
  const path = new URL(timing.url, 'http://loupe.invalid').pathname;
  if (!isTimedMethod(method) || path.endsWith(`/${TELEMETRY_ENDPOINT}`)) return;
  (options.queue ?? telemetryQueue).addMetric({
    at: (options.now ?? new Date()).toISOString(),
    method,
    endpoint: telemetryPath(path),
    status: Math.min(Math.max(Math.trunc(timing.status), 0), 599),
    durationMs: Math.min(Math.max(Math.round(timing.durationMs), 0), 3_600_000),
    route: currentRoute(),
    correlationId: timing.correlationId?.slice(0, 128) ?? null,
  });
}

/** Uncaught errors and unhandled rejections of the whole page go to the queue; the answer removes the listeners. */
export function trackUncaughtErrors(
  target: Window = window,
  queue: TelemetryQueue = telemetryQueue,
): () => void {
  const onError = (event: ErrorEvent) => reportClientError(event.error ?? event.message, 'window', { queue });
  const onRejection = (event: PromiseRejectionEvent) =>
    reportClientError(event.reason, 'unhandled-rejection', { queue });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
