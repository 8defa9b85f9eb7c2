// No imports: index.html's early preload (scripts/preload-signed-in.ts) reads these at build time too.

/** Pages that a visitor sees signed out: nothing of the signed-in app is fetched ahead for them. */
export const SIGNED_OUT_PREFIXES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/tv-setup',
  '/jeweler-tv/',
  '/t/',
  '/design-approval/',
] as const;

/** Amplify's token store marks the signed-in user of a pool with this key (see lib/auth/stored-tokens.ts). */
export const AMPLIFY_LAST_USER = /^CognitoIdentityServiceProvider\..+\.LastAuthUser$/;

/** Whether `pathname` is a page of the signed-in app (the sign-in pages, TVs and customers' pages are not). */
export function isSignedInPath(pathname: string): boolean {
  return !SIGNED_OUT_PREFIXES.some((prefix) =>
    prefix.endsWith('/')
      ? pathname.startsWith(prefix)
      : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
