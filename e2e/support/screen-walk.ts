import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { Page, Request } from '@playwright/test';

/**
 * Walking the app as a person clicks through it, fast: client-side navigation (the app stays loaded and
 * signed in), a screen is settled once its API calls are answered, and every API call the server refused
 * (401/403) is kept against the screen that made it.
 */
export type TScreenWalker = {
  /** Opens `path` as a link in the app would, and waits until its data is in. */
  open(path: string): Promise<void>;
  /** Waits until no API call is in flight (and none started) for a moment. */
  settle(): Promise<void>;
  /** The refused API calls since the last call of `refusals`. */
  refusals(): string[];
};

const QUIET_MS = 150;
const SETTLE_LIMIT_MS = 15_000;

export function walkerFor(page: Page): TScreenWalker {
  const inFlight = new Set<Request>();
  let refused: string[] = [];
  let lastChange = Date.now();
  const isApi = (request: Request) =>
    request.url().includes('/api/') &&
    request.resourceType() !== 'eventsource' &&
    request.resourceType() !== 'websocket';
  page.on('request', (request) => {
    if (!isApi(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    if (!isApi(response.request())) return;
    if (response.status() === 401 || response.status() === 403) {
      refused.push(
        `${response.request().method()} ${new URL(response.url()).pathname} → ${response.status()}`,
      );
    }
  });

  async function settle(): Promise<void> {
    const started = Date.now();
    // A moment for the screen to start its calls, then until they are all answered and none follows.
    await page.waitForTimeout(50);
    while (Date.now() - started < SETTLE_LIMIT_MS) {
      if (inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS) break;
      await page.waitForTimeout(40);
    }
    await page
      .getByRole('status', { name: /^Loading/ })
      .first()
      .waitFor({ state: 'detached', timeout: SETTLE_LIMIT_MS })
      .catch(() => undefined);
  }

  return {
    async open(path) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }, path);
      await settle();
    },
    settle,
    refusals() {
      const answer = refused;
      refused = [];
      return answer;
    },
  };
}

/**
 * Why the screen on show is a dead end (Access Denied, page not found), or null. With `orRefusal`, a screen
 * that refuses the role what it came for ("You can't create orders") counts too: a link must not lead there.
 */
export async function deadEndOnScreen(
  page: Page,
  options: { orRefusal?: boolean } = {},
): Promise<string | null> {
  const refusal = options.orRefusal ? "|You can['’]t .+" : '';
  const heading = page.getByRole('heading', {
    name: new RegExp(`^(${ERROR_MESSAGES.accessDenied}|Page not found${refusal})$`),
  });
  if ((await heading.count()) === 0) return null;
  return (await heading.first().textContent()) ?? 'dead end';
}

/** The in-app links on screen (visible ones), as path and query; downloads and API calls left out. */
export async function linksOnScreen(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) =>
      anchors
        .filter((anchor) => anchor.getClientRects().length > 0 && !anchor.hasAttribute('download'))
        .map((anchor) => (anchor as HTMLAnchorElement).href),
    );
  const origin = new URL(page.url()).origin;
  const links = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin || url.pathname.startsWith('/api/')) continue;
    links.add(`${url.pathname}${url.search}`);
  }
  return [...links];
}

/** A link's shape, ids folded: one order page stands for all of them. */
export function shapeOf(path: string): string {
  return path
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/=\d+\b/g, '=:n')
    .replace(/\/\d+(?=\/|$|\?)/g, '/:n')
    .replace(/\/(DEPT|STATION|LOC)\w+/g, '/:code');
}
