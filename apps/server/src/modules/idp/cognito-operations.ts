import type { TUserRow } from '../users/repository.ts';
import {
  isSupportedChallenge,
  parse,
  requiredParameter,
  safeName,
  ZAccessTokenSchema,
  ZConfirmDeviceSchema,
  ZGetTokensFromRefreshTokenSchema,
  ZInitiateAuthSchema,
  ZRespondToAuthChallengeSchema,
  ZRevokeTokenSchema,
  ZSessionOrTokenSchema,
  ZSetUserMfaPreferenceSchema,
  ZVerifySoftwareTokenSchema,
} from './cognito-wire.ts';
import { deviceCookieName, type TDeviceGrant } from './device-tokens.ts';
import { invalidParameter } from './idp-error.ts';
import type { TMfaSettings } from './mfa-settings.ts';
import type { TIdentityService } from './service.ts';
import type { TSignInOutcome } from './sign-in-completion.ts';
import type { TAuthenticationResult, TRequestContext } from './token-sessions.ts';

/** What an operation may do with the HTTP exchange: read a cookie, set a known device's cookie. */
export type THttpExchange = {
  readonly cookie: (name: string) => string | undefined;
  readonly grantDevice: (grant: TDeviceGrant) => void;
};

export type TOperation = (
  body: Record<string, unknown>,
  context: TRequestContext,
  http: THttpExchange,
) => Promise<Record<string, unknown>>;

/**
 * The Cognito operations the embedded pool answers, by name (`X-Amz-Target`'s tail): each parses its
 * request, calls the identity service or the MFA settings and shapes Cognito's answer.
 */
