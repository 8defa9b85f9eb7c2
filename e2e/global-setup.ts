import type { FullConfig } from '@playwright/test';
import { startLoupe } from './support/loupe-server';

/** One Loupe server for the whole run; tests that need a pristine installation start their own. */
export default async function globalSetup(_config: FullConfig) {
  const server = await startLoupe();
  process.env.LOUPE_URL = server.url;
  return async () => server.stop();
}
