import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase, type TDatabaseHandle } from '../src/db/client.ts';
import { PgliteWireStream } from '../src/db/pglite-wire-stream.ts';
import { PgliteWorker, PgliteWorkerError } from '../src/db/pglite-worker.ts';
import { locations } from '../src/db/schema/registry.ts';
import { isUniqueViolation } from '../src/modules/registry/db-errors.ts';

/** The rows of a raw statement (node-postgres' result underneath, as on PostgreSQL). */
async function rowsOf<T>(executor: Pick<TDatabase, 'execute'>, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as { rows: T[] }).rows;
}

// PGlite in its worker thread, reached over the wire protocol (docs/decisions/014-pglite-worker-thread.md).
describe('PGlite in a worker thread', () => {
  let dataDir: string;
  let handle: TDatabaseHandle;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-pglite-worker-'));
    handle = await openDatabase({ kind: 'pglite', dataDir });
    await handle.db.execute(sql`CREATE TABLE probe (id int PRIMARY KEY, label text NOT NULL)`);
    await handle.db.execute(sql`CREATE TABLE counter (value int NOT NULL)`);
    await handle.db.execute(sql`INSERT INTO counter VALUES (0)`);
  });

  afterAll(async () => {
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('applies the migrations, and the schema is queried through drizzle', async () => {
    const applied = await rowsOf<{ count: number }>(
      handle.db,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.count).toBeGreaterThan(0);
    await handle.db.insert(locations).values({ id: 'loc-1', name: 'Second workshop' });
    const rows = await handle.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .orderBy(locations.id);
    // Migration 0039 makes LOC001, which orders and repairs point at by default.
    expect(rows).toEqual([
      { id: 'LOC001', name: 'Main Workshop' },
      { id: 'loc-1', name: 'Second workshop' },
    ]);
  });

  it('passes parameters and reads back timestamps, json, arrays, numeric and bytea', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const result = await rowsOf<{
      at: string;
      doc: unknown;
      tags: string[];
      amount: string;
      bytes: Buffer;
      n: number;
      nothing: null;
    }>(
      handle.db,
      sql`SELECT ${at.toISOString()}::timestamptz AS at, ${JSON.stringify({ a: [1, 'two'] })}::jsonb AS doc,
             ${sql.param(['ring', 'gold, 18k'])}::text[] AS tags, ${'12345.6789'}::numeric(12, 4) AS amount,
             ${Buffer.from([0, 1, 254, 255])}::bytea AS bytes, ${42}::int AS n, NULL AS nothing`,
    );
    const row = result[0];
    expect(new Date(row?.at ?? '').toISOString()).toBe(at.toISOString());
    expect(row?.doc).toEqual({ a: [1, 'two'] });
    expect(row?.tags).toEqual(['ring', 'gold, 18k']);
    expect(row?.amount).toBe('12345.6789');
    expect([...(row?.bytes ?? [])]).toEqual([0, 1, 254, 255]);
    expect(row?.n).toBe(42);
    expect(row?.nothing).toBeNull();
  });

  it('answers a result larger than one message', async () => {
    const result = await rowsOf<{ n: number; pad: string }>(
      handle.db,
      sql`SELECT n, repeat('x', 100) AS pad FROM generate_series(1, 20000) AS n`,
    );
    expect(result).toHaveLength(20_000);
    expect(result.at(-1)).toEqual({ n: 20_000, pad: 'x'.repeat(100) });
  });

  it('commits a transaction, and rolls one back when it throws', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO probe VALUES (1, 'committed')`);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe VALUES (2, 'rolled back')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await rowsOf<{ id: number }>(handle.db, sql`SELECT id FROM probe ORDER BY id`);
    expect(rows.map((row) => row.id)).toEqual([1]);
  });

  it('gives the SQLSTATE of a refused statement, and the connection goes on', async () => {
    const failure = await handle.db.execute(sql`INSERT INTO probe VALUES (1, 'again')`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(failure)).toBe(true);
    const inTransaction = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe VALUES (3, 'fine')`);
        await tx.execute(sql`INSERT INTO probe VALUES (1, 'clash')`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(inTransaction)).toBe(true);
    const rows = await rowsOf<{ id: number }>(handle.db, sql`SELECT id FROM probe ORDER BY id`);
    expect(rows.map((row) => row.id)).toEqual([1]);
  });

  it('serializes concurrent transactions on its one connection', async () => {
    // Read, wait, write: interleaved transactions would lose increments.
    const increment = () =>
      handle.db.transaction(async (tx) => {
        const read = await rowsOf<{ value: number }>(tx, sql`SELECT value FROM counter`);
        await new Promise((resolve) => setTimeout(resolve, 2));
        await tx.execute(sql`UPDATE counter SET value = ${(read[0]?.value ?? 0) + 1}`);
      });
    const plainReads = Array.from({ length: 10 }, () => handle.db.execute(sql`SELECT value FROM counter`));
    await Promise.all([...Array.from({ length: 20 }, increment), ...plainReads]);
    const final = await rowsOf<{ value: number }>(handle.db, sql`SELECT value FROM counter`);
    expect(final[0]?.value).toBe(20);
  });

  it('does not hand a dropped connection’s open transaction to the next one', async () => {
    const pool = (handle.db as unknown as NodePgDatabase & { $client: pg.Pool }).$client;
    const client = await pool.connect();
    await client.query('BEGIN');
    await client.query(`INSERT INTO probe VALUES (9, 'abandoned')`);
    // Released with an error: node-postgres closes this connection and opens a new one for the next caller.
    client.release(new Error('dropped mid-transaction'));
    const rows = await rowsOf<{ id: number }>(handle.db, sql`SELECT id FROM probe WHERE id = 9`);
    expect(rows).toEqual([]);
    await handle.db.execute(sql`INSERT INTO probe VALUES (9, 'kept')`);
    expect(await rowsOf(handle.db, sql`SELECT id FROM probe WHERE id = 9`)).toHaveLength(1);
  });

  it('keeps what was committed across close and reopen, and fails queries after close', async () => {
    await handle.db.execute(sql`INSERT INTO probe VALUES (7, 'persisted')`);
    await handle.close();
    await expect(handle.db.execute(sql`SELECT 1`)).rejects.toThrow();
    handle = await openDatabase({ kind: 'pglite', dataDir });
    const rows = await rowsOf<{ label: string }>(handle.db, sql`SELECT label FROM probe WHERE id = 7`);
    expect(rows).toEqual([{ label: 'persisted' }]);
  });
});

describe('PgliteWorker', () => {
  it('ends its thread on close, after which requests fail with its error code', async () => {
    const worker = await PgliteWorker.start({ dataDir: null });
    await worker.close();
    expect(worker.failure?.code).toBe('PGLITE_WORKER_FAILED');
    await expect(worker.exec(new Uint8Array(0))).rejects.toBeInstanceOf(PgliteWorkerError);
  });

  it('fails the queries of open and new connections, rather than hang, when its thread dies', async () => {
    const worker = await PgliteWorker.start({ dataDir: null });
    const connect = async () => {
      const client = new pg.Client({
        user: 'postgres',
        database: 'postgres',
        stream: () => new PgliteWireStream(worker),
      });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };
    const client = await connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    const longQuery = client.query('SELECT pg_sleep(2)').then(
      () => null,
      (error: unknown) => error,
    );
    await worker.terminate();
    expect(await longQuery).toMatchObject({ code: 'PGLITE_WORKER_FAILED' });
    await expect(client.query('SELECT 1')).rejects.toThrow();
    await expect(connect()).rejects.toMatchObject({ code: 'PGLITE_WORKER_FAILED' });
  });
});
