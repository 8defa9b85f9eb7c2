import {
  canCreateAndManageRepairs,
  canCreateOrEditOrders,
  isAdmin,
  isAllowed,
} from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import {
  eventForStatus,
  type TCustomerMessageDraft,
  type TCustomerMessageEvent,
  type TCustomerMessageSettings,
  type TCustomerMessageSettingsChanges,
  type TOutboxMessage,
  type TOutboxQuery,
  ZCustomerMessageChannelSchema,
  ZCustomerMessageEventSchema,
  ZCustomerMessageStatusSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { AppError } from '@loupe/domain/errors/errors';
import { OPEN_ORDER_STATUSES, ZOrderStatusSchema } from '@loupe/domain/orders/order';
import type { TPublicJobKind } from '@loupe/domain/public-tracking/public-tracking';
import { OPEN_REPAIR_STATUSES, ZRepairStatusSchema } from '@loupe/domain/repairs/repair';
import { SETTINGS_SECTION_ACCESS } from '@loupe/domain/settings/sections';
import { mustReenterSecret } from '@loupe/domain/validation/provider-secret';
import type { FastifyBaseLogger } from 'fastify';
import { secretRequired } from '../../lib/bound-secret.ts';
import type { TClock } from '../../lib/clock.ts';
import { assertOutboundUrl, type TOutboundGuard } from '../../lib/outbound-url.ts';
import type { TSecretBox } from '../../lib/secret-box.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TRequestContext } from '../auth/service.ts';
import type { TMailer } from '../mail/mailer.ts';
import type { TJobFacts } from '../public-links/repository.ts';
import type { TPublicLinksService } from '../public-links/service.ts';
import type { TSettingsRepository } from '../settings/repository.ts';
import { createMessageComposer, defaultEventOf } from './compose.ts';
import { createDelivery } from './delivery.ts';
import type { TCustomerMessageRow, TCustomerMessagesRepository } from './repository.ts';
import { createCustomerMessageSettingsStore, type TStoredCustomerMessageSettings } from './settings-store.ts';

export type TCustomerMessagesActor = TActor & { readonly id: string };

export type TCustomerMessagesServiceOptions = {
  readonly messages: TCustomerMessagesRepository;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly settings: TSettingsRepository;
  readonly box: TSecretBox;
  readonly audit: TAuditRepository;
  readonly mailer: Pick<TMailer, 'canDeliver' | 'deliver'>;
  readonly publicLinks: Pick<
    TPublicLinksService,
    'findJob' | 'linkForMessage' | 'liveLinkUrl' | 'shopContact'
  >;
  readonly logger: FastifyBaseLogger;
  /** Every request to the SMS provider goes through it (issue 34 §2). */
  readonly outbound: Pick<TOutboundGuard, 'fetch'>;
};

/** "Still waiting" candidates looked at per kind and sweep. */
const STILL_WAITING_BATCH = 25;
const DAY_MS = 24 * 60 * 60_000;
// Still waiting: open and not yet ready (a ready job has had its "ready" message).
const WAITING_ORDER_STATUSES = OPEN_ORDER_STATUSES.filter((status) => status !== 'ready');
const WAITING_REPAIR_STATUSES = OPEN_REPAIR_STATUSES.filter((status) => status !== 'ready');

const messageNotFound = () => new AppError('NOT_FOUND', 'This message does not exist.');

function toOutboxMessage(row: TCustomerMessageRow): TOutboxMessage {
  return {
    id: row.id,
    jobKind: row.jobKind === 'repair' ? 'repair' : 'order',
    jobId: row.jobId,
    jobNumber: row.jobNumber,
    event: ZCustomerMessageEventSchema.parse(row.event),
    channel: ZCustomerMessageChannelSchema.parse(row.channel),
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    status: ZCustomerMessageStatusSchema.parse(row.status),
    attempts: row.attempts,
    nextAttemptAt: row.status === 'queued' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Customer messages (issue 15 §5). Job events (created, status changes, a planned trip offsite) queue
 * messages when the workshop sends automatically; with "ask", the job's page sends them in one click. A
 * periodic sweep delivers what is due, retries failures with a growing wait, and queues "still waiting"
 * messages. A customer who has not agreed to a channel (their contact preferences) never gets a message on it,
 * checked when queued and again when sent.
 */
export function createCustomerMessagesService(options: TCustomerMessagesServiceOptions) {
  const { messages: repository, clock, events, audit, publicLinks, logger } = options;
  const store = createCustomerMessageSettingsStore({ settings: options.settings, box: options.box });
  const { compose } = createMessageComposer({ publicLinks });
  const { deliverDue } = createDelivery({ ...options, store });
  const pending = new Set<Promise<unknown>>();

  function assertMayManage(actor: TActor): void {
    if (!isAllowed(actor, SETTINGS_SECTION_ACCESS['customer-messages'])) throw forbidden();
  }

  /**
   * Issue 34 §2: the SMS provider (where messages go, and with which secret) is an admin's to change; managers
   * keep the templates and the sending. A new address passes the outbound URL check, and needs the auth token
   * again when one is stored: the stored one was entered for the old address.
   */
  function checkProviderChange(
    actor: TActor,
    changes: TCustomerMessageSettingsChanges,
    current: TStoredCustomerMessageSettings,
  ): void {
    const sms = changes.sms ?? {};
    if (!Object.values(sms).some((value) => value !== undefined)) return;
    if (!isAdmin(actor)) {
      throw forbidden('Only admins can change the SMS provider.', {
        details: { issues: [{ field: 'body.sms', message: 'Only admins can change the SMS provider.' }] },
      });
    }
    const baseUrl = sms.baseUrl ?? current.sms.baseUrl;
    const allowPrivateNetwork = sms.allowPrivateNetwork ?? current.sms.allowPrivateNetwork;
    if (sms.baseUrl !== undefined || sms.allowPrivateNetwork !== undefined) {
      assertOutboundUrl(baseUrl, { allowPrivateNetwork }, 'body.sms.baseUrl');
    }
    const mustReenter = mustReenterSecret({
      storedDestination: current.sms.baseUrl,
      nextDestination: baseUrl,
      hasStoredSecret: current.sms.authTokenSealed !== null,
      secretChanged: sms.authToken !== undefined,
    });
    if (mustReenter) throw secretRequired('body.sms.authToken');
  }

  function assertMaySend(actor: TActor, kind: TPublicJobKind): void {
    const allowed = kind === 'order' ? canCreateOrEditOrders(actor) : canCreateAndManageRepairs(actor);
    if (!allowed) throw forbidden();
  }

  async function jobOf(kind: TPublicJobKind, id: string): Promise<TJobFacts> {
    const job = await publicLinks.findJob(kind, id);
    if (!job) throw new AppError('NOT_FOUND', `This ${kind} does not exist.`);
    return job;
  }

  async function enqueue(
    job: TJobFacts,
    event: TCustomerMessageEvent,
    input: { actorId: string | null; onceOnly: boolean },
  ): Promise<TCustomerMessageRow[]> {
    const settings = await store.read();
    const draft = await compose(job, event, settings, input.actorId);
    const now = clock();
    const rows = [];
    for (const message of draft.messages) {
      // Automatic messages go once per job, event and channel: a job stepping back and forth says it once.
      if (input.onceOnly && (await repository.exists(job.kind, job.id, event, message.channel))) continue;
      rows.push({
        jobKind: job.kind,
        jobId: job.id,
        jobNumber: job.number,
        customerId: job.customer.id,
        event,
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject,
        body: message.body,
        status: 'queued',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
        createdBy: input.actorId,
      });
    }
    return repository.insert(rows);
  }

  /** An event of a job: queued when the workshop sends automatically; with "ask", a person sends it. */
  async function onJobEvent(kind: TPublicJobKind, id: string, event: TCustomerMessageEvent): Promise<void> {
    const settings = await store.read();
    if (settings.sendMode !== 'automatic') return;
    const job = await publicLinks.findJob(kind, id);
    if (!job) return;
    await enqueue(job, event, { actorId: null, onceOnly: true });
  }

  function track(work: Promise<unknown>, what: Record<string, unknown>): void {
    const settled = work.catch((error: unknown) => {
      logger.error(
        { ...what, err: (error as Error).message },
        'customer messages: could not queue a message',
      );
    });
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  }

  async function queueStillWaiting(): Promise<void> {
    const settings = await store.read();
    if (settings.sendMode !== 'automatic' || !settings.templates.still_waiting.enabled) return;
    const since = new Date(clock().getTime() - settings.stillWaitingDays * DAY_MS);
    for (const [kind, statuses] of [
      ['order', WAITING_ORDER_STATUSES],
      ['repair', WAITING_REPAIR_STATUSES],
    ] as const) {
      for (const id of await repository.quietJobs(kind, statuses, since, STILL_WAITING_BATCH)) {
        const job = await publicLinks.findJob(kind, id);
        if (job) await enqueue(job, 'still_waiting', { actorId: null, onceOnly: false });
      }
    }
  }

  return {
    /** Listens to the job events the services publish after their commits. */
    followJobs(): () => void {
      return events.subscribe((announcement) => {
        const payload = announcement.payload as Record<string, unknown>;
        switch (announcement.name) {
          case 'order:created':
            track(onJobEvent('order', String(payload.orderId), 'received'), { orderId: payload.orderId });
            return;
          case 'repair:created':
            track(onJobEvent('repair', String(payload.repairId), 'received'), { repairId: payload.repairId });
            return;
          case 'order:status-changed': {
            const status = ZOrderStatusSchema.safeParse(payload.status);
            const event = status.success ? eventForStatus({ kind: 'order', status: status.data }) : null;
            if (event)
              track(onJobEvent('order', String(payload.orderId), event), { orderId: payload.orderId });
            return;
          }
          case 'repair:status-changed': {
            const status = ZRepairStatusSchema.safeParse(payload.status);
            const event = status.success ? eventForStatus({ kind: 'repair', status: status.data }) : null;
            if (event)
              track(onJobEvent('repair', String(payload.repairId), event), { repairId: payload.repairId });
            return;
          }
          case 'tracking:offsite-detected':
            // Only a trip planned as such is "sent to a vendor"; a piece merely unseen is not news for the customer.
            if (
              payload.isExpectedOffsite === true &&
              (payload.itemType === 'order' || payload.itemType === 'repair')
            ) {
              track(onJobEvent(payload.itemType, String(payload.itemId), 'sent_to_vendor'), {
                itemId: payload.itemId,
              });
            }
            return;
          default:
            return;
        }
      });
    },

    /** Resolves when every event received so far has been queued (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /** One sweep: deliver what is due, then queue the "still waiting" messages. */
    async sweep(): Promise<void> {
      await deliverDue();
      await queueStillWaiting();
    },

    deliverDue,
    queueStillWaiting,

    async settings(actor: TCustomerMessagesActor): Promise<TCustomerMessageSettings> {
      assertMayManage(actor);
      return store.toPublic(await store.read());
    },

    async updateSettings(
      actor: TCustomerMessagesActor,
      changes: TCustomerMessageSettingsChanges,
      context: TRequestContext,
    ): Promise<TCustomerMessageSettings> {
      assertMayManage(actor);
      checkProviderChange(actor, changes, await store.read());
      await store.apply(changes, actor.id);
      const { sms, ...rest } = changes;
      const { authToken, ...smsRest } = sms ?? {};
      await audit.record({
        action: 'settings.updated',
        at: clock(),
        actorId: actor.id,
        subject: 'customer-messages',
        ...context,
        // The token itself never reaches the audit log: only that it changed.
        details: {
          section: 'customer-messages',
          changes: {
            ...rest,
            ...(sms
              ? {
                  sms: {
                    ...smsRest,
                    ...(authToken === undefined ? {} : { authToken: authToken === null ? 'cleared' : 'set' }),
                  },
                }
              : {}),
          },
        },
      });
      return store.toPublic(await store.read());
    },

    async outbox(actor: TCustomerMessagesActor, query: TOutboxQuery): Promise<TOutboxMessage[]> {
      assertMayManage(actor);
      return (await repository.list(query)).map(toOutboxMessage);
    },

    /** Sends a queued or failed message again at the next sweep, with a fresh count of attempts. */
    async retry(actor: TCustomerMessagesActor, id: string): Promise<TOutboxMessage> {
      assertMayManage(actor);
      const row = await repository.find(id);
      if (!row) throw messageNotFound();
      if (row.status === 'sent') throw new AppError('CONFLICT', 'This message was already sent.');
      await repository.update(id, { status: 'queued', attempts: 0, nextAttemptAt: clock() });
      const updated = await repository.find(id);
      if (!updated) throw messageNotFound();
      return toOutboxMessage(updated);
    },

    /** The job page's preview: the event of its current status by default. */
    async draft(
      actor: TCustomerMessagesActor,
      kind: TPublicJobKind,
      id: string,
      event: TCustomerMessageEvent | undefined,
    ): Promise<TCustomerMessageDraft> {
      assertMaySend(actor, kind);
      const job = await jobOf(kind, id);
      const chosen = event ?? defaultEventOf(job);
      // A preview must not issue a link: the placeholder shows what will be sent.
      const settings = await store.read();
      return compose(job, chosen, settings, actor.id, true);
    },

    /** "Send message to customer": queues the event's messages now, whatever the send mode. */
    async send(
      actor: TCustomerMessagesActor,
      kind: TPublicJobKind,
      id: string,
      event: TCustomerMessageEvent,
    ): Promise<TOutboxMessage[]> {
      assertMaySend(actor, kind);
      const job = await jobOf(kind, id);
      return (await enqueue(job, event, { actorId: actor.id, onceOnly: false })).map(toOutboxMessage);
    },
  };
}

export type TCustomerMessagesService = ReturnType<typeof createCustomerMessagesService>;
