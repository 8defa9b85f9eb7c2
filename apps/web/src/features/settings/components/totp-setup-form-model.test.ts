import { describe, expect, it } from 'vitest';
import {
  CODE_MISMATCH_MESSAGE,
  mfaFailureMessage,
  parseTotpSetupForm,
  TOTP_CODE_MESSAGE,
} from './totp-setup-form-model';

describe('parseTotpSetupForm', () => {
  it.each(['123456', '123 456', ' 12 34 56 '])('takes the six digits of %j', (code) => {
    expect(parseTotpSetupForm({ code })).toEqual({ ok: true, output: '123456' });
  });

  it.each(['', '12345', '1234567', '12a456'])('asks for six digits when %j is typed', (code) => {
    expect(parseTotpSetupForm({ code })).toEqual({ ok: false, errors: { code: TOTP_CODE_MESSAGE } });
  });
});

describe('mfaFailureMessage', () => {
  it('says a wrong code in our words, and any other refusal in the service’s', () => {
    const mismatch = Object.assign(new Error('Invalid code received for user'), {
      name: 'CodeMismatchException',
    });
    expect(mfaFailureMessage(mismatch)).toBe(CODE_MISMATCH_MESSAGE);
    expect(mfaFailureMessage(new Error('Keep at least one method.'))).toBe('Keep at least one method.');
    expect(mfaFailureMessage('no error object')).toBe('Something went wrong. Try again.');
  });
});
