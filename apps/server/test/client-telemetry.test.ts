import { CLIENT_TELEMETRY } from '@loupe/domain/config/client-telemetry';
import { METRICS } from '@loupe/domain/config/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';

/**
 * Issue 36 §2: every signed-in browser reports its own errors and request timings; admins read them on the
 * System health page; nothing personal is kept beyond the user id, and nothing past its retention.
 */
describe.each(TEST_DATABASES)('client error and performance tracking on %s', (database) => {
  let t: TTestApp;
  let admin: TTestClient;
  let sales: TTestClient;
  let salesId: string;

  beforeAll(async () => {
    t = await createTestApp({ database });
    admin = (await t.clientAs('admin')).client;
    const signedIn = await t.clientAs('salesperson');
    sales = signedIn.client;
    salesId = signedIn.user.id;
  });
  afterAll(() => t.close());

  const at = () => t.clock().toISOString();
  // Endpoints without digits: a segment with one is an id to telemetry, and becomes ':id'.
  const uniqueEndpoint = (name: string) =>
    `/api/v1/${name}-${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const metric = (endpoint: string, durationMs: number, status = 200) => ({
    at: at(),
    method: 'GET',
    endpoint,
    status,
    durationMs,
    route: '/orders',
    correlationId: `c-${durationMs}`,
  });

  const report = (client: TTestClient, body: unknown) =>
    client.request('POST', '/api/v1/telemetry/client', {
      body,
      headers: { 'x-client-version': '1.4.0' },
      // Sent with keepalive when the page hides, without a CSRF token: the bearer is what protects it.
      withoutCsrf: true,
    });

  const health = async (hours = 24) => {
    const response = await admin.request('GET', `/api/v1/telemetry/health?hours=${hours}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it("keeps a user's report under their id, scrubbed, and shows it to admins", async () => {
    const endpoint = uniqueEndpoint('reports');
    const response = await report(sales, {
      errors: [
        {
          at: at(),
          source: 'render',
          message: 'TypeError: no customer ada@example.com, call +44 20 7946 0958',
          stack: 'TypeError: boom\n    at JobDetail (job-detail.tsx:12:5)',
          route: '/orders/0f8c5a86-1d9b-4c61-9d7e-2a8b2f1f3e11?search=Ada',
          correlationId: 'corr-render-1',
        },
      ],
      metrics: [100, 200, 300, 400, 5000].map((ms) => metric(`${endpoint}?q=Ada`, ms)),
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().data).toEqual({ errors: 1, metrics: 5 });

    const data = await health();
    expect(data.slowRequestThresholdMs).toBe(METRICS.slowRequestThresholdMs);
    const error = data.recentErrors.find(
      (entry: { correlationId: string | null }) => entry.correlationId === 'corr-render-1',
    );
    expect(error).toMatchObject({
      source: 'render',
      message: 'TypeError: no customer [email], call [number]',
      route: '/orders/:id',
      userId: salesId,
      userName: expect.any(String),
      clientVersion: '1.4.0',
    });
    const timing = data.endpoints.find((row: { endpoint: string }) => row.endpoint === endpoint);
    // percentile_cont: the median of five, and 95 % of the way from the fourth to the fifth.
    expect(timing).toEqual({ method: 'GET', endpoint, count: 5, p50Ms: 300, p95Ms: 4080, errorCount: 0 });
    const slow = data.slowRequests.filter((row: { endpoint: string }) => row.endpoint === endpoint);
    expect(slow).toEqual([
      expect.objectContaining({ durationMs: 5000, correlationId: 'c-5000', userId: salesId }),
    ]);
  });

  it('refuses more than one full queue of each (spec §9: 100 errors, 1,000 metrics)', async () => {
    const error = { at: at(), source: 'log', message: 'x', stack: null, route: '/', correlationId: null };
    const tooManyErrors = await report(sales, {
      errors: Array.from({ length: METRICS.errorQueueSize + 1 }, () => error),
      metrics: [],
    });
    expect(tooManyErrors.statusCode).toBe(400);
    const tooManyMetrics = await report(sales, {
      errors: [],
      metrics: Array.from({ length: METRICS.maxEntries + 1 }, () => metric('/api/v1/x', 1)),
    });
    expect(tooManyMetrics.statusCode).toBe(400);
  });

  it('refuses a time no browser could have read, which the health page could not show', async () => {
    // Year 0 an hour ahead of UTC is year -1 in UTC, and 9999 two hours behind is 10000: a browser's clock
    // never says so, and no ISO timestamp of the page's answer could carry it (a 500 once it was stored). The
    // API's years (2000–2100) hold here as for every time it is sent.
    for (const time of ['0000-01-01T00:30:00+01:00', '9999-12-31T23:30:00-02:00', '1999-12-31T23:59:59Z']) {
      const response = await report(sales, {
        errors: [],
        metrics: [{ ...metric('/api/v1/x', 9000), at: time }],
      });
      expect(response.statusCode, time).toBe(400);
    }
    await health();
  });

  it('lets any signed-in user report, nobody signed out, and only admins read', async () => {
    for (const role of ['designer', 'qa'] as const) {
      const { client } = await t.clientAs(role);
      expect((await report(client, { errors: [], metrics: [] })).statusCode).toBe(202);
      expect((await client.request('GET', '/api/v1/telemetry/health')).statusCode).toBe(403);
    }
    const { client: manager } = await t.clientAs('manager');
    expect((await manager.request('GET', '/api/v1/telemetry/health')).statusCode).toBe(403);
    const anonymous = t.client();
    expect((await report(anonymous, { errors: [], metrics: [] })).statusCode).toBe(401);
  });

  // Last: it moves the clock past every token's life.
  it('forgets reports after the retention period', async () => {
    const endpoint = uniqueEndpoint('retention');
    expect((await report(sales, { errors: [], metrics: [metric(endpoint, 4000)] })).statusCode).toBe(202);
    t.clock.advance(CLIENT_TELEMETRY.retentionMs - 60_000);
    expect(await t.app.loupe.clientTelemetry.sweepExpired()).toBe(0);
    t.clock.advance(120_000);
    expect(await t.app.loupe.clientTelemetry.sweepExpired()).toBeGreaterThanOrEqual(1);
    const rows = await t.app.loupe.clientTelemetry.health(
      { id: 'admin', email: 'a@b.test', role: 'admin', emailVerified: true, sessionId: null },
      { hours: 24 * 14 },
    );
    expect(rows.endpoints.find((row) => row.endpoint === endpoint)).toBeUndefined();
  });
});
