// `npm run bench:main-thread`: how long a cold load of a page keeps the browser's main thread busy, in the
// system Chromium without throttling on Lighthouse's phone screen, and what Lighthouse's mobile run would make
// of those tasks (it multiplies each by 4 and counts what a task holds over 50 ms as blocking; here from the
// navigation on, where Lighthouse's TBT starts at the first paint, so this is the larger figure). The median of
// MAIN_THREAD_RUNS loads (7) of each of MAIN_THREAD_PAGES (/login,/dashboard,/orders), signed in but with an
// empty HTTP cache. Steadier than Lighthouse's own TBT (issue 35 §4): compare two builds back to back with it.
//
// LIGHTHOUSE_URL (with LIGHTHOUSE_EMAIL and LIGHTHOUSE_PASSWORD) measures a running Loupe instead.

import puppeteer, { type Page } from 'puppeteer-core';
import { cleanUpAll, cleanUpOnSignals, onCleanup } from './bench-processes.ts';
import { CHROME_ARGS, CHROME_PATH, median, signIn, startServer } from './signed-in-browser.ts';

const PAGES = (process.env.MAIN_THREAD_PAGES ?? '/login,/dashboard,/orders').split(',');
const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 7);
/** Lighthouse's simulated phone: a CPU 4 times slower, and a task blocks for what it holds over 50 ms. */
const CPU_SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;
/** Lighthouse's phone (its default screen emulation): the layout it measures, the sidebar folded away. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** After the network is quiet, the renders that its answers cause. */
const SETTLE_MS = 1_500;

type TTraceEvent = {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly args?: { readonly name?: string };
};
type TLoad = { busy: number; blocking: number; longest: number; modules: number; styleLayout: number };

/** The page's main thread: of the renderers' main threads in the trace, the busiest. */
function mainThreadEvents(events: readonly TTraceEvent[]): TTraceEvent[] {
  const threads = new Map<string, TTraceEvent[]>();
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !mains.has(key)) continue;
    threads.set(key, [...(threads.get(key) ?? []), event]);
  }
  const busy = (list: readonly TTraceEvent[]) =>
    list.filter((event) => event.name === 'RunTask').reduce((sum, event) => sum + (event.dur ?? 0), 0);
  return [...threads.values()].sort((a, b) => busy(b) - busy(a))[0] ?? [];
}

function summarise(events: readonly TTraceEvent[]): TLoad {
  const ms = (names: readonly string[]) =>
    events.filter((event) => names.includes(event.name)).reduce((sum, event) => sum + (event.dur ?? 0), 0) /
    1000;
  const tasks = events.filter((event) => event.name === 'RunTask').map((event) => (event.dur ?? 0) / 1000);
  return {
    busy: tasks.reduce((sum, task) => sum + task, 0),
    blocking: tasks.reduce((sum, task) => sum + Math.max(0, task * CPU_SLOWDOWN - BLOCKING_AFTER_MS), 0),
    longest: Math.max(0, ...tasks),
    modules: ms(['v8.evaluateModule']),
    styleLayout: ms(['UpdateLayoutTree', 'Layout']),
  };
}

async function load(page: Page, url: string): Promise<TLoad> {
  await page.goto('about:blank');
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.detach();
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const trace = await page.tracing.stop();
  if (!trace) throw new Error(`no trace of ${url}`);
  const parsed = JSON.parse(Buffer.from(trace).toString('utf8')) as { traceEvents: TTraceEvent[] };
  return summarise(mainThreadEvents(parsed.traceEvents));
}

async function main(): Promise<void> {
  cleanUpOnSignals();
  const server = await startServer();
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_ARGS });
  onCleanup(() => browser.close());
  const signedOut = await (await browser.createBrowserContext()).newPage();
  const signedIn = await (await browser.createBrowserContext()).newPage();
  await Promise.all([signedOut.setViewport(PHONE), signedIn.setViewport(PHONE)]);
  await signIn(signedIn, server.url, server.email, server.password);

  console.info(`Main thread of a cold load, median of ${RUNS}, no throttling, ${server.url}`);
  console.info('| page | busy | blocking at 4× | longest task | module evaluation | style and layout |');
  console.info('|---|---|---|---|---|---|');
  for (const path of PAGES) {
    const loads: TLoad[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      loads.push(await load(path === '/login' ? signedOut : signedIn, `${server.url}${path}`));
    }
    const of = (key: keyof TLoad) => `${Math.round(median(loads.map((one) => one[key])))} ms`;
    console.info(
      `| ${path} | ${of('busy')} | ${of('blocking')} | ${of('longest')} | ${of('modules')} | ${of('styleLayout')} |`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error('main-thread:', error);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
