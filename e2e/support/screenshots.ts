import { mkdirSync } from 'node:fs';
import type { Locator, Page, PageScreenshotOptions } from '@playwright/test';

/** `npm run screenshots` sets it: the browser tests then save the pictures of docs/screenshots/. */
export const TAKING_SCREENSHOTS = process.env.LOUPE_SCREENSHOTS === '1';

/**
 * Where the browser tests save their pictures, ending in a slash: `docs/screenshots/` under
 * `npm run screenshots`; `test-results/screenshots/` (ignored by git) otherwise.
 */
export const SCREENSHOTS = new URL(
  TAKING_SCREENSHOTS ? '../../docs/screenshots/' : '../../test-results/screenshots/',
  import.meta.url,
).pathname;

mkdirSync(SCREENSHOTS, { recursive: true });

/**
 * A picture of the page (or of one part of it) for docs/screenshots, taken only by `npm run screenshots`:
 * `npm test` walks the same steps and checks the same things but keeps no pictures, so it leaves the tree
 * as it was and spends no time on them (a full-page picture costs up to a second of a CI core; the suite
 * takes about 85).
 */
export async function saveScreenshot(target: Page | Locator, options: PageScreenshotOptions): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  await target.screenshot(options);
}
