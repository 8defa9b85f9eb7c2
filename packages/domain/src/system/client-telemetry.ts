import { z } from 'zod';
import { ZInstantSchema } from '../api/dates';
import { CLIENT_TELEMETRY } from '../config/client-telemetry';
import { METRICS } from '../config/constants';
import { lazySchema } from '../validation/lazy-schema';

/**
 * What the browser reports of itself (issue 36 §2): errors and the duration of each API request, with the
 * correlation id and the app route they happened on. Nothing personal beyond the user id, which the server
 * takes from the session: routes and endpoints lose their query string, and ids in them become ':id'.
 */

export const CLIENT_ERROR_SOURCES = ['window', 'unhandled-rejection', 'render', 'log'] as const;
export type TClientErrorSource = (typeof CLIENT_ERROR_SOURCES)[number];

const ZRouteSchema = lazySchema(() => z.string().min(1).max(300));

export const ZClientErrorSchema = lazySchema(() =>
  z.object({
    // Within the API's years: a time outside them was stored, then could not be shown (an answer of 500).
    at: ZInstantSchema,
    source: z.enum(CLIENT_ERROR_SOURCES),
    message: z.string().max(CLIENT_TELEMETRY.maxMessageChars),
    stack: z.string().max(CLIENT_TELEMETRY.maxStackChars).nullable(),
    route: ZRouteSchema,
    correlationId: z.string().max(128).nullable(),
  }),
);
export type TClientError = z.infer<typeof ZClientErrorSchema>;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const ZRequestMetricSchema = lazySchema(() =>
  z.object({
    at: ZInstantSchema,
    method: z.enum(HTTP_METHODS),
    /** '/orders/:id': the API path with ids replaced, no query. */
    endpoint: ZRouteSchema,
    /** 0 when no answer came (network failure, timeout). */
    status: z.number().int().min(0).max(599),
    durationMs: z.number().int().min(0).max(3_600_000),
    route: ZRouteSchema,
    correlationId: z.string().max(128).nullable(),
  }),
);
export type TRequestMetric = z.infer<typeof ZRequestMetricSchema>;

/** POST /telemetry/client: at most one full queue of each (spec §9: 100 errors, 1,000 metrics). */
export const ZClientTelemetryBatchSchema = lazySchema(() =>
  z.object({
    errors: z.array(ZClientErrorSchema).max(METRICS.errorQueueSize),
    metrics: z.array(ZRequestMetricSchema).max(METRICS.maxEntries),
  }),
);
export type TClientTelemetryBatch = z.infer<typeof ZClientTelemetryBatchSchema>;

// ── What the System health page reads ────────────────────────────────────────────────────────────

export const ZReportedClientErrorSchema = lazySchema(() =>
  ZClientErrorSchema.unwrap().extend({
    id: z.number().int(),
    userId: z.string().nullable(),
    userName: z.string().nullable(),
    clientVersion: z.string().nullable(),
  }),
);
export type TReportedClientError = z.infer<typeof ZReportedClientErrorSchema>;

export const ZReportedRequestSchema = lazySchema(() =>
  ZRequestMetricSchema.unwrap().extend({
    id: z.number().int(),
    userId: z.string().nullable(),
  }),
);
export type TReportedRequest = z.infer<typeof ZReportedRequestSchema>;

export const ZEndpointTimingSchema = lazySchema(() =>
  z.object({
    method: z.enum(HTTP_METHODS),
    endpoint: z.string(),
    count: z.number().int(),
    p50Ms: z.number(),
    p95Ms: z.number(),
    errorCount: z.number().int(),
  }),
);
export type TEndpointTiming = z.infer<typeof ZEndpointTimingSchema>;

export const ZSystemHealthQuerySchema = lazySchema(() =>
  z.object({
    hours: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 14)
      .default(24),
  }),
);

export const ZSystemHealthSchema = lazySchema(() =>
  z.object({
    since: ZInstantSchema,
    slowRequestThresholdMs: z.number(),
    recentErrors: z.array(ZReportedClientErrorSchema),
    slowRequests: z.array(ZReportedRequestSchema),
    endpoints: z.array(ZEndpointTimingSchema),
  }),
);
export type TSystemHealth = z.infer<typeof ZSystemHealthSchema>;

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A segment with a digit in it is an id or a number (ORD-00042, DEPT001, STATION123456, an EPC), never a
// word; only the API's version (v1) is kept.
const ID_LIKE_SEGMENT = /\d/;
const VERSION_SEGMENT = /^v\d+$/;

/**
 * A path as telemetry keeps it: no query or hash (searches carry names), ids replaced by ':id' so that
 * timings group by endpoint and no record is named.
 */
export function telemetryPath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segments = pathname
    .split('/')
    .map((segment) =>
      UUID_SEGMENT.test(segment) || (ID_LIKE_SEGMENT.test(segment) && !VERSION_SEGMENT.test(segment))
        ? ':id'
        : segment,
    );
  const joined = segments.join('/');
  return joined === '' ? '/' : joined.slice(0, 300);
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const LONG_NUMBER = /\+?\d[\d ()-]{6,}\d/g;

/** An error message or stack with e-mail addresses and phone-like numbers taken out, cut to `max`. */
export function scrubTelemetryText(text: string, max: number): string {
  return text.replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]').slice(0, max);
}
