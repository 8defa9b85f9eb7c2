import type { TPublicConfig } from '@loupe/domain/system/public-config';
import { loadOnce } from '../load-once';
import type { TAmplifyAuth } from './amplify';

/**
 * Amplify (some 40 KiB gzipped) is loaded when something needs the identity service: a sign-in, a sign-out, a
 * token refresh, the second-factor settings. Not before a signed-in page's first render, which reads valid
 * tokens from storage (stored-tokens.ts), nor before someone starts signing in on the sign-in page (issue 35 §4).
 */

let installation: TPublicConfig | null = null;
let configureLoaded: ((config: TPublicConfig) => void) | null = null;

/** Records the installation's pool (and configures Amplify if it is loaded already); called once by the app. */
export function configureAmplify(config: TPublicConfig): void {
  installation = config;
  configureLoaded?.(config);
}

/** The installation's configuration recorded by configureAmplify, or null before it. */
export function amplifyConfig(): TPublicConfig | null {
  return installation;
}

/** Amplify's Auth functions, configured for the installation's pool; loaded once. */
export const loadAmplify: () => Promise<TAmplifyAuth> = loadOnce(() =>
  import('./amplify').then((module) => {
    configureLoaded = module.configureAmplify;
    if (installation) module.configureAmplify(installation);
    return module.amplifyAuth;
  }),
);
