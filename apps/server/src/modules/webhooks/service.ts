import { randomUUID } from 'node:crypto';
import { decodeCursor, encodeCursor } from '@loupe/domain/api/list';
import { isAdmin } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import {
  type TWebhookAttempt,
  type TWebhookDelivery,
  type TWebhookDeliveryEventType,
  type TWebhookDeliveryPage,
  type TWebhookDeliveryQuery,
  type TWebhookEnvelope,
  type TWebhookEventType,
  type TWebhookSubscription,
  type TWebhookSubscriptionChanges,
  type TWebhookSubscriptionWithSecret,
  WEBHOOK_TEST_EVENT_TYPE,
  webhookEventsOf,
  ZWebhookDeliveryEventTypeSchema,
  ZWebhookDeliveryStatusSchema,
  ZWebhookEventTypeSchema,
  type ZWebhookSubscriptionInputSchema,
} from '@loupe/domain/integrations/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { TClock } from '../../lib/clock.ts';
import { assertOutboundUrl, type TOutboundGuard } from '../../lib/outbound-url.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TNotice } from '../notifications/service.ts';
import { createWebhookDispatcher } from './dispatcher.ts';
import type { TWebhookDeliveryRow, TWebhookSubscriptionRow, TWebhooksRepository } from './repository.ts';
import { newWebhookSecret } from './signature.ts';

export type TWebhooksActor = TActor & { readonly id: string };

export type TWebhooksServiceOptions = {
  readonly webhooks: TWebhooksRepository;
  readonly box: TSecretBox;
  readonly clock: TClock;
  readonly events: TEventBus;
  /** Every delivery goes through the outbound guard (lib/outbound-url.ts), checked again after DNS. */
  readonly outbound: Pick<TOutboundGuard, 'fetch'>;
  readonly timeoutMs: number;
  readonly notify: (userIds: readonly string[], notice: TNotice) => Promise<void>;
  /** Every active admin's id: told when a subscription without a creator is disabled. */
  readonly activeAdminIds: () => Promise<string[]>;
  readonly logger: FastifyBaseLogger;
};

const subscriptionNotFound = () => new AppError('WEBHOOK_NOT_FOUND', 'This webhook does not exist.');
const deliveryNotFound = () => new AppError('WEBHOOK_NOT_FOUND', 'This delivery does not exist.');

function toSubscription(row: TWebhookSubscriptionRow): TWebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes.flatMap((type) => {
      const parsed = ZWebhookEventTypeSchema.safeParse(type);
      return parsed.success ? [parsed.data] : [];
    }),
    enabled: row.enabled,
    allowPrivateNetwork: row.allowPrivateNetwork,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
  };
}

