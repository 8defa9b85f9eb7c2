// The root `Amplify` facade wires the default Cognito token provider (tokens in localStorage). Configuring
// @aws-amplify/core by hand and passing the provider ourselves saved about 3 KiB gzipped of ~42 KiB, but
// imports a package that is not our dependency and skips the facade's provider set-up; not worth it.
//
// Loaded lazily, through amplify-loader.ts only (issue 35 §4): a signed-in reload whose tokens are still valid
// reads them from storage (stored-tokens.ts) and never evaluates Amplify before its first render.

import type { TPublicConfig } from '@loupe/domain/system/public-config';
import { Amplify } from 'aws-amplify';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  getCurrentUser,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';

export type TAmplifyAuthConfig = {
  Cognito: {
    userPoolId: string;
    userPoolClientId: string;
    userPoolEndpoint?: string;
    loginWith: { email: true };
  };
};

/** The Auth section of Amplify's configuration for the installation's pool (embedded at /api/idp, or AWS Cognito). */
export function amplifyAuthConfig(config: TPublicConfig): TAmplifyAuthConfig {
  return {
    Cognito: {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      loginWith: { email: true },
    },
  };
}

/** Configures Amplify once, before anything signs in or reads a token. */
export function configureAmplify(config: TPublicConfig): void {
  Amplify.configure({ Auth: amplifyAuthConfig(config) });
}

/** The Amplify Auth functions Loupe calls: one object, so the lazy chunk has one export to hand over. */
export const amplifyAuth = {
  signIn,
  signOut,
  confirmSignIn,
  fetchAuthSession,
  getCurrentUser,
  fetchMFAPreference,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
};

export type TAmplifyAuth = typeof amplifyAuth;