export function cognitoOperations(options: {
  readonly identity: TIdentityService;
  readonly mfaSettings: TMfaSettings;
}): ReadonlyMap<string, TOperation> {
  const { identity, mfaSettings } = options;

  const tokensAnswer = (result: TAuthenticationResult) => ({
    AuthenticationResult: result,
    ChallengeParameters: {},
  });

  /** Tokens (and the known-browser cookie), or the next challenge with its session. */
  const outcomeAnswer = (outcome: TSignInOutcome, http: THttpExchange) => {
    if (outcome.kind === 'tokens') {
      http.grantDevice(outcome.device);
      return tokensAnswer(outcome.result);
    }
    return {
      ChallengeName: outcome.name,
      Session: outcome.session,
      ChallengeParameters: outcome.parameters,
    };
  };

  return new Map<string, TOperation>([
    [
      'InitiateAuth',
      async (body, context, http) => {
        const input = parse(ZInitiateAuthSchema, body);
        const parameters = input.AuthParameters ?? {};
        switch (input.AuthFlow) {
          case 'USER_PASSWORD_AUTH': {
            const email = requiredParameter(parameters, 'USERNAME');
            const password = requiredParameter(parameters, 'PASSWORD');
            const outcome = await identity.signIn(
              {
                email,
                password,
                clientId: input.ClientId,
                deviceToken: (userId) => http.cookie(deviceCookieName(userId)),
                deviceKey: parameters.DEVICE_KEY,
              },
              context,
            );
            return outcomeAnswer(outcome, http);
          }
          case 'REFRESH_TOKEN_AUTH':
          case 'REFRESH_TOKEN': {
            const refreshToken = requiredParameter(parameters, 'REFRESH_TOKEN');
            return tokensAnswer(
              await identity.refresh({ refreshToken, clientId: input.ClientId, rotate: false }, context),
            );
          }
          default:
            identity.assertClient(input.ClientId);
            // Amplify's default is USER_SRP_AUTH: say which option to set rather than a bare refusal.
            throw invalidParameter(`${input.AuthFlow} flow not enabled for this client`);
        }
      },
    ],
    [
      'RespondToAuthChallenge',
      async (body, context, http) => {
        const input = parse(ZRespondToAuthChallengeSchema, body);
        const name = input.ChallengeName;
        if (!isSupportedChallenge(name)) {
          identity.assertClient(input.ClientId);
          throw invalidParameter(`${safeName(name)} challenge is not supported by this user pool.`);
        }
        if (input.Session === undefined) throw invalidParameter('Missing required parameter Session');
        const responses = input.ChallengeResponses ?? {};
        requiredParameter(responses, 'USERNAME');
        const evidence = {
          deviceToken: (userId: string) => http.cookie(deviceCookieName(userId)),
          deviceKey: responses.DEVICE_KEY,
        };
        if (name === 'NEW_PASSWORD_REQUIRED') {
          const newPassword = requiredParameter(responses, 'NEW_PASSWORD');
          const displayName = responses['userAttributes.name']?.trim();
          const outcome = await identity.respondToNewPasswordChallenge(
            {
              session: input.Session,
              clientId: input.ClientId,
              newPassword,
              ...(displayName ? { name: displayName } : {}),
              ...evidence,
            },
            context,
          );
          return outcomeAnswer(outcome, http);
        }
        const outcome = await identity.respondToMfaChallenge(
          { name, session: input.Session, clientId: input.ClientId, responses, ...evidence },
          context,
        );
        return outcomeAnswer(outcome, http);
      },
    ],
    [
      'AssociateSoftwareToken',
      async (body) => {
        const input = parse(ZSessionOrTokenSchema, body);
        if (input.Session !== undefined) {
          const { secret, session } = await identity.associateDuringSignIn(input.Session);
          return { SecretCode: secret, Session: session };
        }
        if (input.AccessToken === undefined) throw invalidParameter('Missing AccessToken or Session');
        return { SecretCode: await mfaSettings.associate(input.AccessToken) };
      },
    ],
    [
      'VerifySoftwareToken',
      async (body, context) => {
        const input = parse(ZVerifySoftwareTokenSchema, body);
        if (input.Session !== undefined) {
          const { session } = await identity.verifyDuringSignIn(
            { session: input.Session, code: input.UserCode },
            context,
          );
          return { Status: 'SUCCESS', Session: session };
        }
        if (input.AccessToken === undefined) throw invalidParameter('Missing AccessToken or Session');
        await mfaSettings.verify(input.AccessToken, input.UserCode);
        return { Status: 'SUCCESS' };
      },
    ],
    [
      'SetUserMFAPreference',
      async (body, context) => {
        const input = parse(ZSetUserMfaPreferenceSchema, body);
        if (input.SMSMfaSettings?.Enabled) {
          throw invalidParameter('SMS multi-factor authentication is not available in this user pool.');
        }
        await mfaSettings.setPreference(
          input.AccessToken,
          { SOFTWARE_TOKEN_MFA: input.SoftwareTokenMfaSettings, EMAIL_OTP: input.EmailMfaSettings },
          context,
        );
        return {};
      },
    ],
    [
      'ConfirmDevice',
      async (body, context) => {
        const input = parse(ZConfirmDeviceSchema, body);
        await mfaSettings.confirmDevice(
          {
            accessToken: input.AccessToken,
            deviceKey: input.DeviceKey,
            name: input.DeviceName ?? null,
            salt: input.DeviceSecretVerifierConfig?.Salt ?? null,
            verifier: input.DeviceSecretVerifierConfig?.PasswordVerifier ?? null,
          },
          context,
        );
        return { UserConfirmationNecessary: false };
      },
    ],
    [
      'GetTokensFromRefreshToken',
      async (body, context) => {
        const input = parse(ZGetTokensFromRefreshTokenSchema, body);
        const result = await identity.refresh(
          { refreshToken: input.RefreshToken, clientId: input.ClientId, rotate: true },
          context,
        );
        return { AuthenticationResult: result };
      },
    ],
    [
      'RevokeToken',
      async (body, context) => {
        const input = parse(ZRevokeTokenSchema, body);
        await identity.revokeRefreshToken({ token: input.Token, clientId: input.ClientId }, context);
        return {};
      },
    ],
    [
      'GlobalSignOut',
      async (body, context) => {
        const input = parse(ZAccessTokenSchema, body);
        await identity.globalSignOut(input.AccessToken, context);
        return {};
      },
    ],
    [
      'GetUser',
      async (body) => {
        const input = parse(ZAccessTokenSchema, body);
        const { user } = await identity.userFromAccessToken(input.AccessToken);
        const mfa = await mfaSettings.describe(user.id);
        return {
          Username: user.id,
          UserAttributes: userAttributes(user),
          ...(mfa.list.length > 0 ? { UserMFASettingList: mfa.list } : {}),
          ...(mfa.preferred ? { PreferredMfaSetting: mfa.preferred } : {}),
        };
      },
    ],
  ]);
}

function userAttributes(user: TUserRow): { Name: string; Value: string }[] {
  const attributes: [string, string | null][] = [
    ['sub', user.id],
    ['email', user.email],
    ['email_verified', String(user.emailVerified)],
    ['name', user.name],
    ['given_name', user.firstName],
    ['family_name', user.lastName],
    ['custom:role', user.role],
  ];
  return attributes.flatMap(([Name, Value]) => (Value ? [{ Name, Value }] : []));
}
