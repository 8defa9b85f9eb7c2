/** Amplify's short names for the second factors Loupe offers. */
export type TMfaMethod = 'TOTP' | 'EMAIL';

/**
 * A second-factor step the sign-in screens show (issue 20 §4): every MFA next step Amplify reports for the
 * methods Loupe offers. Other next steps still fail as needing additional steps (spec §4 (5)).
 */
export type TSignInStep =
  | { readonly type: 'totp-code' }
  | { readonly type: 'email-code'; readonly destination: string | null }
  | { readonly type: 'choose-method'; readonly methods: readonly TMfaMethod[] }
  | { readonly type: 'choose-setup'; readonly methods: readonly TMfaMethod[] }
  | { readonly type: 'totp-setup'; readonly secret: string; readonly setupUri: string }
  | { readonly type: 'email-setup' };
