import {
  CUSTOMER_MESSAGE_EVENTS,
  type TCustomerMessageEvent,
  type TCustomerMessageSettings,
  type TCustomerMessageSettingsChanges,
  type TCustomerMessageTemplate,
  unknownPlaceholders,
} from '@loupe/domain/customer-messages/customer-messages';

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
