import { z } from 'zod';
import { listPageSchema } from '../api/list';
import {
  SERVER_TO_CLIENT_EVENT_SCHEMAS,
  type TServerToClientEventName,
  ZDesignRequestChangedPayloadSchema,
  ZOrderChangedPayloadSchema,
  ZOrderMovedPayloadSchema,
  ZOrderStatusChangedPayloadSchema,
  ZRepairChangedPayloadSchema,
  ZRepairMovedPayloadSchema,
  ZRepairStatusChangedPayloadSchema,
  ZSystemAlertPayloadSchema,
  ZTrackingOffsiteDetectedPayloadSchema,
} from '../realtime/events';
import { keysOf } from '../text/label-table';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Webhooks (issue 41): admins subscribe addresses to event types; each event goes out as a signed POST in the
 * style of the Standard Webhooks specification (https://www.standardwebhooks.com), retried for a day, logged,
 * and replayable. This file holds the event types, the API's shapes, the signature and the retry schedule.
 */

/** The event types a subscription may choose, with their words in Settings › integrations. */
export const WEBHOOK_EVENT_TYPE_LABELS = {
  'order.created': 'Order created',
  'order.moved': 'Order moved',
  'order.status_changed': 'Order status changed',
  'order.ready_for_pickup': 'Order ready for pickup',
  'order.delivered': 'Order delivered',
  'repair.created': 'Repair created',
  'repair.moved': 'Repair moved',
  'repair.status_changed': 'Repair status changed',
  'repair.ready_for_pickup': 'Repair ready for pickup',
  'repair.delivered': 'Repair picked up',
  'job.offsite': 'Order or repair offsite',
  'alert.raised': 'Alert raised',
  'design.approved': 'Design approved',
} as const;
export const WEBHOOK_EVENT_TYPES = keysOf(WEBHOOK_EVENT_TYPE_LABELS);
export const ZWebhookEventTypeSchema = lazySchema(() => z.enum(WEBHOOK_EVENT_TYPES));
export type TWebhookEventType = z.infer<typeof ZWebhookEventTypeSchema>;

/** "Send a test event": goes to one subscription whatever its event types. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
/** What a delivery may carry: a subscribable event, or the test event. */
export const ZWebhookDeliveryEventTypeSchema = lazySchema(() =>
  z.union([ZWebhookEventTypeSchema, z.literal(WEBHOOK_TEST_EVENT_TYPE)]),
);
export type TWebhookDeliveryEventType = z.infer<typeof ZWebhookDeliveryEventTypeSchema>;

/** The test event's data. */
export const ZWebhookTestDataSchema = lazySchema(() =>
  z.object({ message: z.string(), subscriptionId: z.string() }),
);

/** Each event type's `data`: the realtime payload it comes from (packages/domain/src/realtime/events.ts). */
export const WEBHOOK_DATA_SCHEMAS = {
  'order.created': ZOrderChangedPayloadSchema,
  'order.moved': ZOrderMovedPayloadSchema,
  'order.status_changed': ZOrderStatusChangedPayloadSchema,
  'order.ready_for_pickup': ZOrderStatusChangedPayloadSchema,
  'order.delivered': ZOrderStatusChangedPayloadSchema,
  'repair.created': ZRepairChangedPayloadSchema,
  'repair.moved': ZRepairMovedPayloadSchema,
  'repair.status_changed': ZRepairStatusChangedPayloadSchema,
  'repair.ready_for_pickup': ZRepairStatusChangedPayloadSchema,
  'repair.delivered': ZRepairStatusChangedPayloadSchema,
  'job.offsite': ZTrackingOffsiteDetectedPayloadSchema,
  'alert.raised': ZSystemAlertPayloadSchema,
  'design.approved': ZDesignRequestChangedPayloadSchema,
  [WEBHOOK_TEST_EVENT_TYPE]: ZWebhookTestDataSchema,
} as const satisfies Record<TWebhookDeliveryEventType, z.ZodType>;

/** The body of every delivery (Standard Webhooks' recommended shape): the type, when it happened, its data. */
export function webhookEnvelopeSchema<T extends z.ZodType>(type: string, data: T) {
  return z.object({
    type: z.literal(type),
    timestamp: z.iso.datetime({ offset: true }),
    data,
  });
}
export type TWebhookEnvelope = { type: TWebhookDeliveryEventType; timestamp: string; data: unknown };

export type TWebhookEvent = { readonly type: TWebhookEventType; readonly data: unknown };

/**
 * The webhook events one realtime announcement makes (services publish after their commit): a status change
 * is `*.status_changed`, and also `*.ready_for_pickup` or `*.delivered` when it reached that status; an
 * offsite detection is `job.offsite`; an alert is `alert.raised` only when opened; a design request only when
 * the customer approved it. Anything else makes none.
 */
export function webhookEventsOf(name: TServerToClientEventName | string, payload: unknown): TWebhookEvent[] {
  const parsed = (schema: z.ZodType) => schema.safeParse(payload);
  switch (name) {
    case 'order:created':
      return parsed(SERVER_TO_CLIENT_EVENT_SCHEMAS['order:created']).success
        ? [{ type: 'order.created', data: payload }]
        : [];
    case 'repair:created':
      return parsed(SERVER_TO_CLIENT_EVENT_SCHEMAS['repair:created']).success
        ? [{ type: 'repair.created', data: payload }]
        : [];
    case 'order:moved':
      return parsed(ZOrderMovedPayloadSchema).success ? [{ type: 'order.moved', data: payload }] : [];
    case 'repair:moved':
      return parsed(ZRepairMovedPayloadSchema).success ? [{ type: 'repair.moved', data: payload }] : [];
    case 'order:status-changed': {
      const result = ZOrderStatusChangedPayloadSchema.safeParse(payload);
      if (!result.success) return [];
      const events: TWebhookEvent[] = [{ type: 'order.status_changed', data: payload }];
      if (result.data.status === 'ready') events.push({ type: 'order.ready_for_pickup', data: payload });
      if (result.data.status === 'delivered') events.push({ type: 'order.delivered', data: payload });
      return events;
    }
    case 'repair:status-changed': {
      const result = ZRepairStatusChangedPayloadSchema.safeParse(payload);
      if (!result.success) return [];
      const events: TWebhookEvent[] = [{ type: 'repair.status_changed', data: payload }];
      if (result.data.status === 'ready') events.push({ type: 'repair.ready_for_pickup', data: payload });
      if (result.data.status === 'picked_up') events.push({ type: 'repair.delivered', data: payload });
      return events;
    }
    case 'tracking:offsite-detected':
      return parsed(ZTrackingOffsiteDetectedPayloadSchema).success
        ? [{ type: 'job.offsite', data: payload }]
        : [];
    case 'system:alert': {
      const result = ZSystemAlertPayloadSchema.safeParse(payload);
      // An alert without a status is a new one (the spec's payload has none).
      return result.success && (result.data.status ?? 'open') === 'open'
        ? [{ type: 'alert.raised', data: payload }]
        : [];
    }
    case 'design:request-changed': {
      const result = ZDesignRequestChangedPayloadSchema.safeParse(payload);
      return result.success && result.data.status === 'approved'
        ? [{ type: 'design.approved', data: payload }]
        : [];
    }
    default:
      return [];
  }
}

// ── Signature (Standard Webhooks) ────────────────────────────────────────────────────────────────

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/**
 * What the `webhook-signature` header signs (Standard Webhooks, "Signature scheme"): `{id}.{timestamp}.{body}`,
 * the timestamp in whole seconds since the epoch. The server signs it with HMAC-SHA-256 under the key of the
 * `whsec_<base64>` secret and sends `v1,<base64 signature>` (apps/server/src/modules/webhooks/signature.ts).
 */
export function webhookSignedContent(input: {
  readonly id: string;
  readonly timestamp: number;
  readonly body: string;
}): string {
  return `${input.id}.${input.timestamp}.${input.body}`;
}

/** A delivery's timestamp header: whole seconds since the epoch. */
export function webhookTimestampOf(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

// ── Retries ──────────────────────────────────────────────────────────────────────────────────────

/** How long a delivery is retried, and how long a subscription may fail before it is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
export const WEBHOOK_FIRST_RETRY_MS = 10_000;
export const WEBHOOK_MAX_RETRY_MS = 4 * 60 * 60_000;

/** The wait after failed attempt number `attempt` (1 for the first): 10 s doubling, at most 4 h. */
export function webhookRetryDelayMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  }
  return Math.min(WEBHOOK_FIRST_RETRY_MS * 2 ** (attempt - 1), WEBHOOK_MAX_RETRY_MS);
}

