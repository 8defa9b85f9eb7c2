import { formatBytes } from '@loupe/domain/settings/backups';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TDatabaseHandle } from '../../db/client.ts';
import { migrationLevelOf, type TQueryable } from '../../db/migration-level.ts';
import type { TDatabaseDumper } from './create-backup.ts';
import { postgresEnvOf, runPostgresTool } from './postgres-tools.ts';

/**
 * The embedded database through the running instance's handle: a copy of PGlite's data directory whose
 * last part is taken while the handle holds PGlite's one connection, so writers (ingest included) wait
 * only that long (db/pglite-snapshot.ts); gzipped after.
 */
export function pgliteDumper(database: TDatabaseHandle): TDatabaseDumper {
  const dump = database.dumpDataDir;
  if (database.kind !== 'pglite' || !dump)
    throw new Error('pgliteDumper needs an embedded (PGlite) database');
  return {
    kind: 'pglite',
    fileName: 'database.tar.gz',
    async dumpTo(file) {
      const { heldMs, copiedWhileHeld } = await dump(file);
      const again = copiedWhileHeld
        ? `, ${copiedWhileHeld.files} changed files (${formatBytes(copiedWhileHeld.bytes)}) copied again`
        : '';
      return { tool: 'PGlite data directory', held: { ms: heldMs, note: again } };
    },
    migrationLevel: () => migrationLevelOf(queryableOf(database)),
  };
}

/** The handle's drizzle database as the plain query function migrationLevelOf takes. */
export function queryableOf(database: TDatabaseHandle): TQueryable {
  return {
    query: async (text) => (await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] },
  };
}

/**
 * PostgreSQL with its standard tool: `pg_dump --format=custom`, one consistent snapshot (a repeatable-read
 * transaction) that stops no writer.
 */
export function postgresDumper(url: string): TDatabaseDumper {
  const env = postgresEnvOf(url);
  return {
    kind: 'postgres',
    fileName: 'database.pgdump',
    async dumpTo(file) {
      const version = await runPostgresTool('pg_dump', ['--version'], env);
      await runPostgresTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`],
        env,
      );
      return { tool: version, held: null };
    },
    async migrationLevel() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await migrationLevelOf(client);
      } finally {
        await client.end();
      }
    },
  };
}
