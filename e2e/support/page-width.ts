import { expect, type Page, type Request } from '@playwright/test';

/** The three screens issue 35 names: a phone, a tablet upright, a laptop. */
export const SCREEN_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

export type TScreenSize = (typeof SCREEN_SIZES)[number];

/** The shell's stored theme choice (spec §3), which the theme provider also follows from other tabs. */
export const THEME_KEY = 'admin-ui-theme';
export type TThemeName = 'light' | 'dark';

/** How long a screen may take to load its data before the sweep calls it stuck (a busy CI machine). */
const SETTLE_LIMIT_MS = 30_000;
/** No request started or ended for this long: the screen has asked for all it shows. */
const QUIET_MS = 150;

/** What a screen is waiting for, for `settle`: route chunks and API calls in flight, and when the last began or ended. */
export type TRequestTracker = {
  readonly inFlight: () => readonly Request[];
  readonly lastActivity: () => number;
};

/**
 * Requests the screen waits on: scripts, styles and API calls. Left out: the live connection's transport
 * (long-polls while connected) and the client telemetry report, which is fire-and-forget; the report the
 * shell sends with `keepalive` as it unmounts (a full-screen TV page) is never reported finished by
 * Chromium, and a settle that waited for it sat out its whole limit on every later route.
 */
function awaited(request: Request): boolean {
  const url = request.url();
  return !url.includes('/socket.io/') && !url.includes('/api/v1/telemetry/client');
}

export function trackRequests(page: Page): TRequestTracker {
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  page.on('request', (request) => {
    if (!awaited(request)) return;
    inFlight.add(request);
    lastActivity = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastActivity = Date.now();
  };
  // An API call is in once its answer is: Chromium never reports a fetch finished whose body the page
  // does not read (the approval page reads only the status of a 404), and what the answer shows is
  // waited for below as the loading indicators going away.
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') done(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { inFlight: () => [...inFlight], lastActivity: () => lastActivity };
}

const LOADING_INDICATORS =
  '[data-slot="loading-spinner"], [data-slot="skeleton"], [data-testid="analytics-loading"], [aria-busy="true"]';

/** Two frames, so what React rendered last is laid out and painted. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
}

/**
 * Waits until the screen shows its data: no request in flight and none begun or ended for a moment (route
 * chunks, API calls, the calls their answers lead to), no spinner or skeleton left, and the transitions
 * and one-off animations it started (a sidebar sliding, a dialog fading in) finished. Throws, naming what
 * it still waits for, when that takes longer than SETTLE_LIMIT_MS: a screen that never finishes loading is
 * a finding, not something to measure as it is.
 */
export async function settle(page: Page, requests: TRequestTracker, quietMs = QUIET_MS): Promise<void> {
  const started = Date.now();
  const deadline = started + SETTLE_LIMIT_MS;
  await nextFrames(page);
  for (;;) {
    const pending = requests.inFlight();
    if (pending.length === 0 && Date.now() - Math.max(started, requests.lastActivity()) >= quietMs) break;
    if (Date.now() > deadline) {
      const urls = pending.map((request) => new URL(request.url()).pathname);
      throw new Error(`still loading after ${SETTLE_LIMIT_MS / 1000} s: ${urls.join(', ')}`);
    }
    await page.waitForTimeout(25);
  }
  await page
    .waitForFunction((selector) => document.querySelector(selector) === null, LOADING_INDICATORS, {
      timeout: Math.max(deadline - Date.now(), 1_000),
    })
    .catch(() => {
      throw new Error(`still shows a loading indicator after ${SETTLE_LIMIT_MS / 1000} s`);
    });
  await animationsDone(page);
}

/** Finite animations and transitions under way have ended (a spinning icon runs forever: not waited for). */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    // A paused or very long one (a countdown) is not waited for past a moment.
    const moment = new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.race([
      moment,
      Promise.all(finite.map((animation) => animation.finished.catch(() => null))),
    ]);
  });
  await nextFrames(page);
}

/** Opens `path` inside the running app, as its links do (no reload), and waits until it is drawn. */
export async function openInApp(page: Page, path: string, requests: TRequestTracker): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await settle(page, requests);
}

/** The loaded screen at another window size, laid out again (and whatever that loads, loaded). */
export async function resizeTo(page: Page, size: TScreenSize, requests: TRequestTracker): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  // A layout change seldom asks for anything: a shorter quiet moment, time enough for a call to begin.
  await settle(page, requests, 50);
}

/**
 * Paints the screen in `theme` without reloading it: the stored choice changes and the theme provider is
 * told as when another tab changes it (its `storage` listener), then its colour transitions run out.
 */
export async function showTheme(page: Page, theme: TThemeName): Promise<void> {
  const changed = await page.evaluate(
    ([key, value]) => {
      if (document.documentElement.classList.contains(value)) return false;
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
      return true;
    },
    [THEME_KEY, theme] as const,
  );
  if (!changed) return;
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  await animationsDone(page);
}

export type TPageWidth = {
  /** document.scrollingElement.scrollWidth: how wide the page can be scrolled. */
  readonly scrollWidth: number;
  readonly innerWidth: number;
  /** The innermost elements reaching past the right edge, to say what to fix. */
  readonly widest: string[];
};

/** How wide the page is against the window, with what sticks out when it is wider. */
export async function measurePageWidth(page: Page): Promise<TPageWidth> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    const widest: string[] = [];
    // Inside a container that scrolls or clips sideways (the settings menu on a phone), reaching past the
    // edge is that container's business, not the page's: such elements are not named.
    const clipped = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    if (scrollWidth > width) {
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        if (clipped(element)) continue;
        const right = element.getBoundingClientRect().right;
        const childOut = Array.from(element.children).some(
          (child) => child.getBoundingClientRect().right > width + 1,
        );
        if (right > width + 1 && !childOut && widest.length < 5) {
          const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
          widest.push(`<${element.tagName.toLowerCase()}> "${label}" ends at ${Math.round(right)} px`);
        }
      }
    }
    return { scrollWidth, innerWidth: width, widest };
  });
}
