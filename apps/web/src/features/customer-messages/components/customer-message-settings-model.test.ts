import {
  CUSTOMER_MESSAGE_SETTINGS_DEFAULTS,
  type TCustomerMessageSettings,
} from '@loupe/domain/customer-messages/customer-messages';
import { SECRET_REQUIRED_MESSAGE } from '@loupe/domain/validation/provider-secret';
import { describe, expect, it } from 'vitest';
import {
  needsTokenAgain,
  parseCustomerMessageForm,
  STILL_WAITING_DAYS_MESSAGE,
  type TCustomerMessageFormValues,
  toFormValues,
} from './customer-message-settings-model';

// A token is stored, for the default address.
const SAVED: TCustomerMessageSettings = {
  ...CUSTOMER_MESSAGE_SETTINGS_DEFAULTS,
  sms: { ...CUSTOMER_MESSAGE_SETTINGS_DEFAULTS.sms, isAuthTokenSet: true },
};

function valuesWith(changes: Partial<TCustomerMessageFormValues>): TCustomerMessageFormValues {
  return { ...toFormValues(SAVED), ...changes };
}

describe('parseCustomerMessageForm', () => {
  it('sends only what changed', () => {
    expect(parseCustomerMessageForm(toFormValues(SAVED), SAVED)).toEqual({ ok: true, output: {} });
    expect(
      parseCustomerMessageForm(valuesWith({ stillWaitingDays: '21', fromNumber: ' +15550102030 ' }), SAVED),
    ).toEqual({
      ok: true,
      output: { stillWaitingDays: 21, sms: { fromNumber: '+15550102030' } },
    });
  });

  it.each(['', '0', '366', '2.5'])('asks for whole days when "still waiting" is %j', (stillWaitingDays) => {
    expect(parseCustomerMessageForm(valuesWith({ stillWaitingDays }), SAVED)).toEqual({
      ok: false,
      errors: { stillWaitingDays: STILL_WAITING_DAYS_MESSAGE },
    });
  });

  it('says each SMS sender problem under its field', () => {
    expect(
      parseCustomerMessageForm(
        valuesWith({ accountSid: 'A', fromNumber: '+0', baseUrl: 'ftp://sms', authToken: 'short' }),
        SAVED,
      ),
    ).toEqual({
      ok: false,
      errors: {
        accountSid: 'Enter the account SID, e.g. AC0123456789abcdef',
        fromNumber: 'Enter a number in international form, e.g. +15550102030',
        baseUrl: 'Enter an http(s) address, e.g. https://api.twilio.com',
        authToken: 'Enter the auth token',
      },
    });
  });

  it('names the event of a template with an unknown placeholder, wherever the editor is', () => {
    const values = toFormValues(SAVED);
    const templates = { ...values.templates, ready: { ...values.templates.ready, sms: 'Due {{price}}' } };
    expect(parseCustomerMessageForm({ ...values, templates }, SAVED)).toEqual({
      ok: false,
      errors: { templates: 'Ready for pickup: Unknown placeholder in the SMS: {{price}}' },
    });
  });

  it('asks for the auth token again when the address changes, and not once it is given or removed', () => {
    const moved = valuesWith({ baseUrl: 'https://sms.example.com' });
    expect(needsTokenAgain(moved, SAVED)).toBe(true);
    expect(parseCustomerMessageForm(moved, SAVED)).toEqual({
      ok: false,
      errors: { authToken: SECRET_REQUIRED_MESSAGE },
    });
    expect(parseCustomerMessageForm({ ...moved, authToken: ' token-22 ' }, SAVED)).toEqual({
      ok: true,
      output: { sms: { baseUrl: 'https://sms.example.com', authToken: 'token-22' } },
    });
    expect(parseCustomerMessageForm({ ...moved, clearAuthToken: true }, SAVED)).toEqual({
      ok: true,
      output: { sms: { baseUrl: 'https://sms.example.com', authToken: null } },
    });
  });
});
