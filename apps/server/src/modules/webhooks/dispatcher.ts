import {
  hasFailedTooLong,
  nextWebhookAttemptAt,
  type TWebhookAttempt,
  WEBHOOK_ATTEMPTS_KEPT,
} from '@loupe/domain/integrations/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import { outboundOutcome, type TOutboundOutcome } from '../../lib/outbound-outcome.ts';
import type { TOutboundGuard } from '../../lib/outbound-url.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import type { TNotice } from '../notifications/service.ts';
import type { TWebhookDeliveryRow, TWebhookSubscriptionRow, TWebhooksRepository } from './repository.ts';
import { webhookHeaders } from './signature.ts';

/** Beyond the attempt's own timeout, how long a claimed delivery is held before another sweep may take it. */
const LEASE_MARGIN_MS = 60_000;
const USER_AGENT = 'Loupe-Webhooks/1';

export type TWebhookDispatcherOptions = {
  readonly webhooks: TWebhooksRepository;
  readonly box: TSecretBox;
  readonly clock: TClock;
  readonly outbound: Pick<TOutboundGuard, 'fetch'>;
  /** WEBHOOK_TIMEOUT_SECONDS, in ms: an attempt without an answer by then has failed. */
  readonly timeoutMs: number;
  /** Tells the admins (the bell) that a subscription was disabled. */
  readonly notify: (userIds: readonly string[], notice: TNotice) => Promise<void>;
  /** Who is told: the subscription's creator, else every active admin. */
  readonly adminsToTell: (subscription: TWebhookSubscriptionRow) => Promise<string[]>;
  readonly logger: FastifyBaseLogger;
};

type TOutcome = TOutboundOutcome;

/**
 * The webhook outbox's sweep (mirrors customer messages' delivery.ts): claims what is due under a lease, so
 * two instances never send one delivery at once and a stopped instance only delays it; sends it signed; keeps
 * each attempt's status code; retries a failure on the 24 h schedule; and disables a subscription whose
 * attempts all failed for 24 h, telling its admin.
 */
export function createWebhookDispatcher(options: TWebhookDispatcherOptions) {
  const { webhooks: repository, box, clock, logger } = options;

  async function send(row: TWebhookDeliveryRow, subscription: TWebhookSubscriptionRow): Promise<TOutcome> {
    let secret: string;
    try {
      secret = box.open(subscription.secretSealed);
    } catch {
      return {
        statusCode: null,
        error: 'The signing secret cannot be opened (SECRET_KEY changed): rotate it.',
      };
    }
    const headers = {
      ...webhookHeaders({ secret, id: row.id, at: clock(), body: row.body }),
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
    };
    return outboundOutcome(
      () =>
        options.outbound.fetch(
          subscription.url,
          { method: 'POST', headers, body: row.body, signal: AbortSignal.timeout(options.timeoutMs) },
          { allowPrivateNetwork: subscription.allowPrivateNetwork },
        ),
      { timeoutMs: options.timeoutMs, receiver: 'receiver' },
    );
  }

  async function disableIfFailingTooLong(subscription: TWebhookSubscriptionRow, now: Date): Promise<void> {
    const marked = await repository.markFailing(subscription.id, now);
    if (!marked || !hasFailedTooLong(marked.failingSince, now)) return;
    const reason = `Every delivery failed for 24 hours (since ${marked.failingSince?.toISOString()}).`;
    if (!(await repository.disable(subscription.id, now, reason))) return;
    await repository.failPending(subscription.id, 'Not sent: the subscription was disabled.');
    logger.warn(
      { subscriptionId: subscription.id },
      'webhooks: a subscription failing for 24 h was disabled',
    );
    const admins = await options.adminsToTell(marked);
    await options.notify(admins, {
      kind: 'alert',
      title: 'A webhook was disabled',
      message: `Deliveries to ${new URL(marked.url).host} failed for 24 hours, so Loupe stopped sending them. Check the receiver, then turn the webhook on again in Settings › integrations.`,
      link: '/settings/integrations',
    });
  }

  /** One attempt at one claimed delivery, and what follows from its outcome. */
  async function attempt(row: TWebhookDeliveryRow, subscription: TWebhookSubscriptionRow): Promise<void> {
    const started = performance.now();
    const outcome = await send(row, subscription);
    const now = clock();
    const attempts = row.attempts + 1;
    const entry: TWebhookAttempt = {
      at: now.toISOString(),
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: Math.max(0, Math.round(performance.now() - started)),
    };
    const attemptLog = [...(row.attemptLog as TWebhookAttempt[]), entry].slice(-WEBHOOK_ATTEMPTS_KEPT);
    if (outcome.error === null) {
      await repository.updateDelivery(row.id, {
        status: 'delivered',
        attempts,
        attemptLog,
        lastStatusCode: outcome.statusCode,
        lastError: null,
        nextAttemptAt: null,
        deliveredAt: now,
      });
      if (subscription.failingSince !== null) {
        await repository.updateSubscription(subscription.id, { failingSince: null });
      }
      return;
    }
    const next = nextWebhookAttemptAt({ createdAt: row.retriesSince, attempts, now });
    logger.warn(
      { deliveryId: row.id, subscriptionId: subscription.id, attempts, statusCode: outcome.statusCode },
      'webhooks: a delivery attempt failed',
    );
    await repository.updateDelivery(row.id, {
      status: next === null ? 'failed' : 'pending',
      attempts,
      attemptLog,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt: next,
    });
    await disableIfFailingTooLong(subscription, now);
  }

  /** One sweep: every due delivery of an enabled subscription gets one attempt. */
  async function deliverDue(): Promise<number> {
    const now = clock();
    const claimed = await repository.claimDue(
      now,
      new Date(now.getTime() + options.timeoutMs + LEASE_MARGIN_MS),
    );
    if (claimed.length === 0) return 0;
    const subscriptions = new Map<string, TWebhookSubscriptionRow>();
    for (const row of claimed) {
      let subscription = subscriptions.get(row.subscriptionId);
      if (!subscription) {
        subscription = await repository.findSubscription(row.subscriptionId);
        if (!subscription) continue;
        subscriptions.set(subscription.id, subscription);
      }
      // A subscription disabled by an earlier delivery of this sweep sends nothing more.
      if (!subscription.enabled) continue;
      await attempt(row, subscription).catch((error: unknown) => {
        logger.error({ deliveryId: row.id, err: (error as Error).message }, 'webhooks: delivery crashed');
      });
      const fresh = await repository.findSubscription(subscription.id);
      if (fresh) subscriptions.set(fresh.id, fresh);
    }
    return claimed.length;
  }

  return { deliverDue };
}
