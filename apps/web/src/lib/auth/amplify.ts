// The root `Amplify` facade wires the default Cognito token provider (tokens in localStorage). Configuring
// @aws-amplify/core by hand and passing the provider ourselves saved about 3 KiB gzipped of ~42 KiB, but
// imports a package that is not our dependency and skips the facade's provider set-up; not worth it.

import type { TPublicConfig } from '@loupe/domain/system/public-config';
import { Amplify } from 'aws-amplify';

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
