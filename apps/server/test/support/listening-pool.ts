import type { AddressInfo } from 'node:net';
import {
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TTestDatabaseKind } from './databases.ts';
import { createTestApp, type TTestApp } from './test-app.ts';

/**
 * The embedded pool on a real port, for the clients nobody here wrote (the AWS SDK, aws-amplify/auth) that
 * speak HTTP to it. Sign-in is not rate-limited: a suite signs in more often than a person would.
 */
export async function createListeningPool(
  database: TTestDatabaseKind,
): Promise<{ t: TTestApp; endpoint: string }> {
  const t = await createTestApp({ database, env: { SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '10000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, endpoint: `http://127.0.0.1:${port}/api/idp` };
}

/** The AWS SDK's client of the pool at `endpoint`. It does not retry: a test wants to see the first answer. */
export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    maxAttempts: 1,
  });
}

/** Points aws-amplify/auth (a process-wide singleton) at the pool at `endpoint`, as the web app configures it. */
export function configureAmplify(endpoint: string): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: 'us-east-1_loupe',
        userPoolClientId: 'loupe-web',
        userPoolEndpoint: endpoint,
        loginWith: { email: true },
      },
    },
  });
}

/** The Cognito error an SDK call failed with; the test fails when the call succeeded. */
export async function rejection(promise: Promise<unknown>): Promise<CognitoIdentityProviderServiceException> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CognitoIdentityProviderServiceException);
    return error as CognitoIdentityProviderServiceException;
  }
  throw new Error('expected the SDK call to fail');
}

/** The authenticator app's code for `secret` at the test clock's time. */
export function totpCode(t: TTestApp, secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: t.clock().getTime(),
  });
}

/** The sign-in code last mailed to `email`. */
export async function mailedSignInCode(t: TTestApp, email: string): Promise<string> {
  const mail = (await t.app.loupe.mailer.outbox(50)).find((entry) => entry.to === email);
  const code = mail?.text.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no sign-in code mailed to ${email}`);
  return code;
}
