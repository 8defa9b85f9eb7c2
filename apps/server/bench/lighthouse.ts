// `npm run lighthouse`: Lighthouse's performance score (mobile emulation, simulated slow 4G and a 4× slower
// CPU: its defaults) for /login, /dashboard and /orders, the median of LIGHTHOUSE_RUNS runs (3) each, in the
// system Chromium. Signed-in pages are measured signed in (the session stays in the browser's storage) but
// with an empty HTTP cache, as a first visit of the day would be. Issue 35 §4: target 90 or more on each.
//
// LIGHTHOUSE_REPORTS=dir keeps each run's full report (JSON) there, to see where the time goes;
// LIGHTHOUSE_PAGES=/dashboard,/orders measures only those pages.
// LIGHTHOUSE_URL=http://host:port (with LIGHTHOUSE_EMAIL and LIGHTHOUSE_PASSWORD) measures a running Loupe,
// e.g. the demo; without it the bench starts Loupe from the current web build on an empty database.

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { cleanUpAll, cleanUpOnSignals, onCleanup } from './bench-processes.ts';
import { CHROME_ARGS, CHROME_PATH, median, signIn, startServer } from './signed-in-browser.ts';

const PAGES: readonly string[] = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/login',
  '/dashboard',
  '/orders',
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

type TRun = { score: number; fcp: number; lcp: number; tbt: number; cls: number; bytes: number };

async function measure(page: Page, url: string, signedIn: boolean): Promise<TRun> {
  // A cold cache every run; a signed-in page keeps its storage (the session), the sign-in page starts clean.
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.detach();
  const result = await lighthouse(
    url,
    { logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: signedIn },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${new URL(url).pathname.slice(1)}-${Date.now()}.json`;
    writeFileSync(path.join(reports, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) throw new Error(`${url} ended at ${finalPath}: not signed in?`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
  };
}

async function main(): Promise<void> {
  cleanUpOnSignals();
  const server = await startServer();
  const browser: Browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: CHROME_ARGS,
  });
  onCleanup(() => browser.close());
  // Two browser contexts: Lighthouse clears the sign-in page's storage, which must not sign the other out.
  const signedOut = await (await browser.createBrowserContext()).newPage();
  const signedIn = await (await browser.createBrowserContext()).newPage();
  await signIn(signedIn, server.url, server.email, server.password);

  const runs = new Map<string, TRun[]>(PAGES.map((page) => [page, []]));
  for (let run = 1; run <= RUNS; run += 1) {
    for (const page of PAGES) {
      const isSignedIn = page !== '/login';
      const result = await measure(isSignedIn ? signedIn : signedOut, `${server.url}${page}`, isSignedIn);
      runs.get(page)?.push(result);
      console.info(`run ${run}/${RUNS} ${page}: ${result.score}`);
    }
  }

  console.info(
    `\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile emulation, ${server.url}`,
  );
  console.info('| page | performance | FCP | LCP | TBT | CLS | transferred |');
  console.info('|---|---|---|---|---|---|---|');
  let failing = 0;
  for (const [page, results] of runs) {
    const of = (key: keyof TRun) => median(results.map((result) => result[key]));
    const score = of('score');
    if (score < 90) failing += 1;
    console.info(
      `| ${page} | ${score} | ${(of('fcp') / 1000).toFixed(1)} s | ${(of('lcp') / 1000).toFixed(1)} s | ` +
        `${Math.round(of('tbt'))} ms | ${of('cls').toFixed(3)} | ${Math.round(of('bytes') / 1000)} KB |`,
    );
  }
  if (failing > 0) console.info(`\n${failing} page(s) under the target of 90`);
}

main()
  .catch((error: unknown) => {
    console.error('lighthouse:', error);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
