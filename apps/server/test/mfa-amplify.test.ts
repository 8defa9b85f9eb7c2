import {
  confirmSignIn,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import {
  configureAmplify,
  createListeningPool,
  mailedSignInCode,
  totpCode,
} from './support/listening-pool.ts';
import { TEST_PASSWORD, type TTestApp } from './support/test-app.ts';

/**
 * Multi-factor sign-in through the client the web app uses: every next step aws-amplify/auth reports for it
 * (issue 20 §4). Amplify is a process-wide singleton: each test signs out after itself.
 */
describe.each(TEST_DATABASES)('multi-factor sign-in with aws-amplify/auth on %s', (database) => {
  let t: TTestApp;
  beforeAll(async () => {
    // Amplify names the device for ConfirmDevice from navigator.userAgent, which Node 20 lacks (21 has it).
    if (!('navigator' in globalThis)) {
      Object.defineProperty(globalThis, 'navigator', {
        value: { userAgent: 'Node test' },
        configurable: true,
      });
    }
    let endpoint: string;
    ({ t, endpoint } = await createListeningPool(database));
    configureAmplify(endpoint);
  });
  afterEach(async () => {
    await signOut();
  });
  afterAll(() => t.close());

  const passwordStep = (email: string) =>
    signIn({ username: email, password: TEST_PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });

  const codeFor = (secret: string) => totpCode(t, secret);

  const mailedCode = (email: string) => mailedSignInCode(t, email);

  const requireMfaFor = async (roles: string[]) => {
    const { client } = await t.clientAs('admin');
    const response = await client.request('PUT', '/api/v1/settings/security', {
      body: { mfaRequiredRoles: roles },
    });
    expect(response.statusCode).toBe(200);
  };

  it('enrols TOTP in the signed-in user’s settings, then confirms sign-in with a code and remembers the device', async () => {
    const user = await t.createUser({ role: 'manager' });
    await expect(passwordStep(user.email)).resolves.toMatchObject({ nextStep: { signInStep: 'DONE' } });
    const details = await setUpTOTP();
    expect(details.getSetupUri('Loupe', user.email).toString()).toContain(`secret=${details.sharedSecret}`);
    await verifyTOTPSetup({ code: codeFor(details.sharedSecret) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    await expect(fetchMFAPreference()).resolves.toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();

    t.clock.advance(30_000);
    const challenged = await passwordStep(user.email);
    expect(challenged).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    const confirmed = await confirmSignIn({ challengeResponse: codeFor(details.sharedSecret) });
    expect(confirmed).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });

    // Amplify confirmed the device key the sign-in offered (ConfirmDevice); this client is not asked again.
    const audit = await t.app.loupe.audit.list(30);
    expect(
      audit.some((entry) => entry.action === 'auth.device_remembered' && entry.subject === user.id),
    ).toBe(true);
    await signOut();
    await expect(passwordStep(user.email)).resolves.toMatchObject({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
  });

  it('walks a user whose role requires MFA through setup selection and TOTP setup', async () => {
    await requireMfaFor(['designer']);
    try {
      const user = await t.createUser({ role: 'designer' });
      const selection = await passwordStep(user.email);
      expect(selection).toMatchObject({
        isSignedIn: false,
        nextStep: {
          signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
          allowedMFATypes: ['TOTP', 'EMAIL'],
        },
      });
      const setup = await confirmSignIn({ challengeResponse: 'TOTP' });
      expect(setup.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
      if (setup.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') return;
      const secret = setup.nextStep.totpSetupDetails.sharedSecret;
      const done = await confirmSignIn({ challengeResponse: codeFor(secret) });
      expect(done).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      await expect(fetchMFAPreference()).resolves.toMatchObject({ enabled: ['TOTP'] });
    } finally {
      await requireMfaFor([]);
    }
  });

  it('sets e-mail codes up at sign-in and confirms with the mailed code', async () => {
    await requireMfaFor(['qa']);
    try {
      const user = await t.createUser({ role: 'qa' });
      await passwordStep(user.email);
      const emailSetup = await confirmSignIn({ challengeResponse: 'EMAIL' });
      expect(emailSetup.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_EMAIL_SETUP');
      const codeStep = await confirmSignIn({ challengeResponse: user.email });
      expect(codeStep).toMatchObject({
        nextStep: {
          signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
          codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: `${user.email[0]}***@loupe.test` },
        },
      });
      const done = await confirmSignIn({ challengeResponse: await mailedCode(user.email) });
      expect(done).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    } finally {
      await requireMfaFor([]);
    }
  });

  it('offers the choice between TOTP and e-mail codes when both are on and none is preferred', async () => {
    const user = await t.createUser({ role: 'operator' });
    await passwordStep(user.email);
    const details = await setUpTOTP();
    await verifyTOTPSetup({ code: codeFor(details.sharedSecret) });
    await updateMFAPreference({ totp: 'ENABLED', email: 'ENABLED' });
    await signOut();

    t.clock.advance(30_000);
    const selection = await passwordStep(user.email);
    expect(selection).toMatchObject({
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['TOTP', 'EMAIL'] },
    });
    const totpStep = await confirmSignIn({ challengeResponse: 'TOTP' });
    expect(totpStep.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    await expect(confirmSignIn({ challengeResponse: codeFor(details.sharedSecret) })).resolves.toMatchObject({
      isSignedIn: true,
    });
  });
});
