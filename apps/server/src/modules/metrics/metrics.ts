import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { loupeVersion } from '../../lib/loupe-version.ts';
import { bearerToken } from '../auth/current-user.ts';
import type { TIngestBacklog } from '../ingest/batch-queue.ts';

export type TMetricsOptions = {
  /** METRICS_TOKEN: absent, /metrics is off (404). */
  readonly token: string | undefined;
  readonly db: TDatabase;
  readonly clock: TClock;
  readonly ingestBacklog: () => TIngestBacklog;
  readonly newestBackupAt: () => Promise<Date | null>;
};

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `GET /metrics` in Prometheus' text format (docs/deployment.md, decision 018): requests by route (their rate
 * is Prometheus' rate() of the counter) and their latency histogram, the ingest pipeline's lag and queue, the
 * customer messages waiting to be sent, the age of the newest backup, and Node's own process metrics. It
 * answers only the bearer METRICS_TOKEN (compared in constant time); without the variable it does not exist.
 * Routes are labelled by their pattern (`/api/v1/orders/:id`), never by the path a caller sent.
 */
export function registerMetrics(app: FastifyInstance, options: TMetricsOptions): void {
  const registry = new Registry();
  registry.setDefaultLabels({ version: loupeVersion() });
  collectDefaultMetrics({ register: registry, prefix: 'loupe_' });
  const requests = new Counter({
    name: 'loupe_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'loupe_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'loupe_ingest_lag_seconds',
    help: 'How long the oldest RFID payload not yet committed has waited (0 when none).',
    registers: [registry],
    collect() {
      this.set(options.ingestBacklog().lagMs / 1000);
    },
  });
  new Gauge({
    name: 'loupe_ingest_queued_reads',
    help: 'RFID reads accepted and not yet committed.',
    registers: [registry],
    collect() {
      this.set(options.ingestBacklog().queuedReads);
    },
  });
  new Gauge({
    name: 'loupe_ingest_waiting_payloads',
    help: 'Reader payloads held back because the ingest queue is full (their readers wait).',
    registers: [registry],
    collect() {
      this.set(options.ingestBacklog().waitingPayloads);
    },
  });
  new Gauge({
    name: 'loupe_customer_messages_queued',
    help: 'Customer messages (SMS, mail) waiting to be sent or retried.',
    registers: [registry],
    async collect() {
      const result = (await options.db.execute(
        sql`SELECT count(*)::int AS queued FROM customer_messages WHERE status = 'queued'`,
      )) as unknown as { rows: { queued: number }[] };
      this.set(result.rows[0]?.queued ?? 0);
    },
  });
  new Gauge({
    name: 'loupe_backup_age_seconds',
    help: 'Seconds since the newest finished backup in BACKUP_DIR; -1 when there is none.',
    registers: [registry],
    async collect() {
      const newest = await options.newestBackupAt();
      this.set(newest ? (options.clock().getTime() - newest.getTime()) / 1000 : -1);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  // Not part of the API: left out of its OpenAPI document (the generated-request test reads that).
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!options.token)
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'metrics are off (METRICS_TOKEN)' });
    if (!safeEqual(options.token, bearerToken(request) ?? '')) {
      return reply
        .status(401)
        .send({ code: 'UNAUTHENTICATED', message: 'the metrics token is missing or wrong' });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
