import { AppError } from '@loupe/domain/errors/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { TUserRow } from '../users/repository.ts';
import { deviceCookieName, type TDeviceGrant } from './device-tokens.ts';
import { IdpError, invalidParameter } from './idp-error.ts';
import type { TMfaSettings } from './mfa-settings.ts';
import type { TIdentityService } from './service.ts';
import type { TSignInOutcome } from './sign-in-completion.ts';
import type { TSigningKey } from './signing-keys.ts';
import type { TAuthenticationResult, TRequestContext } from './token-sessions.ts';

/**
 * The embedded user pool's wire protocol: Amazon Cognito's JSON RPC (one POST, the operation in
 * `X-Amz-Target`, `application/x-amz-json-1.1` both ways, errors as `{__type, message}`), so that
 * `aws-amplify/auth` and the AWS SDK talk to it unchanged (docs/architecture.md). The rules live in service.ts.
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/CommonErrors.html
 */
const AMZ_JSON = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

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

const ZInitiateAuthSchema = z.object({
  AuthFlow: z.enum(AUTH_FLOWS, {
    error: (issue) =>
      issue.input === undefined
        ? 'Member must not be null'
        : `Member must satisfy enum value set: [${AUTH_FLOWS.join(', ')}]`,
  }),
  ClientId: ZMemberSchema,
  AuthParameters: ZStringMapSchema.optional(),
});

const ZRespondToAuthChallengeSchema = z.object({
  ChallengeName: ZMemberSchema,
  ClientId: ZMemberSchema,
  Session: ZMemberSchema.optional(),
  ChallengeResponses: ZStringMapSchema.optional(),
});

const ZSessionOrTokenSchema = z.object({
  AccessToken: ZMemberSchema.optional(),
  Session: ZMemberSchema.optional(),
});
const ZVerifySoftwareTokenSchema = ZSessionOrTokenSchema.extend({
  UserCode: ZMemberSchema.max(6, { error: 'Member must have length less than or equal to 6' }),
  FriendlyDeviceName: z.string().optional(),
});
const ZMfaSettingSchema = z
  .object({ Enabled: z.boolean().optional(), PreferredMfa: z.boolean().optional() })
  .optional();
const ZSetUserMfaPreferenceSchema = z.object({
  AccessToken: ZMemberSchema,
  SoftwareTokenMfaSettings: ZMfaSettingSchema,
  EmailMfaSettings: ZMfaSettingSchema,
  SMSMfaSettings: ZMfaSettingSchema,
});
const ZConfirmDeviceSchema = z.object({
  AccessToken: ZMemberSchema,
  DeviceKey: ZMemberSchema.max(55, { error: 'Member must have length less than or equal to 55' }),
  DeviceName: z.string().max(1024).optional(),
  DeviceSecretVerifierConfig: z
    .object({ PasswordVerifier: z.string().max(2048).optional(), Salt: z.string().max(1024).optional() })
    .optional(),
});

const ZGetTokensFromRefreshTokenSchema = z.object({ RefreshToken: ZMemberSchema, ClientId: ZMemberSchema });
const ZRevokeTokenSchema = z.object({ Token: ZMemberSchema, ClientId: ZMemberSchema });
const ZAccessTokenSchema = z.object({ AccessToken: ZMemberSchema });

const ZJwksSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.string(),
      kid: z.string(),
      alg: z.string(),
      use: z.string(),
      n: z.string(),
      e: z.string(),
    }),
  ),
});

/** What an operation may do with the HTTP exchange: read a cookie, set a known device's cookie. */
type THttpExchange = {
  readonly cookie: (name: string) => string | undefined;
  readonly grantDevice: (grant: TDeviceGrant) => void;
};

type TOperation = (
  body: Record<string, unknown>,
  context: TRequestContext,
  http: THttpExchange,
) => Promise<Record<string, unknown>>;

export type TIdpRoutesOptions = {
  readonly identity: TIdentityService;
  readonly mfaSettings: TMfaSettings;
  readonly config: TConfig;
  readonly signingKey: TSigningKey;
};

