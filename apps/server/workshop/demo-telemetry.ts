import type { TClientError, TRequestMetric } from '@loupe/domain/system/client-telemetry';
import type { LoupeClient } from './loupe-client.ts';
import { chance, pick, randomInt, seededRandom, type TRandom } from './random.ts';

/** The screens staff use most, with the API calls each makes and how long those usually take (ms). */
const SCREEN_CALLS = [
  { route: '/dashboard', method: 'GET', endpoint: '/api/v1/tracking/stats', typicalMs: 90 },
  { route: '/orders', method: 'GET', endpoint: '/api/v1/orders', typicalMs: 140 },
  { route: '/orders/:id', method: 'GET', endpoint: '/api/v1/orders/:id', typicalMs: 60 },
  { route: '/orders/:id', method: 'PATCH', endpoint: '/api/v1/orders/:id', typicalMs: 110 },
  { route: '/repairs', method: 'GET', endpoint: '/api/v1/repairs', typicalMs: 120 },
  { route: '/workflow-dashboard', method: 'GET', endpoint: '/api/v1/workflow/board', typicalMs: 260 },
  { route: '/my-tasks', method: 'GET', endpoint: '/api/v1/workflow/my-tasks', typicalMs: 70 },
  { route: '/workflow-analytics', method: 'GET', endpoint: '/api/v1/analytics/workflow', typicalMs: 900 },
] as const;

/** What goes wrong in a workshop's browsers: a tab left open over an upgrade, a flaky shop Wi-Fi. */
const CLIENT_ERRORS = [
  {
    source: 'unhandled-rejection',
    message: 'Failed to fetch dynamically imported module: /assets/series-charts-BWEcd7OV.js',
    route: '/workflow-analytics',
  },
  { source: 'window', message: 'TypeError: Failed to fetch', route: '/orders' },
  {
    source: 'render',
    message: "TypeError: Cannot read properties of undefined (reading 'map')",
    route: '/workflow-dashboard',
  },
] as const satisfies readonly Pick<TClientError, 'source' | 'message' | 'route'>[];

/** A request time around its typical figure, with the long tail real networks have. */
function durationAround(random: TRandom, typicalMs: number): number {
  const spread = typicalMs * (0.5 + random());
  return Math.round(chance(random, 0.04) ? spread * randomInt(random, 8, 20) : spread);
}

/**
 * What the staff's browsers would have reported over the last day (Settings › System health): a few
 * hundred request timings per person, a handful slower than 3 s, one request that got no answer, and a few
 * client errors. Sent through the same endpoint the browsers use. Returns how many timings and errors.
 * The unanswered request is the newest (the Wi-Fi dropped a minute ago), so that it heads the slow
 * requests, newest first, even when the browsers' own slow requests of a busy day fill the list's 50 rows.
 */
export async function reportDemoBrowserTelemetry(
  clients: readonly LoupeClient[],
  options: { seed?: number; now?: number } = {},
): Promise<{ metrics: number; errors: number }> {
  const random = seededRandom(options.seed ?? 36);
  const now = options.now ?? Date.now();
  const within24Hours = () => new Date(now - randomInt(random, 60_000, 23 * 3_600_000)).toISOString();
  let metrics = 0;
  let errors = 0;
  for (const [index, client] of clients.entries()) {
    const batchMetrics: TRequestMetric[] = Array.from({ length: randomInt(random, 120, 260) }, () => {
      const call = pick(random, SCREEN_CALLS);
      return {
        at: within24Hours(),
        method: call.method,
        endpoint: call.endpoint,
        route: call.route,
        status: chance(random, 0.01) ? 503 : 200,
        durationMs: durationAround(random, call.typicalMs),
        correlationId: null,
      };
    });
    if (index === 0) {
      batchMetrics.push({
        at: new Date(now - 60_000).toISOString(),
        method: 'GET',
        endpoint: '/api/v1/orders',
        route: '/orders',
        status: 0,
        durationMs: 30_000,
        correlationId: null,
      });
    }
    const batchErrors: TClientError[] = CLIENT_ERRORS.filter(
      (_, errorIndex) => errorIndex % clients.length === index,
    ).map((error) => ({ ...error, at: within24Hours(), stack: null, correlationId: null }));
    await client.request('POST', '/telemetry/client', { errors: batchErrors, metrics: batchMetrics });
    metrics += batchMetrics.length;
    errors += batchErrors.length;
  }
  return { metrics, errors };
}
