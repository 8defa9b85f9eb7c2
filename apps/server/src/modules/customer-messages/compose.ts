import {
  CUSTOMER_MESSAGE_CHANNELS,
  eventForStatus,
  firstNameOf,
  renderTemplate,
  type TCustomerMessageChannel,
  type TCustomerMessageDraft,
  type TCustomerMessageEvent,
  type TPlaceholderValues,
  type TSkipReason,
  usesPlaceholder,
} from '@loupe/domain/customer-messages/customer-messages';
import { ZOrderStatusSchema } from '@loupe/domain/orders/order';
import { PUBLIC_STAGE_LABELS } from '@loupe/domain/public-tracking/public-tracking';
import { ZRepairStatusSchema } from '@loupe/domain/repairs/repair';
import type { TJobFacts } from '../public-links/repository.ts';
import { stageOfJob, type TPublicLinksService } from '../public-links/service.ts';
import type { TStoredCustomerMessageSettings } from './settings-store.ts';
import { smsAddressOf } from './sms-sender.ts';

const PROMISED_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
export const CONSENT: Readonly<Record<TCustomerMessageChannel, string>> = { sms: 'sms', email: 'email' };

/** What a preview shows for a link that sending would issue. */
const LINK_TO_BE_ISSUED = '(tracking link, created when sent)';

function formatPromisedDate(date: string | null): string {
  if (date === null) return 'soon';
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : PROMISED_DATE.format(parsed);
}

/**
 * What a job's event says to its customer, per channel, from the workshop's templates: the words with their
 * placeholders filled, and the channels it does not go to and why (no consent, no address, template off).
 */
export function createMessageComposer(options: {
  readonly publicLinks: Pick<TPublicLinksService, 'linkForMessage' | 'liveLinkUrl' | 'shopContact'>;
}) {
  const { publicLinks } = options;

  async function placeholderValues(
    job: TJobFacts,
    link: 'none' | 'preview' | 'issue',
    actorId: string | null,
  ): Promise<TPlaceholderValues> {
    const shop = await publicLinks.shopContact();
    return {
      customerFirstName: firstNameOf(job.customer.name),
      customerName: job.customer.name,
      jobNumber: job.number,
      jobKind: job.kind,
      stage: PUBLIC_STAGE_LABELS[stageOfJob(job)],
      promisedDate: formatPromisedDate(job.promisedDate),
      // Issued only when a template uses it: a message without the link leaves the job without one.
      trackingLink:
        link === 'issue'
          ? await publicLinks.linkForMessage(job.kind, job.id, actorId)
          : link === 'preview'
            ? ((await publicLinks.liveLinkUrl(job.kind, job.id)) ?? LINK_TO_BE_ISSUED)
            : '',
      shopName: shop.name,
      shopPhone: shop.phone ?? '',
      shopEmail: shop.email ?? '',
    };
  }

  function recipientOf(job: TJobFacts, channel: TCustomerMessageChannel): string | null {
    return channel === 'sms'
      ? job.customer.phone
        ? smsAddressOf(job.customer.phone)
        : null
      : job.customer.email;
  }

  /** What would go to the customer for an event, per channel, and what would not and why. */
  async function compose(
    job: TJobFacts,
    event: TCustomerMessageEvent,
    settings: TStoredCustomerMessageSettings,
    actorId: string | null,
    isPreview = false,
  ): Promise<TCustomerMessageDraft> {
    const template = settings.templates[event];
    const skipped: { channel: TCustomerMessageChannel; reason: TSkipReason }[] = [];
    const channels: { channel: TCustomerMessageChannel; recipient: string }[] = [];
    for (const channel of CUSTOMER_MESSAGE_CHANNELS) {
      const recipient = recipientOf(job, channel);
      if (!template.enabled) skipped.push({ channel, reason: 'template-disabled' });
      else if (!job.customer.contactPreferences.includes(CONSENT[channel]))
        skipped.push({ channel, reason: 'no-consent' });
      else if (!recipient) skipped.push({ channel, reason: 'no-address' });
      else channels.push({ channel, recipient });
    }
    const texts = channels.flatMap(({ channel }) =>
      channel === 'sms' ? [template.sms] : [template.emailSubject, template.emailBody],
    );
    const needsLink = texts.some((value) => usesPlaceholder(value, 'trackingLink'));
    const link = !needsLink ? 'none' : isPreview ? 'preview' : 'issue';
    const values = channels.length > 0 ? await placeholderValues(job, link, actorId) : null;
    return {
      event,
      messages:
        values === null
          ? []
          : channels.map(({ channel, recipient }) => ({
              channel,
              recipient,
              subject: channel === 'email' ? renderTemplate(template.emailSubject, values) : null,
              body: renderTemplate(channel === 'sms' ? template.sms : template.emailBody, values),
            })),
      skipped,
    };
  }

  return { compose };
}

export type TMessageComposer = ReturnType<typeof createMessageComposer>;

/** The event a job's page suggests: its status's, else "still waiting". */
export function defaultEventOf(job: TJobFacts): TCustomerMessageEvent {
  if (job.isWithSpecialist) return 'sent_to_vendor';
  const order = ZOrderStatusSchema.safeParse(job.status);
  const repair = ZRepairStatusSchema.safeParse(job.status);
  const event =
    job.kind === 'order'
      ? order.success
        ? eventForStatus({ kind: 'order', status: order.data })
        : null
      : repair.success
        ? eventForStatus({ kind: 'repair', status: repair.data })
        : null;
  if (event) return event;
  return job.status === 'new' || job.status === 'received' ? 'received' : 'still_waiting';
}
