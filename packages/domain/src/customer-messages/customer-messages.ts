import { z } from 'zod';
import type { TOrderStatus } from '../orders/order';
import type { TRepairStatus } from '../repairs/repair';
import { keysOf } from '../text/label-table';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Customer messages (issue 15 §5): a template per event and channel, rendered with a job's placeholders, sent
 * through SMTP or a Twilio-compatible SMS API from an outbox with retries. Pure rules here; the server sends.
 */
export const CUSTOMER_MESSAGE_EVENT_LABELS = {
  received: 'Received',
  in_progress: 'In progress',
  sent_to_vendor: 'Sent to a vendor',
  ready: 'Ready for pickup',
  still_waiting: 'Still waiting',
} as const;
export const CUSTOMER_MESSAGE_EVENTS = keysOf(CUSTOMER_MESSAGE_EVENT_LABELS);
export const ZCustomerMessageEventSchema = lazySchema(() => z.enum(CUSTOMER_MESSAGE_EVENTS));
export type TCustomerMessageEvent = z.infer<typeof ZCustomerMessageEventSchema>;

export const CUSTOMER_MESSAGE_CHANNEL_LABELS = { sms: 'SMS', email: 'E-mail' } as const;
export const CUSTOMER_MESSAGE_CHANNELS = keysOf(CUSTOMER_MESSAGE_CHANNEL_LABELS);
export const ZCustomerMessageChannelSchema = lazySchema(() => z.enum(CUSTOMER_MESSAGE_CHANNELS));
export type TCustomerMessageChannel = z.infer<typeof ZCustomerMessageChannelSchema>;

export const CUSTOMER_MESSAGE_STATUSES = ['queued', 'sent', 'failed'] as const;
export const ZCustomerMessageStatusSchema = lazySchema(() => z.enum(CUSTOMER_MESSAGE_STATUSES));
export type TCustomerMessageStatus = z.infer<typeof ZCustomerMessageStatusSchema>;

/** Sending on a status change: by itself, or one click on the job's page. */
export const CUSTOMER_MESSAGE_SEND_MODES = ['automatic', 'ask'] as const;
export const ZCustomerMessageSendModeSchema = lazySchema(() => z.enum(CUSTOMER_MESSAGE_SEND_MODES));
export type TCustomerMessageSendMode = z.infer<typeof ZCustomerMessageSendModeSchema>;

export const PLACEHOLDER_DESCRIPTIONS = {
  customerFirstName: "The customer's first name",
  customerName: "The customer's full name",
  jobNumber: 'The order or repair number',
  jobKind: '"order" or "repair"',
  stage: 'The stage in customer words',
  promisedDate: 'The promised date, or "soon" when none is set',
  trackingLink: "The job's public tracking link (issued when it has none)",
  shopName: "The shop's name",
  shopPhone: "The shop's phone",
  shopEmail: "The shop's e-mail",
} as const;
export const PLACEHOLDERS = keysOf(PLACEHOLDER_DESCRIPTIONS);
export type TPlaceholder = (typeof PLACEHOLDERS)[number];
export type TPlaceholderValues = Readonly<Record<TPlaceholder, string>>;

const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The placeholders a template names that Loupe does not know. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1] ?? '';
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

/** Whether a template uses a placeholder (the tracking link is issued only when one does). */
export function usesPlaceholder(template: string, placeholder: TPlaceholder): boolean {
  return [...template.matchAll(PLACEHOLDER_PATTERN)].some((match) => match[1] === placeholder);
}

/** The template with each {{placeholder}} replaced by its value; text is never interpreted otherwise. */
export function renderTemplate(template: string, values: TPlaceholderValues): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? values[name as TPlaceholder] : whole,
  );
}

/** The first word of a name: "Ada" of "Ada Lovelace". */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

export const TEMPLATE_LIMITS = { sms: 480, emailSubject: 200, emailBody: 5000 } as const;

