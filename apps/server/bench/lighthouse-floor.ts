// `npm run lighthouse:floor`: what Lighthouse scores before any of Loupe's own code, to tell how much of issue
// 35's target (90 on /login, /dashboard and /orders) the web's stack leaves to Loupe's screens. Three pages of
// apps/web/bench/lighthouse-floor, each built as the web app is (Loupe's index.html, same plugins and stylesheet,
// brotli) and served as Loupe serves its build, against a running Loupe's API:
//   stack        React 19, React Router, TanStack Query, zod: one API answer parsed, one heading;
//   plain-shell  the least signed-in screen on it: a header (sidebar button, bell, account) and four counts,
//                drawn with Tailwind, the web's Button and Card and lucide icons; no Radix. Its sidebar (an
//                admin's links, from the domain's table) is drawn on a wide screen only: on a phone, Lighthouse's
//                screen, Loupe's is not drawn until it is opened either;
//   radix-shell  the same with the web's Radix pieces: a menu behind the bell and the account, a tooltip on
//                each sidebar link.
// Same settings as `npm run lighthouse`; LIGHTHOUSE_RUNS runs each (3), alternating, and the median.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import puppeteer from 'puppeteer-core';
import { registerWebApp } from '../src/plugins/web-app.ts';
import { SERVER_DIR, startLoupeProcess } from '../workshop/loupe-process.ts';
import { cleanUpAll, cleanUpOnSignals, onCleanup } from './bench-processes.ts';
import { measureLighthouse, printLighthouseTable, type TLighthouseRun } from './lighthouse-run.ts';
import { CHROME_ARGS, CHROME_PATH } from './signed-in-browser.ts';

const FLOOR_PAGES = ['stack', 'plain-shell', 'radix-shell'] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const WEB_DIR = path.resolve(SERVER_DIR, '../web');

function buildFloorPage(page: string, outDir: string): void {
  execFileSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--config', 'bench/lighthouse-floor/vite.config.ts'],
    {
      cwd: WEB_DIR,
      env: { ...process.env, FLOOR_PAGE: page, FLOOR_OUT_DIR: outDir },
      stdio: 'inherit',
    },
  );
}

/** The build's files as Loupe serves its own; /api goes to the running Loupe, so answers are real ones. */
async function serveFloorPage(distDir: string, apiUrl: string): Promise<string> {
  const app: FastifyInstance = Fastify();
  if (!(await registerWebApp(app, { distDir }))) throw new Error(`no build in ${distDir}`);
  app.get('/api/*', async (request, reply) => {
    const answer = await fetch(`${apiUrl}${request.url}`, {
      headers: { accept: request.headers.accept ?? 'application/json' },
    });
    reply
      .code(answer.status)
      .header('content-type', answer.headers.get('content-type') ?? 'application/json');
    return Buffer.from(await answer.arrayBuffer());
  });
  onCleanup(() => app.close());
  return app.listen({ host: '127.0.0.1', port: 0 });
}

async function main(): Promise<void> {
  cleanUpOnSignals();
  const workDir = mkdtempSync(path.join(tmpdir(), 'loupe-lighthouse-floor-'));
  onCleanup(async () => rmSync(workDir, { recursive: true, force: true }));
  const loupe = await startLoupeProcess({
    dataDir: path.join(workDir, 'data'),
    admin: null,
    timeoutMs: 180_000,
  });
  onCleanup(() => loupe.stop());

  const urls = new Map<string, string>();
  for (const page of FLOOR_PAGES) {
    const outDir = path.join(workDir, page);
    buildFloorPage(page, outDir);
    urls.set(page, `${await serveFloorPage(outDir, loupe.url)}/index.html`);
  }

  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_ARGS });
  onCleanup(() => browser.close());
  const tab = await browser.newPage();
  const runs = new Map<string, TLighthouseRun[]>(FLOOR_PAGES.map((page) => [page, []]));
  for (let run = 1; run <= RUNS; run += 1) {
    for (const [page, url] of urls) {
      const result = await measureLighthouse(tab, url, { keepStorage: false });
      runs.get(page)?.push(result);
      console.info(`run ${run}/${RUNS} ${page}: ${result.score}`);
    }
  }
  console.info(`\nLighthouse floor, ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile emulation`);
  printLighthouseTable(runs);
}

main()
  .catch((error: unknown) => {
    console.error('lighthouse:floor:', error);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
