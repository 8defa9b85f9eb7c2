/**
 * `npm run bench:analytics` (issue 13 §5): seeds a workshop's past — 100,000 orders and repairs with
 * 10,000,000 location events by default — on PostgreSQL (a throwaway database created next to
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards) and a smaller
 * one on PGlite in memory, then times every analytics query the screens make, several runs each after a
 * warm-up. Prints the seeding time and p50/p95 per query; asserts nothing. Target: p95 < 100 ms on PostgreSQL.
 *
 *   npm run bench:analytics
 *   BENCH_ANALYTICS_JOBS=10000 BENCH_ANALYTICS_EVENTS=500000 npm run bench:analytics   # a quick one
 *   BENCH_DATABASE_URL=none npm run bench:analytics                                    # PGlite only
 *
 * Environment: BENCH_ANALYTICS_JOBS (100000), BENCH_ANALYTICS_EVENTS (10000000), BENCH_ANALYTICS_PGLITE_JOBS
 * (10000), BENCH_ANALYTICS_PGLITE_EVENTS (500000), BENCH_ANALYTICS_RUNS (15), BENCH_DATABASE_URL.
 *
 * Seed once, time many: BENCH_KEEP_DB=1 keeps the PostgreSQL database it seeded (and prints its address);
 * BENCH_REUSE_DB=<that address> skips PGlite and the seeding and only times the queries against it
 * (after running the migrations and, as the server does at start, filling any rollup the facts predate).
 *
 *   BENCH_KEEP_DB=1 BENCH_ANALYTICS_JOBS=20000 BENCH_ANALYTICS_EVENTS=2000000 npm run bench:analytics
 *   BENCH_REUSE_DB=postgres://postgres@127.0.0.1:5432/loupe_bench_analytics_xxxx npm run bench:analytics
 */
import { performance } from 'node:perf_hooks';
import type { TAnalyticsFilter } from '@loupe/domain/analytics/analytics-api';
import { addDays, percentile } from '@loupe/domain/analytics/statistics';
import { WORKING_CALENDAR_DEFAULTS } from '@loupe/domain/workflow/working-calendar';
import { sql } from 'drizzle-orm';
import { createRepositories } from '../src/composition/repositories.ts';
import { openDatabase, type TDatabaseHandle } from '../src/db/client.ts';
import { createJobReadModel } from '../src/job-read-model.ts';
import { createAnalyticsFactsRepository } from '../src/modules/analytics/facts-repository.ts';
import { createAnalyticsService } from '../src/modules/analytics/service.ts';
import { seedAnalyticsHistory } from './analytics-seed.ts';
import { withScratchDatabase } from './scratch-postgres.ts';

const numberOf = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const RUNS = numberOf('BENCH_ANALYTICS_RUNS', 15);
const NOW = new Date();
const manager = { id: '00000000-0000-0000-0000-000000000000', role: 'manager' as const };

type TQuery = { name: string; run: () => Promise<unknown> };