const templateText = (max: number, what: string) =>
  z
    .string()
    .max(max, `Use at most ${max} characters`)
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder in the ${what}: ${unknown.map((name) => `{{${name}}}`).join(', ')}`,
        });
      }
    });

export const ZCustomerMessageTemplateSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    sms: templateText(TEMPLATE_LIMITS.sms, 'SMS'),
    emailSubject: templateText(TEMPLATE_LIMITS.emailSubject, 'subject'),
    emailBody: templateText(TEMPLATE_LIMITS.emailBody, 'e-mail'),
  }),
);
export type TCustomerMessageTemplate = z.infer<typeof ZCustomerMessageTemplateSchema>;

export const DEFAULT_TEMPLATES: Readonly<Record<TCustomerMessageEvent, TCustomerMessageTemplate>> = {
  received: {
    enabled: true,
    sms: 'Hi {{customerFirstName}}, {{shopName}} has received your {{jobKind}} {{jobNumber}}. Follow it here: {{trackingLink}}',
    emailSubject: 'We have received your {{jobKind}} {{jobNumber}}',
    emailBody:
      'Hi {{customerFirstName}},\n\nThank you for trusting {{shopName}} with your piece. Your {{jobKind}} {{jobNumber}} is promised for {{promisedDate}}.\n\nYou can follow it at any time: {{trackingLink}}\n\n{{shopName}} · {{shopPhone}}',
  },
  in_progress: {
    enabled: true,
    sms: 'Hi {{customerFirstName}}, work on your {{jobKind}} {{jobNumber}} has started at {{shopName}}. {{trackingLink}}',
    emailSubject: 'Work on {{jobNumber}} has started',
    emailBody:
      'Hi {{customerFirstName}},\n\nOur jewelers have started on your {{jobKind}} {{jobNumber}}. It is promised for {{promisedDate}}.\n\nFollow it here: {{trackingLink}}\n\n{{shopName}} · {{shopPhone}}',
  },
  sent_to_vendor: {
    enabled: true,
    sms: 'Hi {{customerFirstName}}, your {{jobKind}} {{jobNumber}} is with one of our specialist partners for a step we do not do in-house. {{trackingLink}}',
    emailSubject: '{{jobNumber}} is with a specialist partner',
    emailBody:
      'Hi {{customerFirstName}},\n\nYour {{jobKind}} {{jobNumber}} is with one of our trusted specialist partners for a step we do not do in-house. We will let you know when it is back.\n\nFollow it here: {{trackingLink}}\n\n{{shopName}} · {{shopPhone}}',
  },
  ready: {
    enabled: true,
    sms: 'Good news {{customerFirstName}}: your {{jobKind}} {{jobNumber}} is ready for pickup at {{shopName}}. {{shopPhone}}',
    emailSubject: 'Your {{jobKind}} {{jobNumber}} is ready for pickup',
    emailBody:
      'Hi {{customerFirstName}},\n\nYour {{jobKind}} {{jobNumber}} is ready. Come and collect it during our opening hours.\n\n{{shopName}} · {{shopPhone}}',
  },
  still_waiting: {
    enabled: false,
    sms: 'Hi {{customerFirstName}}, your {{jobKind}} {{jobNumber}} is still with us ({{stage}}). We have not forgotten it! {{trackingLink}}',
    emailSubject: 'An update on {{jobNumber}}',
    emailBody:
      'Hi {{customerFirstName}},\n\nA quick word to say your {{jobKind}} {{jobNumber}} is still in our hands: {{stage}}. It is promised for {{promisedDate}}.\n\nFollow it here: {{trackingLink}}\n\n{{shopName}} · {{shopPhone}}',
  },
};

export const DEFAULT_SMS_BASE_URL = 'https://api.twilio.com';
export const STILL_WAITING_DAYS = { default: 14, min: 1, max: 365 } as const;

const ZTemplatesSchema = lazySchema(() =>
  z.object(
    Object.fromEntries(
      CUSTOMER_MESSAGE_EVENTS.map((event) => [event, ZCustomerMessageTemplateSchema]),
    ) as Record<TCustomerMessageEvent, typeof ZCustomerMessageTemplateSchema>,
  ),
);

const ZSmsBaseUrlSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(500)
    .pipe(z.url({ protocol: /^https?$/, message: 'Enter an http(s) address, e.g. https://api.twilio.com' })),
);
const ZAccountSidSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,64}$/, 'Enter the account SID, e.g. AC0123456789abcdef'),
);
const ZSmsFromSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(
      /^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{2,11})$/,
      'Enter a number in international form, e.g. +15550102030',
    ),
);

/** Settings › customer messages as the browser sees them: the auth token only as set or not set. */
export const ZCustomerMessageSettingsSchema = lazySchema(() =>
  z.object({
    sendMode: ZCustomerMessageSendModeSchema,
    stillWaitingDays: z.number().int().min(STILL_WAITING_DAYS.min).max(STILL_WAITING_DAYS.max),
    templates: ZTemplatesSchema,
    sms: z.object({
      accountSid: z.string().nullable(),
      fromNumber: z.string().nullable(),
      baseUrl: z.string(),
      isAuthTokenSet: z.boolean(),
      /** An admin's opt-in to an SMS gateway on the workshop's own network (issue 34 §2). */
      allowPrivateNetwork: z.boolean(),
    }),
  }),
);
export type TCustomerMessageSettings = z.infer<typeof ZCustomerMessageSettingsSchema>;

export const CUSTOMER_MESSAGE_SETTINGS_DEFAULTS: TCustomerMessageSettings = {
  sendMode: 'ask',
  stillWaitingDays: STILL_WAITING_DAYS.default,
  templates: DEFAULT_TEMPLATES,
  sms: {
    accountSid: null,
    fromNumber: null,
    baseUrl: DEFAULT_SMS_BASE_URL,
    isAuthTokenSet: false,
    allowPrivateNetwork: false,
  },
};

/**
 * A change: fields left out keep their value; the auth token is write-only (a string sets it, null clears
 * it) and never comes back. The `sms` part is the SMS provider: admins only (issue 34 §2), and a new `baseUrl`
 * needs the auth token again when one is stored (SECRET_REQUIRED).
 */
export const ZCustomerMessageSettingsChangesSchema = lazySchema(() =>
  z.object({
    sendMode: ZCustomerMessageSendModeSchema.optional(),
    stillWaitingDays: z.number().int().min(STILL_WAITING_DAYS.min).max(STILL_WAITING_DAYS.max).optional(),
    templates: ZTemplatesSchema.unwrap().partial().optional(),
    sms: z
      .object({
        accountSid: ZAccountSidSchema.nullable().optional(),
        fromNumber: ZSmsFromSchema.nullable().optional(),
        baseUrl: ZSmsBaseUrlSchema.optional(),
        authToken: z.string().trim().min(8, 'Enter the auth token').max(200).nullable().optional(),
        allowPrivateNetwork: z.boolean().optional(),
      })
      .optional(),
  }),
);
export type TCustomerMessageSettingsChanges = z.output<typeof ZCustomerMessageSettingsChangesSchema>;

/** The event a job's status change announces to its customer, if any. */
export function eventForStatus(
  job: { kind: 'order'; status: TOrderStatus } | { kind: 'repair'; status: TRepairStatus },
): TCustomerMessageEvent | null {
  if (job.status === 'ready') return 'ready';
  if (job.kind === 'order' && job.status === 'in_production') return 'in_progress';
  if (job.kind === 'repair' && job.status === 'in_progress') return 'in_progress';
  return null;
}

/** Attempts before a message is given up as failed; a person can still retry it from the outbox. */
export const MAX_DELIVERY_ATTEMPTS = 6;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The wait after failed attempt number `attempts` (1, 2, …): 1 min doubling, at most 1 h. */
export function retryDelayAfter(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export const ZOutboxMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    jobKind: z.enum(['order', 'repair']),
    jobId: z.string(),
    jobNumber: z.string(),
    event: ZCustomerMessageEventSchema,
    channel: ZCustomerMessageChannelSchema,
    recipient: z.string(),
    subject: z.string().nullable(),
    body: z.string(),
    status: ZCustomerMessageStatusSchema,
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  }),
);
export type TOutboxMessage = z.infer<typeof ZOutboxMessageSchema>;

export const ZOutboxQuerySchema = lazySchema(() =>
  z.object({
    status: ZCustomerMessageStatusSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  }),
);
export type TOutboxQuery = z.output<typeof ZOutboxQuerySchema>;

/** Why a channel gets no message for a job. */
export const SKIP_REASON_LABELS = {
  'template-disabled': 'This message is turned off in Settings › customer messages',
  'no-consent': 'The customer has not agreed to be contacted this way',
  'no-address': 'The customer has no phone number or e-mail address for it',
} as const;
export const SKIP_REASONS = keysOf(SKIP_REASON_LABELS);
export type TSkipReason = (typeof SKIP_REASONS)[number];

/** The job page's "Send message to customer": what would go out, and what would not and why. */
export const ZCustomerMessageDraftSchema = lazySchema(() =>
  z.object({
    event: ZCustomerMessageEventSchema,
    messages: z.array(
      z.object({
        channel: ZCustomerMessageChannelSchema,
        recipient: z.string(),
        subject: z.string().nullable(),
        body: z.string(),
      }),
    ),
    skipped: z.array(z.object({ channel: ZCustomerMessageChannelSchema, reason: z.enum(SKIP_REASONS) })),
  }),
);
export type TCustomerMessageDraft = z.infer<typeof ZCustomerMessageDraftSchema>;

export const ZCustomerMessageDraftQuerySchema = lazySchema(() =>
  z.object({ event: ZCustomerMessageEventSchema.optional() }),
);
export const ZSendCustomerMessageInputSchema = lazySchema(() =>
  z.object({ event: ZCustomerMessageEventSchema }),
);

/** Made-up values for the settings preview. */
export const SAMPLE_PLACEHOLDER_VALUES: TPlaceholderValues = {
  customerFirstName: 'Ada',
  customerName: 'Ada Lovelace',
  jobNumber: 'ORD-00042',
  jobKind: 'order',
  stage: 'In the workshop',
  promisedDate: 'Jun 14, 2031',
  trackingLink: 'https://loupe.example/t/Xk3v…',
  shopName: 'Your shop',
  shopPhone: '+1 555 010 2030',
  shopEmail: 'hello@shop.example',
};
