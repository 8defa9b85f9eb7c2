import { MFA_TYPES, type TMfaType } from '@loupe/domain/auth/mfa';
import type { TClock } from '../../lib/clock.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TUserRow } from '../users/repository.ts';
import { IdpError, invalidParameter } from './idp-error.ts';
import type { TMfa } from './mfa.ts';
import type { TRequestContext } from './token-sessions.ts';

/** Cognito's SoftwareTokenMfaSettings / EmailMfaSettings. */
export type TMfaSetting = {
  readonly Enabled?: boolean | undefined;
  readonly PreferredMfa?: boolean | undefined;
};

export type TMfaPreferenceInput = {
  readonly SOFTWARE_TOKEN_MFA?: TMfaSetting | undefined;
  readonly EMAIL_OTP?: TMfaSetting | undefined;
};

export type TMfaSettingsOptions = {
  readonly mfa: TMfa;
  readonly audit: TAuditRepository;
  readonly clock: TClock;
  readonly userFromAccessToken: (accessToken: string) => Promise<{ user: TUserRow }>;
};

/**
 * A signed-in user's own second factors, by access token as Cognito does (AssociateSoftwareToken,
 * VerifySoftwareToken, SetUserMFAPreference, ConfirmDevice): what the web's "Two-step sign-in" calls through
 * aws-amplify (setUpTOTP, verifyTOTPSetup, updateMFAPreference, fetchMFAPreference).
 */
export function createMfaSettings(options: TMfaSettingsOptions) {
  const { mfa, audit, clock } = options;

  return {
    async associate(accessToken: string): Promise<string> {
      const { user } = await options.userFromAccessToken(accessToken);
      return mfa.associate(user.id);
    },

    async verify(accessToken: string, code: string): Promise<void> {
      const { user } = await options.userFromAccessToken(accessToken);
      const outcome = await mfa.verifyPending(user.id, code);
      if (outcome === 'no-pending') throw invalidParameter('Call AssociateSoftwareToken first.');
      if (outcome === 'mismatch')
        throw new IdpError('CodeMismatchException', 'Invalid code received for user');
    },

    /**
     * SetUserMFAPreference. Switching TOTP on needs a verified token; switching the last factor off is refused
     * to a user whose role requires one; switching TOTP off forgets its seed, and with no factor left the
     * remembered devices are forgotten too.
     */
    async setPreference(
      accessToken: string,
      input: TMfaPreferenceInput,
      context: TRequestContext,
    ): Promise<void> {
      const { user } = await options.userFromAccessToken(accessToken);
      const current = await mfa.state(user.id);
      const enabled = { SOFTWARE_TOKEN_MFA: current.totp, EMAIL_OTP: current.email };
      let preferred = current.preferred;
      for (const type of MFA_TYPES) {
        const setting = input[type];
        if (!setting) continue;
        if (setting.Enabled !== undefined) enabled[type] = setting.Enabled;
        if (setting.PreferredMfa === true) preferred = type;
        else if (setting.PreferredMfa === false && preferred === type) preferred = null;
      }
      if (preferred && !enabled[preferred]) preferred = null;
      if (enabled.SOFTWARE_TOKEN_MFA && !current.totpRegistered) {
        throw invalidParameter('User has not verified software token mfa');
      }
      const anyEnabled = enabled.SOFTWARE_TOKEN_MFA || enabled.EMAIL_OTP;
      if (!anyEnabled && (current.totp || current.email) && (await mfa.isRequiredFor(user))) {
        throw invalidParameter('Your role requires two-step sign-in: keep at least one method.');
      }
      const now = clock();
      await mfa.save(user.id, {
        totpEnabled: enabled.SOFTWARE_TOKEN_MFA,
        emailEnabled: enabled.EMAIL_OTP,
        preferred,
        ...(enabled.SOFTWARE_TOKEN_MFA ? {} : { totpSecret: null, totpLastStep: null }),
      });
      if (!anyEnabled) await mfa.repository.forgetDevices(user.id);
      const before: Record<TMfaType, boolean> = {
        SOFTWARE_TOKEN_MFA: current.totp,
        EMAIL_OTP: current.email,
      };
      for (const type of MFA_TYPES) {
        if (before[type] === enabled[type]) continue;
        await audit.record({
          action: enabled[type] ? 'auth.mfa_enabled' : 'auth.mfa_disabled',
          at: now,
          actorId: user.id,
          subject: user.id,
          ...context,
          details: { method: type },
        });
      }
    },

    /** GetUser's UserMFASettingList and PreferredMfaSetting. */
    async describe(userId: string): Promise<{ list: TMfaType[]; preferred: TMfaType | null }> {
      const current = await mfa.state(userId);
      const list = MFA_TYPES.filter((type) => (type === 'SOFTWARE_TOKEN_MFA' ? current.totp : current.email));
      return { list, preferred: current.preferred };
    },

    /** ConfirmDevice: a device key handed out with this user's sign-in becomes a remembered device. */
    async confirmDevice(
      input: {
        accessToken: string;
        deviceKey: string;
        name: string | null;
        salt: string | null;
        verifier: string | null;
      },
      context: TRequestContext,
    ): Promise<void> {
      const { user } = await options.userFromAccessToken(input.accessToken);
      const now = clock();
      const confirmed = await mfa.repository.confirmDevice({ ...input, userId: user.id, now });
      if (!confirmed) throw new IdpError('ResourceNotFoundException', 'Device does not exist.');
      await audit.record({
        action: 'auth.device_remembered',
        at: now,
        actorId: user.id,
        subject: user.id,
        ...context,
        details: { deviceKey: input.deviceKey },
      });
    },
  };
}

export type TMfaSettings = ReturnType<typeof createMfaSettings>;