async function queries(handle: TDatabaseHandle): Promise<TQuery[]> {
  // A fresh service has nothing cached: its own job read model, as the app builds it.
  const service = () => {
    const calendar = async () => WORKING_CALENDAR_DEFAULTS;
    const clock = () => NOW;
    const repos = createRepositories(handle.db);
    return createAnalyticsService({
      repositories: repos.analytics,
      clock,
      calendar,
      jobStates: createJobReadModel({
        workflow: repos.workflow,
        predictions: repos.predictions,
        clock,
        calendar,
      }),
    });
  };
  const analytics = service();
  const pick = async (statement: ReturnType<typeof sql>) =>
    String(((await handle.db.execute(statement)) as { rows: { id: unknown }[] }).rows[0]?.id ?? '');
  const productTypeId = await pick(sql`select id::text as id from product_types order by name limit 1`);
  const salespersonId = await pick(
    sql`select id::text as id from users where role = 'salesperson' order by email limit 1`,
  );
  const locationId = await pick(sql`select id from locations order by id limit 1`);
  const today = NOW.toISOString().slice(0, 10);
  const base: TAnalyticsFilter = { kind: 'all' };
  const year: TAnalyticsFilter = { kind: 'all', from: addDays(today, -364), to: today };
  const withType = { ...base, productTypeId };
  return [
    { name: 'workflow (90 days)', run: () => analytics.workflow(manager, base) },
    { name: 'workflow, one product type', run: () => analytics.workflow(manager, withType) },
    { name: 'workflow, one location', run: () => analytics.workflow(manager, { ...base, locationId }) },
    { name: 'workflow, one salesperson', run: () => analytics.workflow(manager, { ...base, salespersonId }) },
    { name: 'workflow (a year)', run: () => analytics.workflow(manager, year) },
    { name: 'on-time (90 days)', run: () => analytics.onTime(manager, base) },
    { name: 'on-time, one product type', run: () => analytics.onTime(manager, withType) },
    { name: 'on-time (a year)', run: () => analytics.onTime(manager, year) },
    { name: 'product types (90 days)', run: () => analytics.productTypes(manager, base) },
    { name: 'product types (a year)', run: () => analytics.productTypes(manager, year) },
    { name: 'comparison (90 days vs before)', run: () => analytics.comparison(manager, base) },
    {
      name: 'root cause, stations (90 days)',
      run: () => analytics.rootCause(manager, { ...base, level: 'station' }),
    },
    {
      name: 'root cause, phases (90 days)',
      run: () => analytics.rootCause(manager, { ...base, level: 'phase' }),
    },
    // The step rollup counts by kind and location; other filters take the medians job by job.
    {
      name: 'root cause, stations, orders',
      run: () => analytics.rootCause(manager, { kind: 'order', level: 'station' }),
    },
    {
      name: 'root cause, stations, one location',
      run: () => analytics.rootCause(manager, { ...base, locationId, level: 'station' }),
    },
    {
      name: 'root cause, stations, one salesperson',
      run: () => analytics.rootCause(manager, { ...base, salespersonId, level: 'station' }),
    },
    {
      name: 'root cause, stations, one product type',
      run: () => analytics.rootCause(manager, { ...withType, level: 'station' }),
    },
    { name: 'capacity (6 weeks)', run: () => analytics.capacity(manager, { ...base, weeks: 6 }) },
    {
      name: 'capacity with a rush job',
      run: () =>
        analytics.capacity(manager, {
          ...base,
          weeks: 6,
          rushKind: 'order',
          rushProductTypeId: productTypeId,
        }),
    },
    { name: 'predictions (every open job)', run: () => analytics.predictions(manager, {}) },
    // A service of its own each run: the first visit in a minute, which reads the phase durations and makes
    // the plan (the service keeps both for 60 s, so the rows above time what the next visits wait for).
    {
      name: 'capacity, nothing cached',
      run: () => service().capacity(manager, { ...base, weeks: 6 }),
    },
    { name: 'predictions, nothing cached', run: () => service().predictions(manager, {}) },
  ];
}

/**
 * The machine's own pace, to compare figures taken on different machines (this one's speed changes from one
 * session to the next): the median time the database takes to sum 5,000,000 integers, a read of no table.
 */
async function referenceMs(handle: TDatabaseHandle): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    await handle.db.execute(sql`select sum(g) from generate_series(1, 5000000) as g`);
    times.push(performance.now() - started);
  }
  return percentile(times, 0.5) ?? Number.NaN;
}

async function measure(handle: TDatabaseHandle) {
  const results = new Map<string, { p50: number; p95: number }>();
  for (const query of await queries(handle)) {
    await query.run();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await query.run();
      times.push(performance.now() - started);
    }
    results.set(query.name, {
      p50: percentile(times, 0.5) ?? Number.NaN,
      p95: percentile(times, 0.95) ?? Number.NaN,
    });
  }
  return results;
}

