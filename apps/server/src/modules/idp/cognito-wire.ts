import { z } from 'zod';
import { invalidParameter } from './idp-error.ts';

/**
 * The embedded user pool's wire protocol: Amazon Cognito's JSON RPC (one POST, the operation in
 * `X-Amz-Target`, `application/x-amz-json-1.1` both ways): the operations' request shapes, and Cognito's
 * wording when one is malformed.
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/CommonErrors.html
 */
export const AMZ_JSON = 'application/x-amz-json-1.1';
export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

// Cognito's AuthFlowType; the embedded pool implements the password and refresh flows only.
const AUTH_FLOWS = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
] as const;

const ZMemberSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Member must not be null' : 'Member must be a string'),
  })
  .min(1, { error: 'Member must have length greater than or equal to 1' });
const ZStringMapSchema = z.record(z.string(), z.string(), { error: 'Member must be a map of strings' });

export const ZInitiateAuthSchema = z.object({
  AuthFlow: z.enum(AUTH_FLOWS, {
    error: (issue) =>
      issue.input === undefined
        ? 'Member must not be null'
        : `Member must satisfy enum value set: [${AUTH_FLOWS.join(', ')}]`,
  }),
  ClientId: ZMemberSchema,
  AuthParameters: ZStringMapSchema.optional(),
});

export const ZRespondToAuthChallengeSchema = z.object({
  ChallengeName: ZMemberSchema,
  ClientId: ZMemberSchema,
  Session: ZMemberSchema.optional(),
  ChallengeResponses: ZStringMapSchema.optional(),
});

export const ZSessionOrTokenSchema = z.object({
  AccessToken: ZMemberSchema.optional(),
  Session: ZMemberSchema.optional(),
});
export const ZVerifySoftwareTokenSchema = ZSessionOrTokenSchema.extend({
  UserCode: ZMemberSchema.max(6, { error: 'Member must have length less than or equal to 6' }),
  FriendlyDeviceName: z.string().optional(),
});
const ZMfaSettingSchema = z
  .object({ Enabled: z.boolean().optional(), PreferredMfa: z.boolean().optional() })
  .optional();
export const ZSetUserMfaPreferenceSchema = z.object({
  AccessToken: ZMemberSchema,
  SoftwareTokenMfaSettings: ZMfaSettingSchema,
  EmailMfaSettings: ZMfaSettingSchema,
  SMSMfaSettings: ZMfaSettingSchema,
});
export const ZConfirmDeviceSchema = z.object({
  AccessToken: ZMemberSchema,
  DeviceKey: ZMemberSchema.max(55, { error: 'Member must have length less than or equal to 55' }),
  DeviceName: z.string().max(1024).optional(),
  DeviceSecretVerifierConfig: z
    .object({ PasswordVerifier: z.string().max(2048).optional(), Salt: z.string().max(1024).optional() })
    .optional(),
});

export const ZGetTokensFromRefreshTokenSchema = z.object({
  RefreshToken: ZMemberSchema,
  ClientId: ZMemberSchema,
});
export const ZRevokeTokenSchema = z.object({ Token: ZMemberSchema, ClientId: ZMemberSchema });
export const ZAccessTokenSchema = z.object({ AccessToken: ZMemberSchema });

export function parse<T>(schema: z.ZodType<T>, body: Record<string, unknown>): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw invalidParameter(validationMessage(parsed.error));
}

/** Cognito's wording for a malformed request; never echoes a value (it may be a password or a token). */
export function validationMessage(error: z.ZodError): string {
  const issues = error.issues.map((issue) => {
    const path = issue.path.map((part) => lowerFirst(String(part))).join('.');
    const missing = issue.message === 'Member must not be null';
    return `Value ${missing ? 'null ' : ''}at '${path}' failed to satisfy constraint: ${issue.message}`;
  });
  const count = issues.length;
  return `${count} validation error${count === 1 ? '' : 's'} detected: ${issues.join('; ')}`;
}

function lowerFirst(value: string): string {
  return value.charAt(0).toLowerCase() + value.slice(1);
}

export function requiredParameter(parameters: Readonly<Record<string, string>>, name: string): string {
  const value = parameters[name];
  if (value === undefined || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

const SUPPORTED_CHALLENGES = [
  'NEW_PASSWORD_REQUIRED',
  'SOFTWARE_TOKEN_MFA',
  'EMAIL_OTP',
  'SELECT_MFA_TYPE',
  'MFA_SETUP',
] as const;

export function isSupportedChallenge(name: string): name is (typeof SUPPORTED_CHALLENGES)[number] {
  return (SUPPORTED_CHALLENGES as readonly string[]).includes(name);
}

/** Challenge names are echoed in an error message: only Cognito-like identifiers, bounded. */
export function safeName(value: string): string {
  return /^[A-Z_]{1,64}$/.test(value) ? value : 'This';
}
