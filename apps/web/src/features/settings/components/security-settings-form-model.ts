import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import {
  SECURITY_LIMITS,
  type TSecuritySettings,
  type TSecuritySettingsChanges,
  ZSecuritySettingsChangesSchema,
} from '@loupe/domain/settings/security-settings';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { firstIssuePerField } from '@/components/forms/zod-form-errors';

/** Settings › security as typed: the lifetimes are text until submitted. */
export type TSecuritySettingsFormValues = {
  selfRegistration: boolean;
  accessTokenMinutes: string;
  refreshTokenDays: string;
  mfaRequiredRoles: readonly TRole[];
};

export type TSecuritySettingsField = keyof TSecuritySettingsFormValues;
export type TLifetimeField = 'accessTokenMinutes' | 'refreshTokenDays';

// The fields that show an error of their own; the switch cannot be wrong, so none shows under it.
export const SECURITY_SETTINGS_FIELDS = [
  'accessTokenMinutes',
  'refreshTokenDays',
  'mfaRequiredRoles',
] as const satisfies readonly TSecuritySettingsField[];

const LIFETIME_UNITS: Readonly<Record<TLifetimeField, string>> = {
  accessTokenMinutes: 'minutes',
  refreshTokenDays: 'days',
};

/** A lifetime's message names its unit and bounds, e.g. 'Enter whole minutes from 5 to 1440'. */
export function lifetimeMessage(field: TLifetimeField): string {
  const { min, max } = SECURITY_LIMITS[field];
  return `Enter whole ${LIFETIME_UNITS[field]} from ${min} to ${max}`;
}

export function toSecurityFormValues(saved: TSecuritySettings): TSecuritySettingsFormValues {
  return {
    selfRegistration: saved.selfRegistration,
    accessTokenMinutes: String(saved.accessTokenMinutes),
    refreshTokenDays: String(saved.refreshTokenDays),
    mfaRequiredRoles: saved.mfaRequiredRoles,
  };
}

// '' is a missing lifetime, not 0: Number('') would read it as 0.
function toWholeNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Checks the form with the server's schema; a lifetime out of bounds says its unit and bounds. */
export function parseSecuritySettingsForm(
  values: TSecuritySettingsFormValues,
): TFormParseResult<TSecuritySettingsField, TSecuritySettingsChanges> {
  const parsed = ZSecuritySettingsChangesSchema.safeParse({
    selfRegistration: values.selfRegistration,
    accessTokenMinutes: toWholeNumber(values.accessTokenMinutes),
    refreshTokenDays: toWholeNumber(values.refreshTokenDays),
    mfaRequiredRoles: [...values.mfaRequiredRoles],
  });
  if (parsed.success) return { ok: true, output: parsed.data };
  const errors = firstIssuePerField(parsed.error.issues, SECURITY_SETTINGS_FIELDS, (field, issue) =>
    field === 'accessTokenMinutes' || field === 'refreshTokenDays' ? lifetimeMessage(field) : issue.message,
  );
  return { ok: false, errors };
}

/** The roles with `role` ticked or not, kept in the order ROLES lists them. */
export function withRole(roles: readonly TRole[], role: TRole, isRequired: boolean): readonly TRole[] {
  return isRequired
    ? ROLES.filter((each) => each === role || roles.includes(each))
    : roles.filter((each) => each !== role);
}
