/**
 * How fast the orders list answers at 100,000 orders (issue 5 §5: the /orders screen stays fast at that
 * size). Seeds an in-memory PGlite — and, when BENCH_DATABASE_URL is set, a fresh PostgreSQL database next
 * to it, dropped afterwards — then times the list service for a few typical requests, each the median of
 * 7 runs after one warm-up. Prints figures; asserts nothing.
 *
 *   npx tsx apps/server/bench/orders-list.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/bench/orders-list.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { encodeCursor } from '@loupe/domain/api/list';
import { customerSearchText } from '@loupe/domain/customers/customer';
import {
  formatOrderNumber,
  ORDER_STATUSES,
  orderSearchText,
  type TOrderListQuery,
} from '@loupe/domain/orders/order';
import { WORKING_CALENDAR_DEFAULTS } from '@loupe/domain/workflow/working-calendar';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createRepositories } from '../src/composition/repositories.ts';
import { openDatabase, type TDatabase, type TDatabaseHandle } from '../src/db/client.ts';
import { customers } from '../src/db/schema/catalog.ts';
import { orders } from '../src/db/schema/jobs.ts';
import { trackedItems } from '../src/db/schema/tracking.ts';
import { createJobReadModel } from '../src/job-read-model.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createImageStorage } from '../src/modules/attachments/image-storage.ts';
import { createJobService } from '../src/modules/jobs/job-service.ts';
import { ORDER_KIND } from '../src/modules/jobs/order-kind.ts';
import { createSettingsRepository } from '../src/modules/settings/repository.ts';
import { createEventBus } from '../src/realtime/event-bus.ts';
import { withScratchDatabase } from './scratch-postgres.ts';

const ORDER_COUNT = 100_000;
const CUSTOMER_COUNT = 3_000;
const TRACKED_COUNT = 5_000;
const BATCH = 1_000;
const RUNS = 7;
const DAY_MS = 86_400_000;

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Marie',
  'Emmy',
  'Lise',
  'Rosalind',
  'Dorothy',
  'Hedy',
  'Katherine',
  'Mary',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Curie',
  'Noether',
  'Meitner',
  'Franklin',
  'Hodgkin',
  'Lamarr',
  'Johnson',
];
const PIECES = [
  'ring',
  'pendant',
  'bracelet',
  'earrings',
  'brooch',
  'cufflinks',
  'necklace',
  'band',
  'signet',
];
const STONES = ['diamond', 'sapphire', 'ruby', 'emerald', 'opal', 'pearl', 'topaz', 'garnet', 'no stone'];
const METALS = ['18k yellow gold', '14k white gold', 'platinum', 'sterling silver', 'rose gold'];

/** A deterministic source of randomness, so every run seeds the same workshop. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const silentLogger: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silentLogger,
};

async function seed(db: TDatabase): Promise<void> {
  const random = createRandom(42);
  const now = Date.now();
  const customerRows = Array.from({ length: CUSTOMER_COUNT }, (_, i) => {
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)} ${i}`;
    const phone = `+1 555 ${String(1_000_000 + i).slice(1)}`;
    return { name, phone, email: null, searchText: customerSearchText({ name, phone }) };
  });
  const customerIds: { id: string; name: string }[] = [];
  for (let i = 0; i < customerRows.length; i += BATCH) {
    const inserted = await db
      .insert(customers)
      .values(customerRows.slice(i, i + BATCH))
      .returning({ id: customers.id, name: customers.name });
    customerIds.push(...inserted);
  }

  const orderIds: string[] = [];
  for (let start = 0; start < ORDER_COUNT; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, ORDER_COUNT - start) }, (_, j) => {
      const sequence = start + j + 1;
      const customer = random.pick(customerIds);
      const orderNumber = formatOrderNumber(sequence);
      const description = `${random.pick(METALS)} ${random.pick(PIECES)} with ${random.pick(STONES)}`;
      // Two years of orders, oldest first; promised dates around their creation, a few without one.
      const createdAt = new Date(now - (ORDER_COUNT - sequence) * ((2 * 365 * DAY_MS) / ORDER_COUNT));
      const promised =
        random.next() < 0.05 ? null : new Date(createdAt.getTime() + (7 + random.next() * 40) * DAY_MS);
      const priceCents = Math.round(10_000 + random.next() * 1_000_000);
      return {
        orderNumber,
        customerId: customer.id,
        description,
        isRush: random.next() < 0.1,
        promisedDate: promised ? promised.toISOString().slice(0, 10) : null,
        priceCents,
        depositCents: Math.round(priceCents * random.next() * 0.5),
        status: random.pick(ORDER_STATUSES),
        searchText: orderSearchText({ orderNumber, customerName: customer.name, description }),
        createdAt,
        updatedAt: createdAt,
      };
    });
    const inserted = await db.insert(orders).values(batch).returning({ id: orders.id });
    orderIds.push(...inserted.map((row) => row.id));
  }
  await db.execute(sql`select setval('order_number_seq', ${ORDER_COUNT})`);

  const tracked = Array.from({ length: TRACKED_COUNT }, (_, i) => ({
    itemKind: 'order',
    itemId: orderIds[orderIds.length - 1 - i * 3] as string,
    epc: `E200${String(i).padStart(20, '0')}`,
  }));
  for (let i = 0; i < tracked.length; i += BATCH)
    await db.insert(trackedItems).values(tracked.slice(i, i + BATCH));
  await db.execute(sql`analyze`);
}

type TScenario = { readonly name: string; readonly query: () => Promise<TOrderListQuery> };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(
  handle: TDatabaseHandle,
): Promise<Map<string, { ms: number; rows: number; total: number }>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-bench-'));
  try {
    const { db } = handle;
    const repos = createRepositories(db);
    const service = createJobService(ORDER_KIND, {
      jobs: repos.orders,
      attachments: repos.ownedAttachments,
      history: repos.itemHistory,
      clock: systemClock,
      events: createEventBus(),
      settings: createSettingsRepository(db),
      storage: createImageStorage({ dataDir, logger: silentLogger }),
      // Each page carries its open orders' state from the job read model, as the app answers it.
      jobStates: createJobReadModel({
        workflow: repos.workflow,
        predictions: repos.predictions,
        clock: systemClock,
        calendar: async () => WORKING_CALENDAR_DEFAULTS,
      }),
      // The bench only lists: every job stands at the workshop.
      locations: {
        homeLocationOf: async () => null,
        find: async () => ({ kind: 'workshop', own: {} }),
        workingDays: async () => WORKING_CALENDAR_DEFAULTS,
      },
    });
    const actor = { id: '00000000-0000-4000-8000-000000000000', role: 'admin' } as const;
    const base = { sort: 'newest', limit: 50 } as const satisfies TOrderListQuery;

    // The cursor of the 50,000th row, newest first: a page half-way down the list.
    const deepCursor = async () => {
      const rows = await db
        .select({
          id: orders.id,
          at: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(orders)
        .orderBy(sql`${orders.createdAt} desc, ${orders.id} desc`)
        .offset(ORDER_COUNT / 2 - 1)
        .limit(1);
      const row = rows[0];
      if (!row) throw new Error('no row half-way down');
      return encodeCursor({ value: row.at, id: row.id });
    };

    const scenarios: TScenario[] = [
      { name: 'first page, newest', query: async () => base },
      {
        name: 'page 1,001 (row 50,000) via cursor',
        query: async () => ({ ...base, cursor: await deepCursor() }),
      },
      {
        name: "search q='brooch with sapphire'",
        query: async () => ({ ...base, q: 'brooch with sapphire' }),
      },
      { name: "search q='lovelace 17'", query: async () => ({ ...base, q: 'lovelace 17' }) },
      { name: 'status=in_production', query: async () => ({ ...base, status: 'in_production' }) },
      { name: 'tracked=true', query: async () => ({ ...base, tracked: true }) },
      { name: 'sort=promised', query: async () => ({ ...base, sort: 'promised' }) },
      { name: 'sort=number', query: async () => ({ ...base, sort: 'number' }) },
    ];

    const results = new Map<string, { ms: number; rows: number; total: number }>();
    for (const scenario of scenarios) {
      const query = await scenario.query();
      const first = await service.list(actor, query);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        await service.list(actor, query);
        times.push(performance.now() - started);
      }
      results.set(scenario.name, { ms: median(times), rows: first.items.length, total: first.total });
    }
    return results;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function withPostgres<T>(url: string, run: (handle: TDatabaseHandle) => Promise<T>): Promise<T> {
  return withScratchDatabase(url, { prefix: 'loupe_bench' }, async (databaseUrl) => {
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
    try {
      return await run(handle);
    } finally {
      await handle.close();
    }
  });
}

async function bench(label: string, handle: TDatabaseHandle) {
  const started = performance.now();
  await seed(handle.db);
  console.info(
    `${label}: seeded ${ORDER_COUNT} orders, ${CUSTOMER_COUNT} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return measure(handle);
}

const columns: { label: string; results: Map<string, { ms: number; rows: number; total: number }> }[] = [];
const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
try {
  columns.push({ label: 'PGlite', results: await bench('PGlite (in memory)', pglite) });
} finally {
  await pglite.close();
}
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  columns.push({
    label: 'PostgreSQL',
    results: await withPostgres(postgresUrl, (handle) => bench('PostgreSQL', handle)),
  });
}

const names = [...(columns[0]?.results.keys() ?? [])];
const width = Math.max(...names.map((name) => name.length), 'scenario'.length);
const header = [
  'scenario'.padEnd(width),
  ...columns.map((c) => `${c.label} ms`.padStart(14)),
  'rows'.padStart(6),
  'total'.padStart(8),
];
console.info(`\nOrders list, ${ORDER_COUNT.toLocaleString('en')} orders, limit 50, median of ${RUNS} runs\n`);
console.info(header.join('  '));
for (const name of names) {
  const first = columns[0]?.results.get(name);
  console.info(
    [
      name.padEnd(width),
      ...columns.map((c) => (c.results.get(name)?.ms ?? Number.NaN).toFixed(1).padStart(14)),
      String(first?.rows ?? '').padStart(6),
      String(first?.total ?? '').padStart(8),
    ].join('  '),
  );
}