export async function registerIdpRoutes(instance: FastifyInstance, options: TIdpRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { identity, mfaSettings, config, signingKey } = options;
  const secureCookies = config.publicUrl.startsWith('https://');

  // Encapsulated: only this plugin's routes read Cognito's media type. An empty body is an empty request,
  // so that a missing member is reported as such rather than as a serialization failure.
  app.addContentTypeParser(AMZ_JSON, { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new IdpError('SerializationException', 'The request body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const idpError = toIdpError(error);
    // Log the type and status only: request bodies and headers carry passwords and tokens.
    if (idpError.status >= 500) request.log.error({ err: error }, 'identity provider request failed');
    else
      request.log.info(
        { type: idpError.type, status: idpError.status },
        'identity provider refused a request',
      );
    sendIdpError(request, reply, idpError);
  });

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

  const operations = new Map<string, TOperation>([
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

  app.post(
    '/',
    {
      config: {
        access: 'public',
        csrfExempt: true,
        rateLimit: {
          max: config.SIGN_IN_LIMIT_PER_IP_PER_MINUTE,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request, context) =>
            new IdpError(
              'TooManyRequestsException',
              'Too many requests from this address. Try again later.',
              429,
              Math.max(1, Math.ceil(context.ttl / 1000)),
            ),
        },
      },
      schema: {
        tags: ['identity'],
        summary: 'Embedded user pool (Amazon Cognito JSON protocol)',
        description:
          'Speaks the Amazon Cognito user-pool protocol: POST `application/x-amz-json-1.1` with ' +
          '`X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>` for InitiateAuth ' +
          '(USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH), RespondToAuthChallenge (NEW_PASSWORD_REQUIRED, ' +
          'SOFTWARE_TOKEN_MFA, EMAIL_OTP, SELECT_MFA_TYPE, MFA_SETUP), AssociateSoftwareToken, ' +
          'VerifySoftwareToken, SetUserMFAPreference, ConfirmDevice, GetTokensFromRefreshToken, RevokeToken, ' +
          'GlobalSignOut and GetUser. Use aws-amplify or the AWS SDK.',
      },
    },
    async (request, reply) => {
      const target = request.headers['x-amz-target'];
      const name =
        typeof target === 'string' && target.startsWith(TARGET_PREFIX)
          ? target.slice(TARGET_PREFIX.length)
          : '';
      const operation = operations.get(name);
      if (!operation) {
        throw new IdpError('UnknownOperationException', 'The operation in X-Amz-Target is not supported.');
      }
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new IdpError('SerializationException', 'The request body must be a JSON object.');
      }
      const answer = await operation(
        body as Record<string, unknown>,
        { ip: request.ip, correlationId: request.id },
        {
          cookie: (cookieName) => request.cookies[cookieName],
          // Read only by this endpoint (path), never by scripts (HttpOnly) or another site (SameSite).
          grantDevice: (grant) => {
            void reply.setCookie(grant.cookieName, grant.token, {
              path: '/api/idp',
              httpOnly: true,
              sameSite: 'strict',
              secure: secureCookies,
              maxAge: grant.maxAgeSeconds,
            });
          },
        },
      );
      return reply.header('x-amzn-requestid', request.id).type(AMZ_JSON).send(answer);
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Public keys of the embedded user pool (JWKS)',
        response: { 200: ZJwksSchema },
      },
    },
    async (_request, reply) => {
      // Keys change only when the database is replaced; a short cache spares verifiers a round trip.
      reply.header('cache-control', 'public, max-age=300');
      return { keys: [signingKey.publicJwk] } as z.infer<typeof ZJwksSchema>;
    },
  );
}

function parse<T>(schema: z.ZodType<T>, body: Record<string, unknown>): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw invalidParameter(validationMessage(parsed.error));
}

/** Cognito's wording for a malformed request; never echoes a value (it may be a password or a token). */
function validationMessage(error: z.ZodError): string {
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

function requiredParameter(parameters: Readonly<Record<string, string>>, name: string): string {
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

function isSupportedChallenge(name: string): name is (typeof SUPPORTED_CHALLENGES)[number] {
  return (SUPPORTED_CHALLENGES as readonly string[]).includes(name);
}

/** Challenge names are echoed in an error message: only Cognito-like identifiers, bounded. */
function safeName(value: string): string {
  return /^[A-Z_]{1,64}$/.test(value) ? value : 'This';
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

function toIdpError(error: unknown): IdpError {
  if (error instanceof IdpError) return error;
  if (error instanceof z.ZodError) return invalidParameter(validationMessage(error));
  // Refusals of the app's own hooks (text PostgreSQL cannot store): Cognito's shape, their status.
  if (error instanceof AppError && error.status < 500) {
    return new IdpError('InvalidParameterException', error.message, error.status);
  }
  const fastifyError = error as Partial<FastifyError>;
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return new IdpError('SerializationException', 'The request body is not valid JSON.');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own refusals (body too large, unsupported media type): their messages carry no request data.
    return new IdpError(
      'InvalidParameterException',
      fastifyError.message ?? 'The request is not valid.',
      status,
    );
  }
  return new IdpError('InternalErrorException', 'Internal error', 500);
}

function sendIdpError(request: FastifyRequest, reply: FastifyReply, error: IdpError): void {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  void reply
    .status(error.status)
    .header('x-amzn-requestid', request.id)
    .header('x-amzn-errortype', error.type)
    .type(AMZ_JSON)
    .send({ __type: error.type, message: error.message });
}
