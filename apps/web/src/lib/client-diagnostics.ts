import { FEATURE_FLAGS } from '@loupe/domain/config/constants';
import { applyLogLevel } from './log-level';
import { trackUncaughtErrors } from './telemetry/client-telemetry';

/**
 * Spec §9 for the whole page: log level error in production builds (development keeps every level), and
 * error tracking on (the queue is sent to the server once signed in). main.tsx loads this beside the app,
 * not in it, so the sign-in page's first visit stays within its JavaScript budget.
 */
export function installClientDiagnostics({ isProduction }: { readonly isProduction: boolean }): void {
  if (isProduction) applyLogLevel(console, FEATURE_FLAGS.logLevel);
  trackUncaughtErrors();
}