/**
 * When a delivery that failed its `attempts`-th attempt at `now` is tried again: after the growing wait,
 * but never past 24 h from its creation — the last attempt is made at 24 h exactly — and null (given up)
 * once an attempt at or after that moment failed.
 */
export function nextWebhookAttemptAt(input: {
  readonly createdAt: Date;
  readonly attempts: number;
  readonly now: Date;
}): Date | null {
  const deadline = input.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
  if (input.now.getTime() >= deadline) return null;
  return new Date(Math.min(input.now.getTime() + webhookRetryDelayMs(input.attempts), deadline));
}

/** Whether a subscription failing since `failingSince` has failed long enough to be disabled. */
export function hasFailedTooLong(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
}

// ── API shapes ───────────────────────────────────────────────────────────────────────────────────

export const ZWebhookUrlSchema = lazySchema(() => z.string().trim().min(1, 'Enter the address').max(2000));

export const ZWebhookSubscriptionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(ZWebhookEventTypeSchema),
    enabled: z.boolean(),
    /** The admin's opt-in for a target on the workshop's own network (localhost, 10.…, 192.168.…). */
    allowPrivateNetwork: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    createdBy: z.string().nullable(),
    /** Since when every attempt failed; null while the last one succeeded. */
    failingSince: z.iso.datetime({ offset: true }).nullable(),
    disabledAt: z.iso.datetime({ offset: true }).nullable(),
    disabledReason: z.string().nullable(),
  }),
);
export type TWebhookSubscription = z.infer<typeof ZWebhookSubscriptionSchema>;

