import { SECURITY_DEFAULTS } from '@loupe/domain/settings/security-settings';
import { describe, expect, it } from 'vitest';
import {
  parseSecuritySettingsForm,
  type TSecuritySettingsFormValues,
  toSecurityFormValues,
  withRole,
} from './security-settings-form-model';

const SAVED = { ...SECURITY_DEFAULTS, mfaRequiredRoles: ['admin' as const] };

function valuesWith(changes: Partial<TSecuritySettingsFormValues>): TSecuritySettingsFormValues {
  return { ...toSecurityFormValues(SAVED), ...changes };
}

describe('parseSecuritySettingsForm', () => {
  it('gives the stored settings back as they were', () => {
    expect(parseSecuritySettingsForm(toSecurityFormValues(SAVED))).toEqual({
      ok: true,
      output: {
        selfRegistration: false,
        accessTokenMinutes: 15,
        refreshTokenDays: 30,
        mfaRequiredRoles: ['admin'],
      },
    });
  });

  it.each([
    ['empty', '', '30'],
    ['below the least', '4', '0'],
    ['above the most', '1441', '366'],
    ['not whole', '7.5', '1.5'],
  ])('says each lifetime’s unit and bounds when it is %s', (_case, minutes, days) => {
    expect(
      parseSecuritySettingsForm(valuesWith({ accessTokenMinutes: minutes, refreshTokenDays: days })),
    ).toEqual({
      ok: false,
      errors: {
        accessTokenMinutes: 'Enter whole minutes from 5 to 1440',
        ...(days === '30' ? {} : { refreshTokenDays: 'Enter whole days from 1 to 365' }),
      },
    });
  });

  it('reads the lifetimes as typed, spaces around them included', () => {
    const result = parseSecuritySettingsForm(
      valuesWith({ accessTokenMinutes: ' 60 ', refreshTokenDays: '7' }),
    );
    expect(result).toMatchObject({ ok: true, output: { accessTokenMinutes: 60, refreshTokenDays: 7 } });
  });
});

describe('withRole', () => {
  it('ticks a role in the order the roles are listed, and unticks it', () => {
    expect(withRole(['manager'], 'admin', true)).toEqual(['admin', 'manager']);
    expect(withRole(['admin', 'manager'], 'admin', false)).toEqual(['manager']);
    expect(withRole(['admin'], 'admin', true)).toEqual(['admin']);
  });
});
