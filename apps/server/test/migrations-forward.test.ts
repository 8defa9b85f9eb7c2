import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DatabaseNewerError, MIGRATIONS_FOLDER, migrationJournal } from '../src/db/migration-level.ts';
import { createPostgresTestDatabase, TEMPLATE_VARIABLES, TEST_DATABASES } from './support/databases.ts';

/**
 * Issue 42 §3: migrations only move forward, and Loupe refuses to start on a database a newer Loupe migrated
 * (DATABASE_NEWER_THAN_LOUPE) instead of running old code on a newer schema.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A migrated database that keeps its data when closed, and a plain client to change it behind Loupe's back. */
async function migratedDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') {
    const created = await createPostgresTestDatabase({ migrated: true });
    cleanups.push(created.drop);
    const opened = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
    await opened.close();
    return {
      open: () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 }),
      run: async (statement: string) => {
        const client = new pg.Client({ connectionString: created.url });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-migrations-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const template = process.env[TEMPLATE_VARIABLES.pglite];
  if (template) {
    const loaded = await PGlite.create(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([readFileSync(template)]),
    });
    await loaded.close();
  }
  const opened = await openDatabase({ kind: 'pglite', dataDir });
  await opened.close();
  return {
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    run: async (statement: string) => {
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      await db.exec(statement).finally(() => db.close());
    },
  };
}

describe('the committed migrations', () => {
  it('only move forward: numbered in order, each later than the one before, none that undoes', () => {
    const journal = migrationJournal();
    journal.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, '0'))).toBe(true);
      if (index > 0) expect(entry.when).toBeGreaterThan(journal[index - 1]?.when ?? 0);
      const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8');
      expect(text.length).toBeGreaterThan(0);
    });
  });
});

describe.each(TEST_DATABASES)('opening a database on %s', (kind) => {
  it('opens one at this Loupe’s migration level', async () => {
    const database = await migratedDatabase(kind);
    const opened = await database.open();
    await opened.close();
  }, 60_000);

  it('refuses one a newer Loupe migrated, with DATABASE_NEWER_THAN_LOUPE, and leaves it as it was', async () => {
    const database = await migratedDatabase(kind);
    const newest = migrationJournal().at(-1)?.when ?? 0;
    await database.run(
      `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-loupe', ${newest + 60_000})`,
    );
    const refusal = await database.open().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DatabaseNewerError);
    expect((refusal as DatabaseNewerError).code).toBe('DATABASE_NEWER_THAN_LOUPE');
    expect((refusal as Error).message).toMatch(/migrated by a newer Loupe/);
    // Once the newer migration is gone (the newer Loupe's backup restored elsewhere), it opens again.
    await database.run(`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'from-a-newer-loupe'`);
    const opened = await database.open();
    await opened.close();
  }, 60_000);
});
