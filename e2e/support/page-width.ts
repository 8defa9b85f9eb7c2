import type { Page } from '@playwright/test';

/** The three screens issue 35 names: a phone, a tablet upright, a laptop. */
export const SCREEN_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Requests of the page in flight (the live connection's transport aside), for `settle`. */
export function trackRequests(page: Page): () => number {
  const inFlight = new Set<unknown>();
  const counts = (url: string) => !url.includes('/socket.io/');
  page.on('request', (request) => {
    if (counts(request.url())) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return () => inFlight.size;
}

/**
 * Waits until the page is drawn: no request in flight for a moment (route chunks, API calls), no spinner or
 * skeleton left, and a frame painted after that.
 */
export async function settle(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) break;
    await page.waitForTimeout(25);
  }
  // A spinner that never stops is another test's business: the page is measured as it is by then.
  await page
    .waitForFunction(
      () =>
        document.querySelector(
          '[data-slot="loading-spinner"], [data-slot="skeleton"], [data-testid="analytics-loading"], [aria-busy="true"]',
        ) === null,
      undefined,
      { timeout: 15_000 },
    )
    .catch((error: unknown) => console.warn(`${page.url()} still shows a spinner after 15 s`, error));
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
}

/** Opens `path` inside the running app, as its links do (no reload), and waits until it is drawn. */
export async function openInApp(page: Page, path: string, inFlight: () => number): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await settle(page, inFlight);
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
