import { loadAmplify } from './amplify-loader';
import { TOTP_ISSUER } from './auth-client';
import type { TMfaMethod } from './sign-in-steps';

/** The signed-in user's own second factors, through the identity service (SetUserMFAPreference, GetUser). */
export type TMfaPreferences = {
  readonly enabled: readonly TMfaMethod[];
  readonly preferred: TMfaMethod | null;
};

export async function getMfaPreferences(): Promise<TMfaPreferences> {
  const answer = await (await loadAmplify()).fetchMFAPreference();
  const enabled = (answer.enabled ?? []).filter(
    (method): method is TMfaMethod => method === 'TOTP' || method === 'EMAIL',
  );
  const preferred = answer.preferred === 'TOTP' || answer.preferred === 'EMAIL' ? answer.preferred : null;
  return { enabled, preferred };
}

/** AssociateSoftwareToken: the key to put into an authenticator app, and its otpauth:// link for a QR code. */
export async function startTotpSetup(email: string): Promise<{ secret: string; setupUri: string }> {
  const details = await (await loadAmplify()).setUpTOTP();
  return { secret: details.sharedSecret, setupUri: details.getSetupUri(TOTP_ISSUER, email).toString() };
}

/** VerifySoftwareToken with the app's code, then TOTP on and preferred. */
export async function finishTotpSetup(code: string): Promise<void> {
  const amplify = await loadAmplify();
  await amplify.verifyTOTPSetup({ code });
  await amplify.updateMFAPreference({ totp: 'PREFERRED' });
}

export async function setMfaMethod(method: TMfaMethod, isOn: boolean): Promise<void> {
  const value = isOn ? 'ENABLED' : 'DISABLED';
  await (await loadAmplify()).updateMFAPreference(method === 'TOTP' ? { totp: value } : { email: value });
}
