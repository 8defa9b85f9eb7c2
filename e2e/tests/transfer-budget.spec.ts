import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from '../support/fixtures';
import { describeTransfers, recordTransfers, type TTransfer, totalBytes } from '../support/transfers';

// Issue 35 §4: what a first visit costs on a workshop's Wi-Fi or a phone at the counter, in bytes on the wire.
const LOGIN_BUDGET_BYTES = 250_000;
const FIRST_SIGNED_IN_SCREEN_BUDGET_BYTES = 400_000;
/** The server compresses answers of this size or more (apps/server/src/plugins/compression.ts). */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Every file of the build travels compressed; hashed ones are cached for a year, index.html is revalidated. */
function expectCompressedAndCached(transfers: readonly TTransfer[]): void {
  const assets = transfers.filter((transfer) => new URL(transfer.url).pathname.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(3);
  for (const asset of assets) {
    expect(asset.status, asset.url).toBe(200);
    expect(['br', 'gzip'], asset.url).toContain(asset.contentEncoding);
    expect(asset.cacheControl, asset.url).toBe('public, max-age=31536000, immutable');
  }
  const documents = transfers.filter(
    (transfer) => !new URL(transfer.url).pathname.match(/^\/(api|assets)\//),
  );
  expect(documents.length).toBeGreaterThan(0);
  for (const document of documents) {
    expect(['br', 'gzip'], document.url).toContain(document.contentEncoding);
    expect(document.cacheControl, document.url).toBe('no-cache');
  }
  // API answers of the compression threshold (1 KiB) or more travel compressed too: the body's size decides,
  // not the headers around it (a 1,021-byte answer with its headers crossed 2,000 bytes on the wire).
  for (const answer of transfers.filter((transfer) => new URL(transfer.url).pathname.startsWith('/api/'))) {
    if (answer.contentEncoding === undefined) {
      expect(answer.bodyBytes ?? answer.bytes, answer.url).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    }
  }
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

test('a cold /login transfers at most 250 KB, compressed and cacheable', async ({ page }, testInfo) => {
  const transfers = await recordTransfers(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await settle(page);
  const login = transfers();
  await testInfo.attach('login-transfers.txt', { body: describeTransfers(login) });
  console.info(`cold /login: ${totalBytes(login)} bytes in ${login.length} responses`);
  expectCompressedAndCached(login);
  expect(totalBytes(login)).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});

test('the first signed-in screen, /dashboard, loads cold in at most 400 KB', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  // A new context: the signed-in session (storage and cookies) without anything in the HTTP cache.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const cold = await context.newPage();
    const transfers = await recordTransfers(cold);
    await cold.goto('/dashboard');
    await expect(cold.getByRole('heading', { level: 1 })).toBeVisible();
    await settle(cold);
    const dashboard = transfers();
    await testInfo.attach('dashboard-transfers.txt', { body: describeTransfers(dashboard) });
    console.info(
      `cold /dashboard, signed in: ${totalBytes(dashboard)} bytes in ${dashboard.length} responses`,
    );
    expect(new URL(cold.url()).pathname).toBe('/dashboard');
    expectCompressedAndCached(dashboard);
    expect(totalBytes(dashboard)).toBeLessThanOrEqual(FIRST_SIGNED_IN_SCREEN_BUDGET_BYTES);
  } finally {
    await context.close();
  }
});
