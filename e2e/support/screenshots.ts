import { mkdirSync } from 'node:fs';

/**
 * Where the browser tests save their pictures, ending in a slash: `docs/screenshots/` under
 * `npm run screenshots` (which sets LOUPE_SCREENSHOTS=1), `test-results/screenshots/` (ignored by git)
 * otherwise, so that `npm test` takes the same pictures of the same pages and leaves the tree as it was.
 */
export const SCREENSHOTS = new URL(
  process.env.LOUPE_SCREENSHOTS === '1' ? '../../docs/screenshots/' : '../../test-results/screenshots/',
  import.meta.url,
).pathname;

mkdirSync(SCREENSHOTS, { recursive: true });
