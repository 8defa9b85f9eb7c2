import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type TDatabaseHandle } from '../../src/db/client.ts';

export type TTestDatabaseKind = 'pglite' | 'postgres';

/**
 * The databases every integration suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is
 * set (CI sets it; the global setup prints when it is not).
 */
export const TEST_DATABASES: readonly TTestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * The migrated templates the Vitest global setup (scripts/vitest-global-setup.ts) made for this run: a
 * PGlite data directory saved to a file, and a PostgreSQL database to copy. Absent (a run without that
 * setup), each database is migrated from empty, as before.
 */
export const TEMPLATE_VARIABLES = {
  pglite: 'LOUPE_TEST_PGLITE_TEMPLATE',
  postgres: 'LOUPE_TEST_POSTGRES_TEMPLATE',
} as const;

/**
 * A fresh, migrated database of its own: in-memory PGlite, or a new PostgreSQL database next to
 * TEST_DATABASE_URL's, dropped on close. A database rather than a schema, because migrations name `public`.
 * Both start from the run's migrated template when there is one; opening still applies any migration the
 * template lacks (none, unless one was added during the run).
 */
export async function openTestDatabase(kind: TTestDatabaseKind): Promise<TDatabaseHandle> {
  if (kind === 'pglite') {
    const template = process.env[TEMPLATE_VARIABLES.pglite];
    return openDatabase({ kind: 'pglite', dataDir: null, ...(template ? { loadDataDir: template } : {}) });
  }
  const created = await createPostgresTestDatabase({ migrated: true });
  const handle = await openDatabase({
    kind: 'postgres',
    url: created.url,
    poolSize: 4,
    // Dropping the database WITH (FORCE) ends connections that are still closing: expected here.
    onIdleConnectionError: () => undefined,
  });
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

/**
 * A new PostgreSQL database next to TEST_DATABASE_URL's, for one suite or for instances that share it:
 * empty, or with `migrated` a copy of the run's migrated template (empty when there is none).
 */
export async function createPostgresTestDatabase(
  options: { readonly migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const base = new URL(url);
  const name = `${base.pathname.slice(1) || 'loupe'}_${randomBytes(5).toString('hex')}`.slice(0, 63);
  const template = options.migrated ? process.env[TEMPLATE_VARIABLES.postgres] : undefined;
  await adminQuery(url, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
