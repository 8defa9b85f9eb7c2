import { randomUUID } from 'node:crypto';
import { MFA_TYPES } from '@loupe/domain/auth/mfa';
import type { TClock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { TUserRow } from '../users/repository.ts';
import type { TChallenge, TChallengeSessions } from './challenge-sessions.ts';
import type { TDeviceGrant, TDeviceTokens } from './device-tokens.ts';
import type { TMfa } from './mfa.ts';
import type { TAuthenticationResult, TRequestContext, TTokenSessions } from './token-sessions.ts';

export type TSignInOutcome =
  | { readonly kind: 'tokens'; readonly result: TAuthenticationResult; readonly device: TDeviceGrant }
  | TChallenge;

/** What the route hands a challenge answer: the browser's device cookie and Cognito device key, if any. */
export type TDeviceEvidence = {
  readonly deviceToken?: ((userId: string) => string | undefined) | undefined;
  readonly deviceKey?: string | undefined;
};

/**
 * How a sign-in ends once the password is right: the second factor it still asks for, or tokens with the
 * known-browser grant and, after a second factor on a new device, a device key to confirm.
 */
export function createSignInCompletion(options: {
  readonly clock: TClock;
  readonly mfa: TMfa;
  readonly devices: TDeviceTokens;
  readonly tokens: TTokenSessions;
  readonly challenges: TChallengeSessions;
  /** The region part of device keys (Cognito's `us-east-1_…`). */
  readonly region: string;
}) {
  const { clock, mfa, devices, tokens, challenges } = options;

  /** A confirmed device of this user that the browser presented (DEVICE_KEY): it skips the second factor. */
  async function rememberedDevice(user: TUserRow, deviceKey: string | undefined): Promise<string | null> {
    if (!deviceKey) return null;
    const device = await mfa.repository.findDevice(deviceKey, user.id);
    return device?.confirmedAt ? device.deviceKey : null;
  }

  /**
   * After the password (or the new one): the second factor the user has, the setup their role requires, or
   * tokens. A remembered device skips the second factor (issue 20 §4, Cognito's device-based MFA suppression).
   */
  async function afterPassword(
    user: TUserRow,
    context: TRequestContext,
    evidence: TDeviceEvidence & { deviceId: string | null },
  ): Promise<TSignInOutcome> {
    const types = await mfa.enabledTypes(user.id);
    if (types.length > 0) {
      const remembered = await rememberedDevice(user, evidence.deviceKey);
      if (remembered) {
        await mfa.repository.touchDevice(remembered, clock());
        return finish(user, context, evidence.deviceId, { offerDevice: false });
      }
      const preferred = (await mfa.state(user.id)).preferred;
      const only = types.length === 1 ? types[0] : preferred && types.includes(preferred) ? preferred : null;
      if (only) return challenges.factor(user, only);
      return challenges.challenge(
        user,
        { challenge: 'SELECT_MFA_TYPE' },
        { MFAS_CAN_CHOOSE: JSON.stringify(types) },
      );
    }
    if (await mfa.isRequiredFor(user)) {
      return challenges.challenge(
        user,
        { challenge: 'MFA_SETUP' },
        { MFAS_CAN_SETUP: JSON.stringify(MFA_TYPES) },
      );
    }
    return finish(user, context, evidence.deviceId, { offerDevice: false });
  }

  /** Tokens, the known-browser cookie and, after a second factor, a device key to confirm. */
  async function finish(
    user: TUserRow,
    context: TRequestContext,
    deviceId: string | null,
    completion: { offerDevice: boolean },
  ): Promise<TSignInOutcome & { kind: 'tokens' }> {
    const device = await devices.grant(user.id, deviceId);
    const result = await tokens.startSession(user, context, device.deviceId);
    if (!completion.offerDevice) return { kind: 'tokens', result, device };
    const newDevice = {
      deviceKey: `${options.region}_${randomUUID()}`,
      userId: user.id,
      groupKey: `-${randomToken(9)}`,
    };
    await mfa.repository.issueDevice(newDevice);
    return {
      kind: 'tokens',
      result: {
        ...result,
        NewDeviceMetadata: { DeviceKey: newDevice.deviceKey, DeviceGroupKey: newDevice.groupKey },
      },
      device,
    };
  }

  return { rememberedDevice, afterPassword, finish };
}

export type TSignInCompletion = ReturnType<typeof createSignInCompletion>;
