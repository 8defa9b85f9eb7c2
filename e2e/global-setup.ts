import type { FullConfig } from '@playwright/test';
import { startLoupe } from './support/loupe-server';

/** One Loupe server for the whole run; tests that need a pristine installation start their own. */
export default async function globalSetup(_config: FullConfig) {
  const server = await startLoupe();
  process.env.LOUPE_URL = server.url;
  process.env.LOUPE_MQTT_URL = server.mqttUrl;
  return async () => server.stop();
}