function toDelivery(row: TWebhookDeliveryRow): TWebhookDelivery {
  let payload: unknown = null;
  try {
    payload = JSON.parse(row.body);
  } catch {
    // Every body is written by this module as JSON; a broken one shows as null rather than failing the log.
  }
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventType: ZWebhookDeliveryEventTypeSchema.parse(row.eventType),
    payload,
    status: ZWebhookDeliveryStatusSchema.parse(row.status),
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    attemptLog: row.attemptLog as TWebhookAttempt[],
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * Webhooks (issue 41): admins subscribe addresses to event types. The events services announce after their
 * commits become rows of an outbox (one per subscription), written off the request; the dispatcher
 * (dispatcher.ts), a background job, sends them signed and retries them for 24 h, so a delivery never holds
 * up a request or an RFID read, and one written before a restart is sent after it.
 */
export function createWebhooksService(options: TWebhooksServiceOptions) {
  const { webhooks: repository, box, clock, events, logger } = options;
  const pending = new Set<Promise<unknown>>();
  const dispatcher = createWebhookDispatcher({
    ...options,
    adminsToTell: async (subscription) =>
      subscription.createdBy ? [subscription.createdBy] : options.activeAdminIds(),
  });

  function assertAdmin(actor: TActor): void {
    if (!isAdmin(actor)) throw forbidden('Only admins manage webhooks.');
  }

  async function subscriptionOf(id: string): Promise<TWebhookSubscriptionRow> {
    const row = await repository.findSubscription(id);
    if (!row) throw subscriptionNotFound();
    return row;
  }

  function track(work: Promise<unknown>, what: Record<string, unknown>): void {
    const settled = work.catch((error: unknown) => {
      logger.error({ ...what, err: (error as Error).message }, 'webhooks: could not queue a delivery');
    });
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  }

  function rowFor(subscriptionId: string, type: TWebhookDeliveryEventType, data: unknown, now: Date) {
    const envelope: TWebhookEnvelope = { type, timestamp: now.toISOString(), data };
    return {
      id: randomUUID(),
      subscriptionId,
      eventType: type,
      body: JSON.stringify(envelope),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      // Set here, not by the database: the log's cursor compares times at the clock's precision.
      createdAt: now,
      retriesSince: now,
    };
  }

  /** Events announced and not yet in the outbox (see `queue`). */
  let announced: { readonly type: TWebhookEventType; readonly data: unknown }[] = [];

  /**
   * Into the outbox, a row per enabled subscription that wants the event's type. A batch of RFID moves announces
   * hundreds of events at once: those announced together go in together, with one look at the subscriptions
   * instead of a query each (issue 38's profile found that query in every announcement).
   */
  function queue(type: TWebhookEventType, data: unknown): void {
    announced.push({ type, data });
    if (announced.length > 1) return;
    const flush = new Promise((resolve) => setImmediate(resolve)).then(async () => {
      const batch = announced;
      announced = [];
      const subscriptions = await repository.enabledSubscriptions();
      const now = clock();
      const rows = batch.flatMap(({ type: eventType, data: eventData }) =>
        subscriptions
          .filter((subscription) => subscription.eventTypes.includes(eventType))
          .map((subscription) => rowFor(subscription.id, eventType, eventData, now)),
      );
      if (rows.length > 0) await repository.insertDeliveries(rows);
    });
    track(flush, { events: 'announced' });
  }

  return {
    /** Listens to what the services announce after their commits; each event is queued off the caller. */
    follow(): () => void {
      return events.subscribe((announcement) => {
        for (const event of webhookEventsOf(announcement.name, announcement.payload))
          queue(event.type, event.data);
      });
    },

    /** Resolves when every event received so far is in the outbox (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    deliverDue: dispatcher.deliverDue,

    async list(actor: TWebhooksActor): Promise<TWebhookSubscription[]> {
      assertAdmin(actor);
      return (await repository.listSubscriptions()).map(toSubscription);
    },

    /** The secret is in this answer and never again (only sealed in the database). */
    async create(
      actor: TWebhooksActor,
      input: z.output<typeof ZWebhookSubscriptionInputSchema>,
    ): Promise<TWebhookSubscriptionWithSecret> {
      assertAdmin(actor);
      assertOutboundUrl(input.url, { allowPrivateNetwork: input.allowPrivateNetwork }, 'body.url');
      const secret = newWebhookSecret();
      const row = await repository.insertSubscription({
        url: input.url,
        description: input.description,
        eventTypes: [...new Set(input.eventTypes)],
        allowPrivateNetwork: input.allowPrivateNetwork,
        secretSealed: box.seal(secret),
        createdAt: clock(),
        createdBy: actor.id,
      });
      return { subscription: toSubscription(row), secret };
    },

    async update(
      actor: TWebhooksActor,
      id: string,
      changes: TWebhookSubscriptionChanges,
    ): Promise<TWebhookSubscription> {
      assertAdmin(actor);
      const current = await subscriptionOf(id);
      const url = changes.url ?? current.url;
      const allowPrivateNetwork = changes.allowPrivateNetwork ?? current.allowPrivateNetwork;
      if (changes.url !== undefined || changes.allowPrivateNetwork !== undefined) {
        assertOutboundUrl(url, { allowPrivateNetwork }, 'body.url');
      }
      // Turned on again: a fresh start, the reason it was off cleared.
      const reenabled = changes.enabled === true && !current.enabled;
      const row = await repository.updateSubscription(id, {
        url,
        allowPrivateNetwork,
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(changes.eventTypes === undefined ? {} : { eventTypes: [...new Set(changes.eventTypes)] }),
        ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
        ...(reenabled ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
      });
      if (!row) throw subscriptionNotFound();
      return toSubscription(row);
    },

    async remove(actor: TWebhooksActor, id: string): Promise<void> {
      assertAdmin(actor);
      if (!(await repository.deleteSubscription(id))) throw subscriptionNotFound();
    },

    /** A new secret, effective for the next attempt; shown in this answer only. */
    async rotateSecret(actor: TWebhooksActor, id: string): Promise<TWebhookSubscriptionWithSecret> {
      assertAdmin(actor);
      await subscriptionOf(id);
      const secret = newWebhookSecret();
      const row = await repository.updateSubscription(id, { secretSealed: box.seal(secret) });
      if (!row) throw subscriptionNotFound();
      return { subscription: toSubscription(row), secret };
    },

    /** "Send a test event": queued like any event, and a sweep started at once (off the request). */
    async sendTest(actor: TWebhooksActor, id: string): Promise<TWebhookDelivery> {
      assertAdmin(actor);
      const subscription = await subscriptionOf(id);
      if (!subscription.enabled) {
        throw new AppError(
          'WEBHOOK_DISABLED',
          'This webhook is turned off: turn it on to send a test event.',
        );
      }
      const data = { message: 'A test event from Loupe.', subscriptionId: id };
      const [row] = await repository.insertDeliveries([rowFor(id, WEBHOOK_TEST_EVENT_TYPE, data, clock())]);
      if (!row) throw new Error('webhook test delivery insert returned nothing');
      track(dispatcher.deliverDue(), { subscriptionId: id, test: true });
      return toDelivery(row);
    },

    async deliveries(actor: TWebhooksActor, query: TWebhookDeliveryQuery): Promise<TWebhookDeliveryPage> {
      assertAdmin(actor);
      const decoded = query.cursor === undefined ? null : decodeCursor(query.cursor);
      // A cursor this list made holds a creation time and a delivery's UUID; anything else is refused.
      const after =
        decoded &&
        typeof decoded.value === 'string' &&
        !Number.isNaN(Date.parse(decoded.value)) &&
        z.uuid().safeParse(decoded.id).success
          ? decoded
          : null;
      if (query.cursor !== undefined && after === null) {
        throw new AppError('VALIDATION_FAILED', 'This cursor is not one this list made.', {
          details: { issues: [{ field: 'query.cursor', message: 'Unknown cursor' }] },
        });
      }
      const { rows, total } = await repository.listDeliveries({ ...query, after });
      const last = rows.at(-1);
      return {
        items: rows.map(toDelivery),
        total,
        nextCursor:
          rows.length === query.limit && last
            ? encodeCursor({ value: last.createdAt.toISOString(), id: last.id })
            : null,
      };
    },

    /**
     * Sends a delivery again with the same webhook-id (a receiver that already has it drops it), with a fresh
     * 24 h of retries. One still pending is already on its way.
     */
    async replay(actor: TWebhooksActor, id: string): Promise<TWebhookDelivery> {
      assertAdmin(actor);
      const row = await repository.findDelivery(id);
      if (!row) throw deliveryNotFound();
      if (row.status === 'pending') {
        throw new AppError('WEBHOOK_DELIVERY_PENDING', 'This delivery is still being sent.');
      }
      const subscription = await subscriptionOf(row.subscriptionId);
      if (!subscription.enabled) {
        throw new AppError(
          'WEBHOOK_DISABLED',
          'This webhook is turned off: turn it on to replay a delivery.',
        );
      }
      const now = clock();
      const updated = await repository.updateDelivery(id, {
        status: 'pending',
        nextAttemptAt: now,
        retriesSince: now,
        deliveredAt: null,
      });
      if (!updated) throw deliveryNotFound();
      return toDelivery(updated);
    },
  };
}

export type TWebhooksService = ReturnType<typeof createWebhooksService>;
