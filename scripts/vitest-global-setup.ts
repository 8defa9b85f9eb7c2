import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { TEMPLATE_VARIABLES } from '../apps/server/test/support/databases.ts';

// Integration suites that need a real service read these variables; without them (a fresh laptop)
// they are skipped. Say so once, up front, so a green run never hides what it did not exercise.
const SERVICES = [
  ['TEST_DATABASE_URL', 'PostgreSQL suites (PGlite suites always run)'],
  ['TEST_MQTT_URL', 'external MQTT broker suites (embedded-broker suites always run)'],
  ['TEST_REDIS_URL', 'Redis adapter suites'],
] as const;

/**
 * Migrate once, copy per suite: every suite's database starts as a copy of a template migrated here, once
 * per run, instead of applying the ~30 migrations itself (about 3 s per PGlite suite). PGlite: a data
 * directory migrated through `openDatabase`, saved to a file that each in-memory database loads. PostgreSQL
 * (with TEST_DATABASE_URL): a database migrated the same way, which each suite's `CREATE DATABASE …
 * TEMPLATE` copies. The test workers, started after this, find both through the variables of
 * TEMPLATE_VARIABLES (apps/server/test/support/databases.ts). Both are removed when the run ends.
 */
export default async function setup(_project: TestProject) {
  for (const [name, suites] of SERVICES) {
    if (process.env[name]) console.info(`[services] ${name} is set: running ${suites}.`);
    else console.info(`[services] skipping ${suites}: ${name} is not set.`);
  }

  const started = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-test-template-'));
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const url = process.env.TEST_DATABASE_URL;
    const [pglite, postgres] = await Promise.allSettled([
      savedPgliteTemplate(dir),
      url ? migratedPostgresTemplate(url) : Promise.resolve(null),
    ]);
    if (postgres.status === 'fulfilled' && postgres.value) cleanups.push(postgres.value.drop);
    if (pglite.status === 'rejected') throw pglite.reason;
    if (postgres.status === 'rejected') throw postgres.reason;
    process.env[TEMPLATE_VARIABLES.pglite] = pglite.value;
    if (postgres.value) process.env[TEMPLATE_VARIABLES.postgres] = postgres.value.name;
  } catch (error) {
    await teardown();
    throw error;
  }
  console.info(`[databases] migrated templates ready in ${Math.round(performance.now() - started)} ms.`);
  return teardown;
}

/** Migrates a PGlite data directory as every database is migrated, and saves it to one file. */
async function savedPgliteTemplate(dir: string): Promise<string> {
  const dataDir = path.join(dir, 'data');
  const migrated = await openDatabase({ kind: 'pglite', dataDir });
  await migrated.close();
  const pglite = new PGlite(path.join(dataDir, 'pglite'));
  try {
    // Before it is ready, a dump never settles.
    await pglite.waitReady;
    const saved = await pglite.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await saved.arrayBuffer()));
    return file;
  } finally {
    await pglite.close();
  }
}

/** A migrated PostgreSQL database next to TEST_DATABASE_URL's, with no connection left to it. */
async function migratedPostgresTemplate(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const base = new URL(url);
  const name = `${base.pathname.slice(1) || 'loupe'}_template_${randomBytes(4).toString('hex')}`.slice(0, 63);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const drop = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  try {
    const own = new URL(url);
    own.pathname = `/${name}`;
    // Two connections: one holds the migration lock while the migrator uses the other.
    const migrated = await openDatabase({ kind: 'postgres', url: own.toString(), poolSize: 2 });
    await migrated.close();
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
  return { name, drop };
}
