/**
 * Writes test/fixtures/upgrade/previous-release.sql: a small demo workshop (registry, readers, customers,
 * orders and repairs with their location history and reads, settings) in a database at this commit's
 * migration level, as plain SQL from pg_dump (no binary database in git). Run it when a release is tagged,
 * from that release's commit, and commit the file: test/upgrade-from-previous-release.test.ts then loads it
 * into an empty database, lets the newer Loupe migrate it forward and checks what the APIs answer.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run fixture:upgrade -w @loupe/server
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrationJournal } from '../src/db/migration-level.ts';
import { postgresEnvOf, runPostgresTool } from '../src/modules/backups/postgres-tools.ts';
import { FIXTURE_ADMIN, FIXTURE_SECRET_KEY, UPGRADE_FIXTURE } from '../test/support/upgrade-fixture.ts';
import { LoupeClient } from '../workshop/loupe-client.ts';
import { seededRandom } from '../workshop/random.ts';
import { seedWorkshop } from '../workshop/seed-workshop.ts';

/** The seeded workshop's present: the fixture is the same whichever day it is written. */
const FIXTURE_NOW = new Date('2026-11-02T10:00:00Z');

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

async function main(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL (a PostgreSQL server to build the fixture on) is not set');
  const name = `loupe_fixture_${randomBytes(4).toString('hex')}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-fixture-'));
  await admin(base, `CREATE DATABASE "${name}"`);
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SECRET_KEY: FIXTURE_SECRET_KEY,
      ADMIN_EMAIL: FIXTURE_ADMIN.email,
      ADMIN_PASSWORD: FIXTURE_ADMIN.password,
      SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000',
    });
    const app = await buildApp({ config, database, logger: false, webDistDir: '/nonexistent' });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const client = await LoupeClient.signIn(address, FIXTURE_ADMIN.email, FIXTURE_ADMIN.password);
      await seedWorkshop(client, {
        orders: 4,
        repairs: 2,
        withHistory: true,
        now: FIXTURE_NOW,
        random: seededRandom(2026),
        concurrency: 2,
      });
      await client.data('PUT', '/settings/general', {
        offsiteTimeout: 50,
        companyName: 'Atelier of the last release',
      });
    } finally {
      await app.close();
      await database.close();
    }
    const env = postgresEnvOf(url.toString());
    const dumped = await runPostgresTool(
      'pg_dump',
      ['--inserts', '--no-owner', '--no-privileges', '--no-comments', '--schema=public', '--schema=drizzle'],
      env,
    );
    const level = migrationJournal().at(-1)?.tag ?? 'none';
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const statements = dumped
      .split('\n')
      // psql's meta-commands (\restrict…) are not SQL; PGlite and node-postgres run the file as it is.
      .filter((line) => !line.startsWith('\\') && !/^CREATE SCHEMA public;$/.test(line))
      .join('\n');
    writeFileSync(
      UPGRADE_FIXTURE,
      `-- A Loupe database at migration ${level} (commit ${commit}), with the demo workshop's data.\n` +
        '-- Written by apps/server/scripts/write-upgrade-fixture.ts; loaded by test/upgrade-from-previous-release.test.ts.\n' +
        `${statements}\n`,
    );
    console.info(`wrote ${UPGRADE_FIXTURE} (${level})`);
  } finally {
    await admin(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('could not write the upgrade fixture:', error);
  process.exit(1);
});