export const ZWebhookSubscriptionInputSchema = lazySchema(() =>
  z.object({
    url: ZWebhookUrlSchema,
    description: z.string().trim().max(200).default(''),
    eventTypes: z
      .array(ZWebhookEventTypeSchema)
      .min(1, 'Choose at least one event')
      .max(WEBHOOK_EVENT_TYPES.length),
    allowPrivateNetwork: z.boolean().default(false),
  }),
);
export type TWebhookSubscriptionInput = z.input<typeof ZWebhookSubscriptionInputSchema>;

export const ZWebhookSubscriptionChangesSchema = lazySchema(() =>
  z.object({
    url: ZWebhookUrlSchema.optional(),
    description: z.string().trim().max(200).optional(),
    eventTypes: z
      .array(ZWebhookEventTypeSchema)
      .min(1, 'Choose at least one event')
      .max(WEBHOOK_EVENT_TYPES.length)
      .optional(),
    allowPrivateNetwork: z.boolean().optional(),
    /** Turning a disabled subscription on again clears why it was disabled. */
    enabled: z.boolean().optional(),
  }),
);
export type TWebhookSubscriptionChanges = z.infer<typeof ZWebhookSubscriptionChangesSchema>;

/** Creating a subscription or rotating its secret: the only answers that carry the secret. */
export const ZWebhookSubscriptionWithSecretSchema = lazySchema(() =>
  z.object({
    subscription: ZWebhookSubscriptionSchema,
    secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
  }),
);
export type TWebhookSubscriptionWithSecret = z.infer<typeof ZWebhookSubscriptionWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUS_LABELS = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
} as const;
export const WEBHOOK_DELIVERY_STATUSES = keysOf(WEBHOOK_DELIVERY_STATUS_LABELS);
export const ZWebhookDeliveryStatusSchema = lazySchema(() => z.enum(WEBHOOK_DELIVERY_STATUSES));
export type TWebhookDeliveryStatus = z.infer<typeof ZWebhookDeliveryStatusSchema>;

/** One attempt of a delivery: the receiver's status code, or why no answer came. */
export const ZWebhookAttemptSchema = lazySchema(() =>
  z.object({
    at: z.iso.datetime({ offset: true }),
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int().nonnegative(),
  }),
);
export type TWebhookAttempt = z.infer<typeof ZWebhookAttemptSchema>;
/** Attempts kept per delivery, the newest ones. */
export const WEBHOOK_ATTEMPTS_KEPT = 30;

export const ZWebhookDeliverySchema = lazySchema(() =>
  z.object({
    /** The `webhook-id`: the same on every attempt and replay, so a receiver can drop duplicates. */
    id: z.string(),
    subscriptionId: z.string(),
    eventType: ZWebhookDeliveryEventTypeSchema,
    payload: z.unknown(),
    status: ZWebhookDeliveryStatusSchema,
    attempts: z.number().int().nonnegative(),
    nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    attemptLog: z.array(ZWebhookAttemptSchema),
    createdAt: z.iso.datetime({ offset: true }),
    deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  }),
);
export type TWebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;

export const ZWebhookDeliveryQuerySchema = lazySchema(() =>
  z.object({
    subscriptionId: z.uuid().optional(),
    status: ZWebhookDeliveryStatusSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    cursor: z.string().max(500).optional(),
  }),
);
export type TWebhookDeliveryQuery = z.output<typeof ZWebhookDeliveryQuerySchema>;

export const ZWebhookDeliveryPageSchema = lazySchema(() => listPageSchema(ZWebhookDeliverySchema));
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPageSchema>;