async function bench(
  label: string,
  handle: TDatabaseHandle,
  size: { jobs: number; events: number },
  seed = true,
) {
  const started = performance.now();
  if (seed) await seedAnalyticsHistory(handle.db, { ...size, now: NOW });
  const seconds = (performance.now() - started) / 1000;
  const count = async (table: string) =>
    Number(
      (
        (await handle.db.execute(sql.raw(`select count(*)::bigint as n from ${table}`))) as {
          rows: { n: unknown }[];
        }
      ).rows[0]?.n,
    );
  const events = await count('location_history');
  const visits = await count('analytics_visits');
  if (!seed) size = { jobs: await count('analytics_jobs'), events };
  console.info(
    `${label}: ${seed ? 'seeded' : 'kept'} ${size.jobs.toLocaleString('en')} orders and repairs, ${events.toLocaleString('en')} location events ` +
      `(${visits.toLocaleString('en')} visits in the facts) in ${seconds.toFixed(1)} s`,
  );
  const results = await measure(handle);
  return { label, size, seconds, seeded: seed, results, reference: await referenceMs(handle) };
}

async function withPostgres<T>(url: string, run: (handle: TDatabaseHandle) => Promise<T>): Promise<T> {
  const keep = Boolean(process.env.BENCH_KEEP_DB);
  return withScratchDatabase(url, { prefix: 'loupe_bench_analytics', keep }, async (databaseUrl) => {
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
    try {
      return await run(handle);
    } finally {
      await handle.close();
    }
  });
}

const columns: Awaited<ReturnType<typeof bench>>[] = [];
const reuse = process.env.BENCH_REUSE_DB;
if (reuse) {
  const handle = await openDatabase({ kind: 'postgres', url: reuse, poolSize: 4 });
  try {
    // As the server does at start: fills a rollup newer than the kept database's facts.
    const started = performance.now();
    if (await createAnalyticsFactsRepository(handle.db).rebuildIfMissing()) {
      console.info(`filled the analytics rollups in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    // What autovacuum would do after a migration or a refill rewrote rows (a server may run without it, as
    // this machine's does): without the visibility map, index-only scans read the heap again.
    const vacuumed = performance.now();
    await handle.db.execute(sql`vacuum (analyze)`);
    console.info(`vacuumed in ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`);
    columns.push(await bench('PostgreSQL (kept)', handle, { jobs: 0, events: 0 }, false));
  } finally {
    await handle.close();
  }
}
const pglite = reuse ? null : await openDatabase({ kind: 'pglite', dataDir: null });
if (pglite)
  try {
    columns.push(
      await bench('PGlite (in memory)', pglite, {
        jobs: numberOf('BENCH_ANALYTICS_PGLITE_JOBS', 10_000),
        events: numberOf('BENCH_ANALYTICS_PGLITE_EVENTS', 500_000),
      }),
    );
  } finally {
    await pglite.close();
  }
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!reuse && postgresUrl !== 'none') {
  columns.push(
    await withPostgres(postgresUrl, (handle) =>
      bench('PostgreSQL', handle, {
        jobs: numberOf('BENCH_ANALYTICS_JOBS', 100_000),
        events: numberOf('BENCH_ANALYTICS_EVENTS', 10_000_000),
      }),
    ),
  );
}

const names = [...(columns[0]?.results.keys() ?? [])];
const width = Math.max(...names.map((name) => name.length), 'query'.length);
console.info(`\nAnalytics queries, ${RUNS} runs each after a warm-up (ms)\n`);
console.info(
  [
    'query'.padEnd(width),
    ...columns.flatMap((c) => [`${c.label.split(' ')[0]} p50`.padStart(16), 'p95'.padStart(8)]),
  ].join('  '),
);
for (const name of names) {
  console.info(
    [
      name.padEnd(width),
      ...columns.flatMap((c) => {
        const result = c.results.get(name);
        return [
          (result?.p50 ?? Number.NaN).toFixed(1).padStart(16),
          (result?.p95 ?? Number.NaN).toFixed(1).padStart(8),
        ];
      }),
    ].join('  '),
  );
}
for (const column of columns) {
  const worst = Math.max(...[...column.results.values()].map((r) => r.p95));
  console.info(
    `\n${column.label}: ${column.size.jobs.toLocaleString('en')} jobs ${column.seeded ? `seeded in ${column.seconds.toFixed(1)} s` : 'kept'}; worst p95 ${worst.toFixed(1)} ms` +
      `; the machine's pace: ${column.reference.toFixed(0)} ms to sum 5,000,000 integers (median of 7)`,
  );
}
