import { ZSecuritySettingsSchema } from '@loupe/domain/settings/security-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import type { TClock } from '../lib/clock.ts';
import type { TOutboundGuard } from '../lib/outbound-url.ts';
import { createSecretBox, secretFrom } from '../lib/secret-box.ts';
import { createAuthenticator, createTokenAuthenticator } from '../modules/auth/current-user.ts';
import { createAuthService } from '../modules/auth/service.ts';
import { createMfa } from '../modules/idp/mfa.ts';
import { createMfaSettings } from '../modules/idp/mfa-settings.ts';
import { createIdentityService } from '../modules/idp/service.ts';
import { loadOrCreateSigningKey } from '../modules/idp/signing-keys.ts';
import { createSigningKeysRepository } from '../modules/idp/signing-keys-repository.ts';
import { createTokenIssuer } from '../modules/idp/token-issuer.ts';
import { createTokenVerifier } from '../modules/idp/token-verifier.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { createUsersService } from '../modules/users/service.ts';
import type { TEventBus } from '../realtime/event-bus.ts';
import type { TRepositories } from './repositories.ts';

/**
 * Who is signed in and how: the mailer their codes go out by, the signing key, the token verifiers (the
 * embedded pool's, or AWS Cognito's), two-step sign-in, the embedded user pool, sign-in and user admin.
 */
export async function composeIdentity(context: {
  readonly config: TConfig;
  readonly db: TDatabase;
  readonly repos: TRepositories;
  readonly clock: TClock;
  readonly events: TEventBus;
  readonly outbound: TOutboundGuard;
  readonly logger: FastifyBaseLogger;
}) {
  const { config, repos, clock, events, outbound, logger } = context;
  const { users, sessions, audit, settings } = repos;
  const mailer = createMailer({
    outbox: repos.mailOutbox,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger,
    outbound,
    allowPrivateNetwork: config.SMTP_ALLOW_PRIVATE_NETWORK,
  });
  const securitySettings = () => settings.read('security', ZSecuritySettingsSchema, securityDefaults(config));

  const localIssuer = `${config.publicUrl}/api/idp`;
  const signingKey = await loadOrCreateSigningKey(createSigningKeysRepository(context.db));
  const clientId = config.AUTH_MODE === 'local' ? config.LOCAL_CLIENT_ID : (config.COGNITO_CLIENT_ID ?? '');
  const cognitoIssuer =
    config.COGNITO_ISSUER ??
    `https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com/${config.COGNITO_USER_POOL_ID ?? ''}`;
  const verifier =
    config.AUTH_MODE === 'local'
      ? createTokenVerifier({
          issuer: localIssuer,
          clientId,
          keys: { local: [signingKey.publicJwk] },
          now: clock,
        })
      : createTokenVerifier({
          issuer: cognitoIssuer.replace(/\/+$/, ''),
          clientId,
          keys: { jwksUrl: `${cognitoIssuer.replace(/\/+$/, '')}/.well-known/jwks.json` },
          now: clock,
        });
  // The embedded pool's own verifier: its access tokens are checked even when browsers use AWS Cognito.
  const localVerifier = createTokenVerifier({
    issuer: localIssuer,
    clientId: config.LOCAL_CLIENT_ID,
    keys: { local: [signingKey.publicJwk] },
    now: clock,
  });
  const issuer = createTokenIssuer({
    issuer: localIssuer,
    clientId: config.LOCAL_CLIENT_ID,
    key: signingKey,
    lifetimeSeconds: async () => (await securitySettings()).accessTokenMinutes * 60,
  });
  const codes = repos.oneTimeCodes;
  // Stored secrets (TOTP seeds, public links shown again, the SMS token, the AI provider key) are sealed
  // under SECRET_KEY, or DATA_DIR/secret.key when it is not set.
  const secretBox = createSecretBox(secretFrom({ secretKey: config.SECRET_KEY, dataDir: config.DATA_DIR }));
  const mfa = createMfa({
    repository: repos.mfa,
    codes,
    box: secretBox,
    mailer,
    clock,
    companyName: config.COMPANY_NAME,
    requiredRoles: async () => (await securitySettings()).mfaRequiredRoles,
  });
  const identity = createIdentityService({
    mfa,
    region: config.COGNITO_REGION,
    clientId: config.LOCAL_CLIENT_ID,
    users,
    sessions,
    audit,
    issuer,
    verifier: localVerifier,
    key: signingKey,
    securitySettings,
    clock,
    mailer,
    companyName: config.COMPANY_NAME,
    logger,
  });
  const authenticatorOptions = { mode: config.AUTH_MODE, verifier, users, sessions, clock };
  const authenticate = createAuthenticator(authenticatorOptions);
  const authenticateToken = createTokenAuthenticator(authenticatorOptions);
  const mfaSettings = createMfaSettings({
    mfa,
    audit,
    clock,
    userFromAccessToken: identity.userFromAccessToken,
  });
  const auth = createAuthService({
    config,
    users,
    sessions,
    audit,
    mailer,
    securitySettings,
    clock,
    codes,
    logger,
  });
  const resetSecondFactors = (userId: string) => mfa.reset(userId);
  const usersAdmin = createUsersService({
    resetSecondFactors,
    config,
    users,
    sessions,
    audit,
    mailer,
    clock,
    logger,
    events,
  });
  return {
    mailer,
    securitySettings,
    signingKey,
    secretBox,
    identity,
    mfa,
    mfaSettings,
    resetSecondFactors,
    authenticate,
    authenticateToken,
    auth,
    usersAdmin,
  };
}

function securityDefaults(config: TConfig) {
  return { accessTokenMinutes: config.ACCESS_TOKEN_MINUTES, refreshTokenDays: config.REFRESH_TOKEN_DAYS };
}
