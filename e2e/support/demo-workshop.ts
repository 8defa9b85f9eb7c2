import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { type Browser, type BrowserContext, test as base, type Page } from '@playwright/test';
import { assignDemoWork } from '../../apps/server/workshop/demo-work';
import { LoupeClient } from '../../apps/server/workshop/loupe-client';
import { seedWorkshop, type TWorkshop } from '../../apps/server/workshop/seed-workshop';
import { STAFF_BY_ROLE } from '../../apps/server/workshop/workshop-plan';
import { ADMIN, startLoupe } from './loupe-server';

/**
 * A demo workshop of its own for the tests that walk every screen (issue 35): one user per role, the seeded
 * workshop with its past (pieces in every phase), work given out, a few jobs overdue and a public tracking
 * link. Its own server, as the seeded jobs would disturb the counts of the shared server's tests.
 */

export type TDemoWorkshop = {
  readonly url: string;
  readonly workshop: TWorkshop;
  readonly staff: Readonly<Record<TRole, { readonly email: string; readonly password: string }>>;
  /** The token of a job's public tracking page (/t/:token). */
  readonly trackingToken: string;
};

const PASSWORD = 'walk every screen twice';

async function seedDemo(url: string): Promise<Omit<TDemoWorkshop, 'url'>> {
  const admin = await LoupeClient.signIn(url, ADMIN.email, ADMIN.password);
  const staff = { admin: ADMIN } as Record<TRole, { email: string; password: string }>;
  for (const role of ROLES.filter((role) => role !== 'admin')) {
    const email = `${role}@atelier.test`;
    await admin.request('POST', '/users', {
      email,
      ...STAFF_BY_ROLE[role],
      role,
      temporaryPassword: PASSWORD,
    });
    // The first sign-in confirms the temporary password, so the login form signs in at once.
    await LoupeClient.signIn(url, email, PASSWORD);
    staff[role] = { email, password: PASSWORD };
  }
  const workshop = await seedWorkshop(admin, { orders: 16, repairs: 8, withHistory: true });
  await assignDemoWork(admin);
  // A few overdue jobs, as a real workshop has: the tiles, alerts and the bell have something to say.
  for (const item of workshop.items.filter((_, index) => index % 5 === 1)) {
    const promisedDate = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await admin.request('PATCH', `/${item.kind}s/${item.id}`, { promisedDate });
  }
  const first = workshop.items[0];
  if (!first) throw new Error('the demo workshop has no jobs');
  const link = await admin.data<{ url: string }>('POST', `/${first.kind}s/${first.id}/tracking-link`);
  const trackingToken = new URL(link.url).pathname.split('/').pop() ?? '';
  return { workshop, staff, trackingToken };
}

export const test = base.extend<object, { demo: TDemoWorkshop }>({
  demo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this destructuring.
    async ({}, use) => {
      const server = await startLoupe();
      try {
        await use({ url: server.url, ...(await seedDemo(server.url)) });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ demo }, use) => use(demo.url),
});

export { expect } from '@playwright/test';

type TStorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const signedIn = new Map<string, TStorageState>();

/**
 * One browser context for a role, signed in: through the login form the first time, from the saved state
 * (tokens in localStorage) afterwards. `theme` is the shell's stored choice.
 */
export async function contextAs(
  browser: Browser,
  demo: TDemoWorkshop,
  role: TRole,
  options: { theme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const key = `${demo.url} ${role}`;
  const saved = signedIn.get(key);
  const context = await browser.newContext({ baseURL: demo.url, ...(saved ? { storageState: saved } : {}) });
  if (options.theme) {
    await context.addInitScript((theme) => localStorage.setItem('admin-ui-theme', theme), options.theme);
  }
  const page = await context.newPage();
  if (!saved) {
    const { email, password } = demo.staff[role];
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    signedIn.set(key, await context.storageState());
  }
  return { context, page };
}
