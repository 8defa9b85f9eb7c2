import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/**
 * Issue 42 §5: GET /metrics speaks Prometheus' text format to whoever holds METRICS_TOKEN, and to nobody
 * else; without the variable it does not exist. /api/health stays public.
 */

const TOKEN = 'metrics-token-for-the-test-0123';

/** The value of the sample `name` whose labels include `labels` (in any order), or undefined. */
function sample(body: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of body.split('\n')) {
    const match = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('refuses a scrape without the token or with another one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('loupe_http_requests_total');
  });

  it('counts requests by route pattern and times them in a histogram', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/v1/orders/00000000-0000-4000-8000-000000000000' });
    const body = await scrape();
    const health = { method: 'GET', route: '/api/health' };
    expect(sample(body, 'loupe_http_requests_total', { ...health, status: '200' })).toBe(3);
    // The pattern, never the id a caller sent.
    expect(body).toContain('route="/api/v1/orders/:id"');
    expect(body).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(sample(body, 'loupe_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(3);
    expect(sample(body, 'loupe_http_request_duration_seconds_count', health)).toBe(3);
  });

  it('reports the ingest lag, the queues and the backup age', async () => {
    const body = await scrape();
    expect(sample(body, 'loupe_ingest_lag_seconds', {})).toBe(0);
    expect(sample(body, 'loupe_ingest_queued_reads', {})).toBe(0);
    expect(sample(body, 'loupe_ingest_waiting_payloads', {})).toBe(0);
    expect(sample(body, 'loupe_customer_messages_queued', {})).toBe(0);
    // No backup yet.
    expect(sample(body, 'loupe_backup_age_seconds', {})).toBe(-1);
    expect(body).toContain('loupe_process_cpu_seconds_total');
  });

  it('keeps /api/health public', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer ' },
    });
    expect(response.statusCode).toBe(404);
  });
});
