import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { checkNotNewer, MIGRATIONS_FOLDER, migrationLevelOf } from './migration-level.ts';
import { snapshotPgliteDirectory } from './pglite-snapshot.ts';
import { PgliteWireStream } from './pglite-wire-stream.ts';
import { PgliteWorker } from './pglite-worker.ts';
import * as alertsTables from './schema/alerts.ts';
import * as analyticsTables from './schema/analytics.ts';
import * as assistantTables from './schema/assistant.ts';
import * as attachmentsTables from './schema/attachments.ts';
import * as catalogTables from './schema/catalog.ts';
import * as clientTelemetryTables from './schema/client-telemetry.ts';
import * as customerMessagesTables from './schema/customer-messages.ts';
import * as designRequestsTables from './schema/design-requests.ts';
import * as designsTables from './schema/designs.ts';
import * as idempotencyTables from './schema/idempotency.ts';
import * as jobsTables from './schema/jobs.ts';
import * as llrpTables from './schema/llrp.ts';
import * as materialsTables from './schema/materials.ts';
import * as publicLinksTables from './schema/public-links.ts';
import * as registryTables from './schema/registry.ts';
import * as rfidTables from './schema/rfid.ts';
import * as safeCountsTables from './schema/safe-counts.ts';
import * as systemTables from './schema/system.ts';
import * as trackingTables from './schema/tracking.ts';
import * as transfersTables from './schema/transfers.ts';
import * as tvDevicesTables from './schema/tv-devices.ts';
import * as usersTables from './schema/users.ts';
import * as webhooksTables from './schema/webhooks.ts';
import * as workflowTables from './schema/workflow.ts';

/**
 * Every table and sequence, from the area files of db/schema/ (drizzle-kit reads the whole folder; a test checks
 * that this lists each file).
 */
export const schema = {
  ...alertsTables,
  ...analyticsTables,
  ...assistantTables,
  ...attachmentsTables,
  ...catalogTables,
  ...clientTelemetryTables,
  ...customerMessagesTables,
  ...designRequestsTables,
  ...designsTables,
  ...idempotencyTables,
  ...jobsTables,
  ...materialsTables,
  ...publicLinksTables,
  ...llrpTables,
  ...registryTables,
  ...rfidTables,
  ...safeCountsTables,
  ...systemTables,
  ...trackingTables,
  ...transfersTables,
  ...tvDevicesTables,
  ...usersTables,
  ...webhooksTables,
  ...workflowTables,
};

export type TSchema = typeof schema;
/** The one database type services and repositories see, whichever driver is underneath. */
export type TDatabase = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabaseHandle = {
  readonly db: TDatabase;
  readonly kind: 'pglite' | 'postgres';
  /**
   * Embedded only: writes a consistent copy of the data directory to `file`, a gzipped tar that PGlite's
   * loadDataDir reads. Statements wait only while this handle holds PGlite's one connection (heldMs): on
   * disk, while the files changed since a first copy are copied again (db/pglite-snapshot.ts); in memory,
   * while PGlite tars its files. Compression comes after.
   */
  readonly dumpDataDir?: (file: string) => Promise<{
    readonly heldMs: number;
    /** On disk: the changed files copied again while held. */
    readonly copiedWhileHeld: { readonly files: number; readonly bytes: number } | null;
  }>;
  /** PostgreSQL only: the connection string, for its own tools (pg_dump in backups). */
  readonly url?: string;
  close(): Promise<void>;
};

export type TDatabaseOptions =
  /** PGlite under this directory, or in memory when `dataDir` is null (tests). */
  | {
      readonly kind: 'pglite';
      readonly dataDir: string | null;
      /**
       * In memory only: start from this file, a data directory saved by PGlite's `dumpDataDir` (the tests'
       * migrated template, made once per run), instead of an empty database.
       */
      readonly loadDataDir?: string;
      /** false: open as it is, without migrating (a backup of a stopped Loupe must not change it). */
      readonly migrate?: boolean;
    }
  | {
      readonly kind: 'postgres';
      readonly url: string;
      readonly poolSize?: number;
      /**
       * An idle pooled connection failed (the server restarted, an admin ended it). The pool replaces it;
       * without a listener node-postgres would throw and stop the process.
       */
      readonly onIdleConnectionError?: (error: Error) => void;
    };

const gzipAsync = promisify(gzip);

