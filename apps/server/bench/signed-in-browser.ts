// What the browser benches share: Loupe started from the current web build on an empty database (or a running
// one, LOUPE_URL-style), and a signed-in browser page.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { SERVER_DIR, startLoupeProcess } from '../workshop/loupe-process.ts';
import { onCleanup } from './bench-processes.ts';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
const ADMIN = { email: 'owner@atelier.test', password: 'polish the platinum slowly' };

/**
 * LIGHTHOUSE_URL (with LIGHTHOUSE_EMAIL and LIGHTHOUSE_PASSWORD) measures a running Loupe, e.g. the demo;
 * without it Loupe starts from the current web build on an empty database, and stops with the bench.
 */
export async function startServer(): Promise<{ url: string; email: string; password: string }> {
  if (process.env.LIGHTHOUSE_URL) {
    const { LIGHTHOUSE_EMAIL: email, LIGHTHOUSE_PASSWORD: password } = process.env;
    if (!email || !password) throw new Error('LIGHTHOUSE_URL needs LIGHTHOUSE_EMAIL and LIGHTHOUSE_PASSWORD');
    return { url: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), email, password };
  }
  if (!existsSync(path.join(SERVER_DIR, '../web/dist/index.html'))) {
    throw new Error('no web build: run `npm run build -w @loupe/web` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-browser-bench-'));
  // A busy machine can take a while to start Loupe (tsx compiles it first).
  const server = await startLoupeProcess({ dataDir, admin: ADMIN, timeoutMs: 180_000 });
  onCleanup(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { url: server.url, ...ADMIN };
}

export async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined),
    page.locator('button[type="submit"]').click(),
  ]);
  await page.waitForFunction("location.pathname === '/dashboard'", { timeout: 30_000 });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
