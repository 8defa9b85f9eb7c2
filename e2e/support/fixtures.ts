import { test as base, expect, type Page } from '@playwright/test';
import { LoupeApi } from './api';
import { ADMIN } from './loupe-server';

export { ADMIN, expect };

/** The Loupe server the global setup started. */
export function loupeUrl(): string {
  const url = process.env.LOUPE_URL;
  if (!url) throw new Error('LOUPE_URL is not set: the global setup did not start Loupe');
  return url;
}

/** The embedded MQTT broker of that server, where readers publish. */
export function mqttUrl(): string {
  const url = process.env.LOUPE_MQTT_URL;
  if (!url) throw new Error('LOUPE_MQTT_URL is not set: the global setup did not start Loupe');
  return url;
}

type TFixtures = { api: LoupeApi };

export const test = base.extend<TFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this destructuring.
  baseURL: async ({}, use) => use(loupeUrl()),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this destructuring.
  api: async ({}, use) => use(await LoupeApi.asAdmin(loupeUrl())),
});

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

let counter = 0;
/** A unique e-mail address per call, so tests never collide on one server. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@atelier.test`;
}
