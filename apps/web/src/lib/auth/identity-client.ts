/** The identity service as Loupe's sign-in sequence sees it (Amplify's functions in the app). */

/** What the sequence reads of Amplify's sign-in answers. */
export type TSignInStepResult = {
  readonly nextStep: {
    readonly signInStep: string;
    readonly allowedMFATypes?: readonly string[];
    readonly codeDeliveryDetails?: { readonly destination?: string | undefined };
    readonly totpSetupDetails?: {
      readonly sharedSecret: string;
      getSetupUri(appName: string, accountName?: string): URL;
    };
  };
};
/** What the sequence reads of Amplify's session. */
export type TSessionLike = {
  readonly tokens?: {
    readonly idToken?: { toString(): string; readonly payload?: Readonly<Record<string, unknown>> };
  };
};

/**
 * The identity-service functions the sign-in sequence uses: Amplify's in the app, test doubles in tests.
 * Narrow structural types, so a double needs to return only what the sequence reads.
 */
export type TIdentityClient = {
  signIn(input: {
    username: string;
    password: string;
    options: { authFlowType: 'USER_PASSWORD_AUTH' };
  }): Promise<TSignInStepResult>;
  signOut(): Promise<void>;
  confirmSignIn(input: {
    challengeResponse: string;
    options?: { userAttributes: { name: string } };
  }): Promise<TSignInStepResult>;
  fetchAuthSession(options?: { forceRefresh?: boolean }): Promise<TSessionLike>;
  /** Resolves when a user is signed in, rejects otherwise. */
  getCurrentUser(): Promise<unknown>;
};
