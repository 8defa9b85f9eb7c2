// `npm run lighthouse`: Lighthouse's performance score (mobile emulation, simulated slow 4G and a 4× slower
// CPU: its defaults) for /login, /dashboard and /orders, the median of LIGHTHOUSE_RUNS runs (3) each, in the
// system Chromium. Signed-in pages are measured signed in (the session stays in the browser's storage) but
// with an empty HTTP cache, as a first visit of the day would be. Issue 35 §4: target 90 or more on each.
//
// LIGHTHOUSE_REPORTS=dir keeps each run's full report (JSON) there, to see where the time goes;
// LIGHTHOUSE_PAGES=/dashboard,/orders measures only those pages.
// LIGHTHOUSE_URL=http://host:port (with LIGHTHOUSE_EMAIL and LIGHTHOUSE_PASSWORD) measures a running Loupe,
// e.g. the demo; without it the bench starts Loupe from the current web build on an empty database.

import puppeteer, { type Browser } from 'puppeteer-core';
import { cleanUpAll, cleanUpOnSignals, onCleanup } from './bench-processes.ts';
import { measureLighthouse, printLighthouseTable, type TLighthouseRun } from './lighthouse-run.ts';
import { CHROME_ARGS, CHROME_PATH, signIn, startServer } from './signed-in-browser.ts';

const PAGES: readonly string[] = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/login',
  '/dashboard',
  '/orders',
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

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

  const runs = new Map<string, TLighthouseRun[]>(PAGES.map((page) => [page, []]));
  for (let run = 1; run <= RUNS; run += 1) {
    for (const page of PAGES) {
      const isSignedIn = page !== '/login';
      const result = await measureLighthouse(isSignedIn ? signedIn : signedOut, `${server.url}${page}`, {
        keepStorage: isSignedIn,
      });
      runs.get(page)?.push(result);
      console.info(`run ${run}/${RUNS} ${page}: ${result.score}`);
    }
  }

  console.info(
    `\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile emulation, ${server.url}`,
  );
  const failing = printLighthouseTable(runs);
  if (failing > 0) console.info(`\n${failing} page(s) under the target of 90`);
}

main()
  .catch((error: unknown) => {
    console.error('lighthouse:', error);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
