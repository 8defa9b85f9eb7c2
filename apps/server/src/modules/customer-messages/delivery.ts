import {
  MAX_DELIVERY_ATTEMPTS,
  retryDelayAfter,
  ZCustomerMessageChannelSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import type { TOutboundGuard } from '../../lib/outbound-url.ts';
import type { TMailer } from '../mail/mailer.ts';
import type { TPublicLinksService } from '../public-links/service.ts';
import { CONSENT } from './compose.ts';
import type { TCustomerMessageRow, TCustomerMessagesRepository } from './repository.ts';
import type { TCustomerMessageSettingsStore, TStoredCustomerMessageSettings } from './settings-store.ts';
import { sendSms } from './sms-sender.ts';

/** How long a sweep holds a message it is sending before another sweep may take it. */
const LEASE_MS = 2 * 60_000;
const ERROR_LENGTH = 500;

/**
 * The outbox's sweep: claims what is due (a lease, so two instances never send one message twice), sends it
 * by SMS or e-mail, and records the outcome, retrying a failure after a growing wait.
 */
export function createDelivery(options: {
  readonly messages: TCustomerMessagesRepository;
  readonly store: TCustomerMessageSettingsStore;
  readonly publicLinks: Pick<TPublicLinksService, 'findJob'>;
  readonly mailer: Pick<TMailer, 'canDeliver' | 'deliver'>;
  readonly outbound: Pick<TOutboundGuard, 'fetch'>;
  readonly clock: TClock;
  readonly logger: FastifyBaseLogger;
}) {
  const { messages: repository, store, publicLinks, mailer, clock, logger } = options;

  /** One attempt at one claimed message. */
  async function deliver(row: TCustomerMessageRow, settings: TStoredCustomerMessageSettings): Promise<void> {
    const now = clock();
    const channel = ZCustomerMessageChannelSchema.parse(row.channel);
    // Consent is read again: a customer who opted out after it was queued gets nothing.
    const job = await publicLinks.findJob(row.jobKind === 'repair' ? 'repair' : 'order', row.jobId);
    if (!job?.customer.contactPreferences.includes(CONSENT[channel])) {
      await repository.update(row.id, {
        status: 'failed',
        nextAttemptAt: null,
        lastError: job
          ? `The customer opted out of ${channel === 'sms' ? 'SMS' : 'e-mail'}.`
          : 'The job is gone.',
      });
      return;
    }
    const authToken = store.authToken(settings);
    const tokenForAnotherAddress = settings.sms.authTokenSealed !== null && authToken === null;
    const smsConfig =
      settings.sms.accountSid && settings.sms.fromNumber && authToken
        ? {
            baseUrl: settings.sms.baseUrl,
            accountSid: settings.sms.accountSid,
            fromNumber: settings.sms.fromNumber,
            authToken,
          }
        : null;
    const notConfigured =
      channel === 'sms'
        ? smsConfig === null
          ? tokenForAnotherAddress
            ? 'Waiting for an SMS sender: the stored auth token was entered for another address (or SECRET_KEY changed); enter it again in Settings › customer messages.'
            : 'Waiting for an SMS sender: set the account SID, the from number and the auth token in Settings › customer messages.'
          : null
        : mailer.canDeliver
          ? null
          : 'Waiting for an e-mail sender: no SMTP server is configured (SMTP_URL).';
    if (notConfigured) {
      // Not an attempt: it goes out once a sender is set up.
      await repository.update(row.id, {
        nextAttemptAt: new Date(now.getTime() + retryDelayAfter(1)),
        lastError: notConfigured,
      });
      return;
    }
    const attempts = row.attempts + 1;
    try {
      let providerId: string | null = null;
      if (channel === 'sms' && smsConfig) {
        const policy = { allowPrivateNetwork: settings.sms.allowPrivateNetwork };
        providerId = (
          await sendSms(smsConfig, { to: row.recipient, body: row.body }, (url, init) =>
            options.outbound.fetch(url, init, policy),
          )
        ).providerId;
      } else {
        await mailer.deliver({ to: row.recipient, subject: row.subject ?? '', text: row.body });
      }
      await repository.update(row.id, {
        status: 'sent',
        attempts,
        sentAt: clock(),
        nextAttemptAt: null,
        lastError: null,
        providerId,
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);
      const isLast = attempts >= MAX_DELIVERY_ATTEMPTS;
      // The recipient stays in the outbox row; the log names the message only.
      logger.warn({ messageId: row.id, channel, attempts }, 'customer messages: a delivery attempt failed');
      await repository.update(row.id, {
        status: isLast ? 'failed' : 'queued',
        attempts,
        nextAttemptAt: isLast ? null : new Date(now.getTime() + retryDelayAfter(attempts)),
        lastError: message,
      });
    }
  }

  async function deliverDue(): Promise<number> {
    const now = clock();
    const claimed = await repository.claimDue(now, new Date(now.getTime() + LEASE_MS));
    if (claimed.length === 0) return 0;
    const settings = await store.read();
    for (const row of claimed) {
      await deliver(row, settings).catch((error: unknown) => {
        logger.error(
          { messageId: row.id, err: (error as Error).message },
          'customer messages: delivery crashed',
        );
      });
    }
    return claimed.length;
  }

  return { deliverDue };
}
