import {
  AssociateSoftwareTokenCommand,
  CodeMismatchException,
  type CognitoIdentityProviderClient,
  ConfirmDeviceCommand,
  GetUserCommand,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  InvalidParameterException,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMfa } from '../src/db/schema/users.ts';
import type { TUserRow } from '../src/modules/users/repository.ts';
import { TEST_DATABASES } from './support/databases.ts';
import {
  cognitoClient,
  createListeningPool,
  mailedSignInCode,
  rejection,
  totpCode,
} from './support/listening-pool.ts';
import { TEST_PASSWORD, type TTestApp } from './support/test-app.ts';

const CLIENT_ID = 'loupe-web';

/** Multi-factor sign-in (issue 20 §4) through the AWS SDK against a listening embedded pool. */
describe.each(TEST_DATABASES)('multi-factor sign-in with the AWS SDK on %s', (database) => {
  let t: TTestApp;
  let cognito: CognitoIdentityProviderClient;
  beforeAll(async () => {
    let endpoint: string;
    ({ t, endpoint } = await createListeningPool(database));
    cognito = cognitoClient(endpoint);
  });
  afterAll(async () => {
    cognito?.destroy();
    await t.close();
  });

  const signIn = (email: string, deviceKey?: string) =>
    cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: {
          USERNAME: email,
          PASSWORD: TEST_PASSWORD,
          ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}),
        },
      }),
    );

  const respond = (
    challenge: Pick<InitiateAuthCommandOutput, 'ChallengeName' | 'Session'>,
    user: TUserRow,
    responses: Record<string, string>,
  ) =>
    cognito.send(
      new RespondToAuthChallengeCommand({
        ChallengeName: challenge.ChallengeName,
        ClientId: CLIENT_ID,
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: user.id, ...responses },
      }),
    );

  const codeFor = (secret: string) => totpCode(t, secret);

  /** A code that is not the right one for now (one more, modulo a million). */
  const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

  const lastMailTo = (email: string) => mailedSignInCode(t, email);

  /** Signs in without a second factor and enrols TOTP through the access-token calls; answers the seed. */
  async function enrolTotp(user: TUserRow): Promise<string> {
    const tokens = (await signIn(user.email)).AuthenticationResult;
    const accessToken = tokens?.AccessToken ?? '';
    const associated = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    const secret = associated.SecretCode ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const verified = await cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: codeFor(secret) }),
    );
    expect(verified.Status).toBe('SUCCESS');
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    // The code spent on verification cannot sign in: the next sign-in happens a step later.
    t.clock.advance(30_000);
    return secret;
  }

  it('enrols TOTP, then asks for a code at sign-in, refuses wrong and replayed codes and stores the seed encrypted', async () => {
    const user = await t.createUser({ role: 'manager' });
    const secret = await enrolTotp(user);

    const [row] = await t.database.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(row?.totpEnabled).toBe(true);
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);
    const audit = await t.app.loupe.audit.list(20);
    expect(audit.find((entry) => entry.action === 'auth.mfa_enabled')).toMatchObject({
      subject: user.id,
      details: { method: 'SOFTWARE_TOKEN_MFA' },
    });

    const challenge = await signIn(user.email);
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.Session).toEqual(expect.any(String));

    const mismatch = await rejection(
      respond(challenge, user, { SOFTWARE_TOKEN_MFA_CODE: wrongCode(codeFor(secret)) }),
    );
    expect(mismatch).toBeInstanceOf(CodeMismatchException);

    const code = codeFor(secret);
    const answered = await respond(challenge, user, { SOFTWARE_TOKEN_MFA_CODE: code });
    expect(decodeJwt(answered.AuthenticationResult?.IdToken ?? '')).toMatchObject({ sub: user.id });
    expect(answered.AuthenticationResult?.NewDeviceMetadata?.DeviceKey).toMatch(/^us-east-1_/);

    // The same code, a second time, within its 30 seconds: refused.
    const again = await signIn(user.email);
    const replay = await rejection(respond(again, user, { SOFTWARE_TOKEN_MFA_CODE: code }));
    expect(replay).toBeInstanceOf(CodeMismatchException);

    const described = await cognito.send(
      new GetUserCommand({ AccessToken: answered.AuthenticationResult?.AccessToken ?? '' }),
    );
    expect(described.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(described.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('ends a challenge after five wrong codes, even when the sixth is right', async () => {
    const user = await t.createUser({ role: 'designer' });
    const secret = await enrolTotp(user);
    const challenge = await signIn(user.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const mismatch = await rejection(
        respond(challenge, user, { SOFTWARE_TOKEN_MFA_CODE: wrongCode(codeFor(secret)) }),
      );
      expect(mismatch).toBeInstanceOf(CodeMismatchException);
    }
    const refused = await rejection(respond(challenge, user, { SOFTWARE_TOKEN_MFA_CODE: codeFor(secret) }));
    expect(refused).toBeInstanceOf(NotAuthorizedException);
    // Wrong codes count like wrong passwords: the owner is told that sign-ins are being slowed down.
    const mails = (await t.app.loupe.mailer.outbox(50)).filter((mail) => mail.to === user.email);
    expect(mails.some((mail) => mail.text.includes('wrong password or sign-in code'))).toBe(true);
  });

  it('refuses to switch TOTP on before a code verified the token', async () => {
    const user = await t.createUser({ role: 'qa' });
    const tokens = (await signIn(user.email)).AuthenticationResult;
    await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: tokens?.AccessToken ?? '' }));
    const refused = await rejection(
      cognito.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: tokens?.AccessToken ?? '',
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      ),
    );
    expect(refused).toBeInstanceOf(InvalidParameterException);
    expect((await signIn(user.email)).AuthenticationResult?.IdToken).toEqual(expect.any(String));
  });

  it('makes a user of a role that requires MFA set TOTP up at sign-in (MFA_SETUP) and keeps them from switching it off', async () => {
    const { client: admin } = await t.clientAs('admin');
    const saved = await admin.request('PUT', '/api/v1/settings/security', {
      body: { mfaRequiredRoles: ['production'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.mfaRequiredRoles).toEqual(['production']);
    try {
      const user = await t.createUser({ role: 'production' });
      const setup = await signIn(user.email);
      expect(setup.ChallengeName).toBe('MFA_SETUP');
      expect(JSON.parse(setup.ChallengeParameters?.MFAS_CAN_SETUP ?? '[]')).toEqual([
        'SOFTWARE_TOKEN_MFA',
        'EMAIL_OTP',
      ]);

      const associated = await cognito.send(new AssociateSoftwareTokenCommand({ Session: setup.Session }));
      expect(associated.Session).toEqual(expect.any(String));
      const secret = associated.SecretCode ?? '';
      const mismatch = await rejection(
        cognito.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: '12345' })),
      );
      expect(mismatch).toBeInstanceOf(CodeMismatchException);
      const verified = await cognito.send(
        new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: codeFor(secret) }),
      );
      expect(verified.Status).toBe('SUCCESS');
      // Without the verified session, MFA_SETUP cannot be completed.
      await rejection(respond({ ChallengeName: 'MFA_SETUP', Session: associated.Session }, user, {}));
      const answered = await respond({ ChallengeName: 'MFA_SETUP', Session: verified.Session }, user, {});
      const accessToken = answered.AuthenticationResult?.AccessToken ?? '';
      expect(accessToken).not.toBe('');

      const refused = await rejection(
        cognito.send(
          new SetUserMFAPreferenceCommand({
            AccessToken: accessToken,
            SoftwareTokenMfaSettings: { Enabled: false },
          }),
        ),
      );
      expect(refused).toBeInstanceOf(InvalidParameterException);
      t.clock.advance(30_000);
      expect((await signIn(user.email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

      // Other roles are not asked.
      const other = await t.createUser({ role: 'operator' });
      expect((await signIn(other.email)).AuthenticationResult?.IdToken).toEqual(expect.any(String));
    } finally {
      await admin.request('PUT', '/api/v1/settings/security', { body: { mfaRequiredRoles: [] } });
    }
  });

  it('sets e-mail codes up during MFA_SETUP only for the account’s own address', async () => {
    const { client: admin } = await t.clientAs('admin');
    await admin.request('PUT', '/api/v1/settings/security', { body: { mfaRequiredRoles: ['qa'] } });
    try {
      const user = await t.createUser({ role: 'qa' });
      const setup = await signIn(user.email);
      expect(setup.ChallengeName).toBe('MFA_SETUP');
      const elsewhere = await rejection(respond(setup, user, { EMAIL: 'attacker@example.com' }));
      expect(elsewhere).toBeInstanceOf(InvalidParameterException);

      const emailed = await respond(setup, user, { EMAIL: user.email.toUpperCase() });
      expect(emailed.ChallengeName).toBe('EMAIL_OTP');
      expect(emailed.ChallengeParameters).toMatchObject({
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: `${user.email[0]}***@loupe.test`,
      });
      const answered = await respond(emailed, user, { EMAIL_OTP_CODE: await lastMailTo(user.email) });
      expect(answered.AuthenticationResult?.IdToken).toEqual(expect.any(String));
      expect(await t.app.loupe.mfa.state(user.id)).toMatchObject({ email: true, preferred: 'EMAIL_OTP' });
    } finally {
      await admin.request('PUT', '/api/v1/settings/security', { body: { mfaRequiredRoles: [] } });
    }
  });

  it('signs in with an e-mailed code (EMAIL_OTP) that works once', async () => {
    const user = await t.createUser({ role: 'salesperson' });
    const tokens = (await signIn(user.email)).AuthenticationResult;
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: tokens?.AccessToken ?? '',
        EmailMfaSettings: { Enabled: true },
      }),
    );
    const challenge = await signIn(user.email);
    expect(challenge.ChallengeName).toBe('EMAIL_OTP');
    const code = await lastMailTo(user.email);
    const answered = await respond(challenge, user, { EMAIL_OTP_CODE: code });
    expect(answered.AuthenticationResult?.IdToken).toEqual(expect.any(String));
    const reused = await rejection(respond(challenge, user, { EMAIL_OTP_CODE: code }));
    expect(reused).toBeInstanceOf(CodeMismatchException);
  });

  it('lets a user with both methods and no preference choose one (SELECT_MFA_TYPE)', async () => {
    const user = await t.createUser({ role: 'operator' });
    const secret = await enrolTotp(user);
    const challenge = await signIn(user.email);
    const tokens = (await respond(challenge, user, { SOFTWARE_TOKEN_MFA_CODE: codeFor(secret) }))
      .AuthenticationResult;
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: tokens?.AccessToken ?? '',
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
        EmailMfaSettings: { Enabled: true, PreferredMfa: false },
      }),
    );
    const select = await signIn(user.email);
    expect(select.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(JSON.parse(select.ChallengeParameters?.MFAS_CAN_CHOOSE ?? '[]')).toEqual([
      'SOFTWARE_TOKEN_MFA',
      'EMAIL_OTP',
    ]);
    const refused = await rejection(respond(select, user, { ANSWER: 'SMS_MFA' }));
    expect(refused).toBeInstanceOf(InvalidParameterException);
    const emailed = await respond(select, user, { ANSWER: 'EMAIL_OTP' });
    expect(emailed.ChallengeName).toBe('EMAIL_OTP');
    const answered = await respond(emailed, user, { EMAIL_OTP_CODE: await lastMailTo(user.email) });
    expect(answered.AuthenticationResult?.IdToken).toEqual(expect.any(String));
  });

  it('skips the second factor on a device remembered by ConfirmDevice, and only for its own user', async () => {
    const user = await t.createUser({ role: 'manager' });
    const secret = await enrolTotp(user);
    const challenge = await signIn(user.email);
    const result = (await respond(challenge, user, { SOFTWARE_TOKEN_MFA_CODE: codeFor(secret) }))
      .AuthenticationResult;
    const deviceKey = result?.NewDeviceMetadata?.DeviceKey ?? '';

    // Not confirmed yet: still asked.
    expect((await signIn(user.email, deviceKey)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const confirmed = await cognito.send(
      new ConfirmDeviceCommand({
        AccessToken: result?.AccessToken ?? '',
        DeviceKey: deviceKey,
        DeviceName: 'Bench PC',
        DeviceSecretVerifierConfig: { PasswordVerifier: 'dmVyaWZpZXI=', Salt: 'c2FsdA==' },
      }),
    );
    expect(confirmed.UserConfirmationNecessary).toBe(false);
    const remembered = await signIn(user.email, deviceKey);
    expect(remembered.ChallengeName).toBeUndefined();
    expect(remembered.AuthenticationResult?.IdToken).toEqual(expect.any(String));
    expect(remembered.AuthenticationResult?.NewDeviceMetadata).toBeUndefined();

    // Confirming twice, or another user's key, is refused; another user's device does not skip their factor.
    await rejection(
      cognito.send(
        new ConfirmDeviceCommand({ AccessToken: result?.AccessToken ?? '', DeviceKey: deviceKey }),
      ),
    );
    const other = await t.createUser({ role: 'manager' });
    await enrolTotp(other);
    expect((await signIn(other.email, deviceKey)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('lets an admin reset a user’s two-step sign-in (a lost phone), audited; only an admin', async () => {
    const user = await t.createUser({ role: 'designer' });
    await enrolTotp(user);
    expect((await signIn(user.email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const { client: manager } = await t.clientAs('manager');
    expect((await manager.request('POST', `/api/v1/users/${user.id}/mfa/reset`)).statusCode).toBe(403);
    expect((await signIn(user.email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const { client: admin, user: adminUser } = await t.clientAs('admin');
    const reset = await admin.request('POST', `/api/v1/users/${user.id}/mfa/reset`);
    expect(reset.statusCode).toBe(200);
    expect((await signIn(user.email)).AuthenticationResult?.IdToken).toEqual(expect.any(String));
    expect(await t.app.loupe.mfa.state(user.id)).toMatchObject({
      totp: false,
      totpRegistered: false,
      email: false,
    });
    const audit = await t.app.loupe.audit.list(20);
    expect(audit.find((entry) => entry.action === 'auth.mfa_reset')).toMatchObject({
      actorId: adminUser.id,
      subject: user.id,
    });
  });
});
