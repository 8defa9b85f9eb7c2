import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import { sendIdpError, toIdpError } from './cognito-errors.ts';
import { cognitoOperations } from './cognito-operations.ts';
import { AMZ_JSON, TARGET_PREFIX } from './cognito-wire.ts';
import { IdpError } from './idp-error.ts';
import type { TMfaSettings } from './mfa-settings.ts';
import type { TIdentityService } from './service.ts';
import type { TSigningKey } from './signing-keys.ts';

/**
 * The embedded user pool's endpoint: Amazon Cognito's JSON RPC (one POST, the operation in `X-Amz-Target`,
 * `application/x-amz-json-1.1` both ways, errors as `{__type, message}`), so that `aws-amplify/auth` and
 * the AWS SDK talk to it unchanged (docs/architecture.md), and the pool's public keys. The wire format is
 * in cognito-wire.ts, the operations in cognito-operations.ts, the rules in service.ts.
 */

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

  const operations = cognitoOperations({ identity, mfaSettings });

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
