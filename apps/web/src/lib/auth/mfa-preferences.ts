import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { TOTP_ISSUER } from './auth-client';
import type { TMfaMethod } from './sign-in-steps';

/** The signed-in user's own second factors, through the identity service (SetUserMFAPreference, GetUser). */
export type TMfaPreferences = {
  readonly enabled: readonly TMfaMethod[];
  readonly preferred: TMfaMethod | null;
};

export async function getMfaPreferences(): Promise<TMfaPreferences> {
  const answer = await fetchMFAPreference();
  const enabled = (answer.enabled ?? []).filter(
    (method): method is TMfaMethod => method === 'TOTP' || method === 'EMAIL',
  );
  const preferred = answer.preferred === 'TOTP' || answer.preferred === 'EMAIL' ? answer.preferred : null;
  return { enabled, preferred };
}

/** AssociateSoftwareToken: the key to put into an authenticator app, and its otpauth:// link for a QR code. */
export async function startTotpSetup(email: string): Promise<{ secret: string; setupUri: string }> {
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, setupUri: details.getSetupUri(TOTP_ISSUER, email).toString() };
}

/** VerifySoftwareToken with the app's code, then TOTP on and preferred. */
export async function finishTotpSetup(code: string): Promise<void> {
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

export async function setMfaMethod(method: TMfaMethod, isOn: boolean): Promise<void> {
  const value = isOn ? 'ENABLED' : 'DISABLED';
  await updateMFAPreference(method === 'TOTP' ? { totp: value } : { email: value });
}