// An arbitrary constant that names Loupe's migration lock among PostgreSQL advisory locks.
const MIGRATION_LOCK_KEY = 7_362_811;

/**
 * The address with JIT compilation off, after any options it gives (node-postgres takes the address's options
 * over its own setting). Loupe's statements run in milliseconds, and the analytics reads whose estimates pass
 * jit_above_cost spent 100–300 ms compiling for 1–30 ms of work (measured on 100,000 jobs).
 */
function withoutJit(url: string): string {
  const address = new URL(url);
  const given = address.searchParams.get('options');
  address.searchParams.set('options', given ? `${given} -c jit=off` : '-c jit=off');
  return address.toString();
}

/**
 * Opens the database and applies the committed migrations (the same SQL on both engines). Both go through
 * node-postgres and drizzle's node-postgres driver: PGlite runs in a worker thread and speaks the wire
 * protocol to a one-connection pool (docs/decisions/014-pglite-worker-thread.md).
 */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabaseHandle> {
  if (options.kind === 'pglite') {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const worker = await PgliteWorker.start({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir ?? null,
    });
    // PGlite is one session: one connection, which a transaction holds while other callers wait. Never
    // closed when idle (a new connection would only reset the same session).
    const pool = new pg.Pool({
      max: 1,
      idleTimeoutMillis: 0,
      // PGlite's one role and database; node-postgres would otherwise name the OS user's.
      user: 'postgres',
      database: 'postgres',
      stream: () => new PgliteWireStream(worker),
    });
    // A failed worker fails the pooled connection; the queries waiting on it have their own error.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema });
    const close = async () => {
      await pool.end().catch(() => undefined);
      await worker.close();
    };
    // One process owns a PGlite directory (lib/data-dir-lock.ts), so no migration lock: the pool's one
    // connection could not hold it while the migrator runs anyway.
    if (options.migrate !== false) {
      await migrateForward(pool, db).catch(async (error: unknown) => {
        await close();
        throw error;
      });
    }
    /** Runs `work` holding PGlite's one connection after a CHECKPOINT (every committed page in its file). */
    const hold = async <T>(work: () => Promise<T>): Promise<{ result: T; heldMs: number }> => {
      const client = await pool.connect();
      const heldFrom = performance.now();
      try {
        await client.query('CHECKPOINT');
        return { result: await work(), heldMs: performance.now() - heldFrom };
      } finally {
        client.release();
      }
    };
    const dataDir = options.dataDir;
    const dumpDataDir = async (file: string) => {
      if (dataDir) {
        let heldMs = 0;
        const again = await snapshotPgliteDirectory({
          source: path.join(dataDir, 'pglite'),
          staging: `${file}.staging`,
          target: file,
          hold: async (work) => {
            const held = await hold(work);
            heldMs = held.heldMs;
            return held.result;
          },
        });
        return {
          heldMs,
          copiedWhileHeld: { files: again.filesCopiedWhileHeld, bytes: again.bytesCopiedWhileHeld },
        };
      }
      // In memory (tests): PGlite's own dump, an uncompressed tar, gzipped once PGlite is free again.
      const { result: tar, heldMs } = await hold(() => worker.dumpDataDir());
      await writeFile(file, await gzipAsync(tar), { mode: 0o600 });
      return { heldMs, copiedWhileHeld: null };
    };
    return { db: db as unknown as TDatabase, kind: 'pglite', dumpDataDir, close };
  }

  const pool = new pg.Pool({ connectionString: withoutJit(options.url), max: options.poolSize ?? 10 });
  pool.on(
    'error',
    options.onIdleConnectionError ??
      ((error) =>
        console.error('PostgreSQL: an idle connection failed and will be replaced:', error.message)),
  );
  const db = drizzleNodePg(pool, { schema });
  // Instances starting together take turns: the first migrates, the others then find nothing to do.
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateForward(lock, db);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
  return { db: db as unknown as TDatabase, kind: 'postgres', url: options.url, close: () => pool.end() };
}

/**
 * Applies the migrations this Loupe has and the database lacks, only forward; refuses (DatabaseNewerError,
 * DATABASE_NEWER_THAN_LOUPE) a database a newer Loupe migrated, whose migrator would otherwise find nothing
 * to do and let old code run on a newer schema.
 */
async function migrateForward(client: pg.Pool | pg.PoolClient, db: NodePgDatabase<TSchema>): Promise<void> {
  checkNotNewer(await migrationLevelOf(client));
  await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
