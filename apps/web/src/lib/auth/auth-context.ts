import type { TRole } from '@loupe/domain/auth/roles';
import { createContext, useContext } from 'react';
import type { TSignInStep } from './sign-in-steps';

/**
 * Spec §3: the id token's payload (its claims) merged with the identity service's username, userId and
 * signInDetails (Amplify's getCurrentUser).
 */
export type TIdentityInfo = Readonly<Record<string, unknown>> & {
  readonly username: string;
  readonly userId: string;
  readonly signInDetails: { readonly loginId?: string; readonly authFlowType?: string } | null;
};

/** The signed-in user as the shell needs it (spec §3 "application user" plus the profile fields). */
export type TCurrentUser = {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone?: string;
  readonly role: TRole;
  /** Always null (spec §3). */
  readonly department: null;
  /** Issue 39: the location they work at (their lists start filtered to it); null or absent: every location. */
  readonly homeLocationId?: string | null;
  /** The session's identity info (spec §3); absent until a session has been read. */
  readonly identity?: TIdentityInfo;
};

/** Where a sign-in stands: done with the user, or waiting for the person at the screen. */
export type TSignInProgress =
  | { readonly status: 'signed-in'; readonly user: TCurrentUser }
  | { readonly status: 'next-step'; readonly step: TSignInStep; readonly email: string };

export type TAuthState =
  | { readonly status: 'loading'; readonly user: null }
  | { readonly status: 'signed-out'; readonly user: null }
  | { readonly status: 'signed-in'; readonly user: TCurrentUser };

export type TAuthContext = TAuthState & {
  /**
   * The §4 sign-in sequence: signed in, or a second-factor step to show (issue 20 §4); throws an Error whose
   * message is the one to show (spec §8).
   */
  signIn(email: string, password: string): Promise<TSignInProgress>;
  /** Answers the step signIn reported: a code, a method, or the address for e-mailed codes. */
  continueSignIn(email: string, response: string): Promise<TSignInProgress>;
  /** §4 logout: backend call, tokens and stored keys cleared, user reset. Never throws. */
  signOut(): Promise<void>;
  /** Re-reads the profile (after the user edits it). */
  refreshUser(): Promise<void>;
};

export const AuthContext = createContext<TAuthContext | null>(null);

export function useAuth(): TAuthContext {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
