import { test as base, expect, type Page } from '@playwright/test';
import { LoupeApi } from './api';
import { ADMIN, startLoupe, type TLoupeServer } from './loupe-server';

export { ADMIN, expect };

/** The Loupe server of this worker (the `loupeServer` fixture), for the tests that use `test` below. */
export function loupeUrl(): string {
  const url = process.env.LOUPE_URL;
  if (!url) throw new Error('LOUPE_URL is not set: no Loupe server was started for this worker');
  return url;
}

/** The embedded MQTT broker of that server, where readers publish. */
export function mqttUrl(): string {
  const url = process.env.LOUPE_MQTT_URL;
  if (!url) throw new Error('LOUPE_MQTT_URL is not set: no Loupe server was started for this worker');
  return url;
}

type TFixtures = { api: LoupeApi };
type TWorkerFixtures = { loupeServer: TLoupeServer };

export const test = base.extend<TFixtures, TWorkerFixtures>({
  // One Loupe server per Playwright worker, shared by the tests the worker runs one after another: workers
  // run side by side, and settings one test changes (self-registration, required two-step sign-in) must
  // not reach a test of another worker. loupeUrl() and mqttUrl() name it in this worker's process.
  loupeServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this destructuring.
    async ({}, use) => {
      const server = await startLoupe();
      process.env.LOUPE_URL = server.url;
      process.env.LOUPE_MQTT_URL = server.mqttUrl;
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ loupeServer }, use) => use(loupeServer.url),
  api: async ({ loupeServer }, use) => use(await LoupeApi.asAdmin(loupeServer.url)),
});

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * The toast showing `text`, as the person sees it in the notifications region. Not by its role: the
 * role="status" copy that screen readers hear lives one second only, too short to be found on a busy machine.
 */
export function toastOf(page: Page, text: string) {
  return page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByRole('listitem')
    .filter({ hasText: text });
}

/** Chooses a theme from the header's menu; returns once the menu has closed and the page wears it. */
export async function setTheme(page: Page, theme: 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: theme }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.locator('html')).toHaveClass(theme === 'Dark' ? /dark/ : /light/);
}

let counter = 0;
/** A unique e-mail address per call, so tests never collide on one server. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@atelier.test`;
}
