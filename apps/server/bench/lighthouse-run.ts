// What `npm run lighthouse` and `npm run lighthouse:floor` share: one Lighthouse run of a page, and the table of
// the medians.

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { median } from './signed-in-browser.ts';

export type TLighthouseRun = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
};

/**
 * Lighthouse's performance category for `url` with its defaults (mobile emulation, simulated slow 4G and a 4×
 * slower CPU), on a cold HTTP cache. `keepStorage` keeps the page's storage (a signed-in session).
 * LIGHTHOUSE_REPORTS=dir keeps each run's full report (JSON) there, to see where the time goes.
 */
export async function measureLighthouse(
  page: Page,
  url: string,
  options: { keepStorage: boolean },
): Promise<TLighthouseRun> {
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.detach();
  const result = await lighthouse(
    url,
    { logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: options.keepStorage },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${new URL(url).pathname.slice(1).replace(/\//g, '_')}-${Date.now()}.json`;
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

/** The medians of each page's runs as a Markdown table, each run's score beside them; how many are under 90. */
export function printLighthouseTable(runs: ReadonlyMap<string, readonly TLighthouseRun[]>): number {
  console.info('| page | performance | runs | FCP | LCP | TBT | CLS | transferred |');
  console.info('|---|---|---|---|---|---|---|---|');
  let failing = 0;
  for (const [page, results] of runs) {
    const of = (key: keyof TLighthouseRun) => median(results.map((result) => result[key]));
    const score = of('score');
    if (score < 90) failing += 1;
    console.info(
      `| ${page} | ${score} | ${results.map((result) => result.score).join(', ')} | ` +
        `${(of('fcp') / 1000).toFixed(1)} s | ${(of('lcp') / 1000).toFixed(1)} s | ` +
        `${Math.round(of('tbt'))} ms | ${of('cls').toFixed(3)} | ${Math.round(of('bytes') / 1000)} KB |`,
    );
  }
  return failing;
}
