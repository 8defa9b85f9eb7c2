import {
  CUSTOMER_MESSAGE_EVENT_LABELS,
  CUSTOMER_MESSAGE_EVENTS,
  STILL_WAITING_DAYS,
  type TCustomerMessageEvent,
  type TCustomerMessageSettings,
  type TCustomerMessageSettingsChanges,
  type TCustomerMessageTemplate,
  unknownPlaceholders,
  ZCustomerMessageEventSchema,
  ZCustomerMessageSettingsChangesSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { isSameDestination, SECRET_REQUIRED_MESSAGE } from '@loupe/domain/validation/provider-secret';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { firstIssuePerField, type TFormIssue } from '@/components/forms/zod-form-errors';

/** The customer message settings as typed: numbers are text until saved; the auth token is write-only. */
export type TCustomerMessageFormValues = {
  sendMode: TCustomerMessageSettings['sendMode'];
  stillWaitingDays: string;
  templates: Record<TCustomerMessageEvent, TCustomerMessageTemplate>;
  accountSid: string;
  fromNumber: string;
  baseUrl: string;
  /** A new auth token; empty keeps the stored one. */
  authToken: string;
  clearAuthToken: boolean;
  allowPrivateNetwork: boolean;
};

export type TCustomerMessageField = keyof TCustomerMessageFormValues;

/** The fields that show an error of their own: the templates' is said above them, naming the event. */
export const CUSTOMER_MESSAGE_FIELDS = [
  'stillWaitingDays',
  'templates',
  'accountSid',
  'fromNumber',
  'baseUrl',
  'authToken',
] as const satisfies readonly TCustomerMessageField[];

/** PUT /settings/customer-messages names the SMS sender's fields inside sms. */
export const CUSTOMER_MESSAGE_SERVER_FIELDS = {
  'sms.accountSid': 'accountSid',
  'sms.fromNumber': 'fromNumber',
  'sms.baseUrl': 'baseUrl',
  'sms.authToken': 'authToken',
} as const satisfies Readonly<Record<string, TCustomerMessageField>>;

export const STILL_WAITING_DAYS_MESSAGE = `Enter whole days from ${STILL_WAITING_DAYS.min} to ${STILL_WAITING_DAYS.max}`;

export const SEND_MODE_OPTIONS = [
  { value: 'ask', label: 'Ask: a "Send message to customer" button on the job' },
  { value: 'automatic', label: 'Automatic: sent as the job moves' },
];

/** What the form changed, as PUT /settings/customer-messages takes it (nothing unchanged is sent). */
export function changesOf(
  values: TCustomerMessageFormValues,
  saved: TCustomerMessageSettings,
): TCustomerMessageSettingsChanges {
  const changes: TCustomerMessageSettingsChanges = {};
  if (values.sendMode !== saved.sendMode) changes.sendMode = values.sendMode;
  const days = values.stillWaitingDays.trim() === '' ? Number.NaN : Number(values.stillWaitingDays);
  if (days !== saved.stillWaitingDays) changes.stillWaitingDays = days;
  const templates = Object.fromEntries(
    CUSTOMER_MESSAGE_EVENTS.filter(
      (event) => JSON.stringify(values.templates[event]) !== JSON.stringify(saved.templates[event]),
    ).map((event) => [event, values.templates[event]]),
  );
  if (Object.keys(templates).length > 0) changes.templates = templates;
  const sms: NonNullable<TCustomerMessageSettingsChanges['sms']> = {};
  const accountSid = values.accountSid.trim() || null;
  const fromNumber = values.fromNumber.trim() || null;
  if (accountSid !== saved.sms.accountSid) sms.accountSid = accountSid;
  if (fromNumber !== saved.sms.fromNumber) sms.fromNumber = fromNumber;
  if (values.baseUrl.trim() !== saved.sms.baseUrl) sms.baseUrl = values.baseUrl.trim();
  if (values.clearAuthToken) sms.authToken = null;
  else if (values.authToken.trim() !== '') sms.authToken = values.authToken.trim();
  if (values.allowPrivateNetwork !== saved.sms.allowPrivateNetwork) {
    sms.allowPrivateNetwork = values.allowPrivateNetwork;
  }
  if (Object.keys(sms).length > 0) changes.sms = sms;
  return changes;
}

export function toFormValues(saved: TCustomerMessageSettings): TCustomerMessageFormValues {
  return {
    sendMode: saved.sendMode,
    stillWaitingDays: String(saved.stillWaitingDays),
    templates: { ...saved.templates },
    accountSid: saved.sms.accountSid ?? '',
    fromNumber: saved.sms.fromNumber ?? '',
    baseUrl: saved.sms.baseUrl,
    authToken: '',
    clearAuthToken: false,
    allowPrivateNetwork: saved.sms.allowPrivateNetwork,
  };
}

/** A template text's unknown placeholders, said under its field. */
export function placeholderError(text: string): string | undefined {
  const unknown = unknownPlaceholders(text);
  return unknown.length > 0
    ? `Unknown placeholder: ${unknown.map((name) => `{{${name}}}`).join(', ')}`
    : undefined;
}

/** The stored token was entered for the saved address: a new address needs its own (SECRET_REQUIRED). */
export function needsTokenAgain(
  values: TCustomerMessageFormValues,
  saved: TCustomerMessageSettings,
): boolean {
  return (
    saved.sms.isAuthTokenSet &&
    !values.clearAuthToken &&
    values.authToken.trim() === '' &&
    !isSameDestination(values.baseUrl, saved.sms.baseUrl)
  );
}

// An SMS sender issue ('sms', 'baseUrl') is its field's; a template's keeps its event to be named.
function asFormIssue(issue: TFormIssue): TFormIssue {
  return issue.path[0] === 'sms' ? { ...issue, path: issue.path.slice(1) } : issue;
}

function messageOf(field: TCustomerMessageField, issue: TFormIssue): string {
  if (field === 'stillWaitingDays') return STILL_WAITING_DAYS_MESSAGE;
  const event = ZCustomerMessageEventSchema.safeParse(issue.path[1]);
  if (field === 'templates' && event.success) {
    return `${CUSTOMER_MESSAGE_EVENT_LABELS[event.data]}: ${issue.message}`;
  }
  return issue.message;
}

/**
 * What the form changed, checked with the server's schema, each problem under its field: the days, the SMS
 * sender's fields, the templates (naming the event), and the auth token a new address needs.
 */
export function parseCustomerMessageForm(
  values: TCustomerMessageFormValues,
  saved: TCustomerMessageSettings,
): TFormParseResult<TCustomerMessageField, TCustomerMessageSettingsChanges> {
  const parsed = ZCustomerMessageSettingsChangesSchema.safeParse(changesOf(values, saved));
  const errors = parsed.success
    ? {}
    : firstIssuePerField(parsed.error.issues.map(asFormIssue), CUSTOMER_MESSAGE_FIELDS, messageOf);
  if (needsTokenAgain(values, saved)) errors.authToken ??= SECRET_REQUIRED_MESSAGE;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, output: parsed.data };
  return { ok: false, errors };
}
