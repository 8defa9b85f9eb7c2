import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabaseHandle } from '../src/db/client.ts';
import { migrationJournal, migrationLevelOf } from '../src/db/migration-level.ts';
import { queryableOf } from '../src/modules/backups/database-dumpers.ts';
import { createPostgresTestDatabase, TEST_DATABASES } from './support/databases.ts';
import { createTestApp, type TTestApp, type TTestClient } from './support/test-app.ts';
import { FIXTURE_SECRET_KEY, UPGRADE_FIXTURE } from './support/upgrade-fixture.ts';

/**
 * Issue 42 §3: a database the previous release made (test/fixtures/upgrade/previous-release.sql, plain SQL
 * of a demo workshop from scripts/write-upgrade-fixture.ts) is loaded into an empty database, this Loupe
 * migrates it forward on opening, and what the previous release stored is still there and consistent:
 * every job with its place and history, the readers, the settings.
 */

const FIXTURE = readFileSync(UPGRADE_FIXTURE, 'utf8');
const FIXTURE_LEVEL = /at migration (\S+) /.exec(FIXTURE)?.[1] ?? '';

/** Loads the fixture into an empty database and opens it with this Loupe (which migrates it forward). */
async function previousReleaseDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ database: TDatabaseHandle; remove: () => Promise<void> }> {
  if (kind === 'postgres') {
    const created = await createPostgresTestDatabase();
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    await client.query(FIXTURE).finally(() => client.end());
    const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 });
    return { database, remove: created.drop };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-upgrade-'));
  const loaded = await PGlite.create(path.join(dataDir, 'pglite'));
  await loaded.exec(FIXTURE).finally(() => loaded.close());
  const database = await openDatabase({ kind: 'pglite', dataDir });
  return { database, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

type TRow = Record<string, unknown>;

async function rows(database: TDatabaseHandle, text: string): Promise<TRow[]> {
  return (await queryableOf(database).query(text)).rows as TRow[];
}

describe.each(TEST_DATABASES)('a database of the previous release on %s', (kind) => {
  let t: TTestApp;
  let remove: () => Promise<void> = async () => undefined;
  let admin: TTestClient;
  const stored: Record<string, TRow[]> = {};

  beforeAll(async () => {
    const opened = await previousReleaseDatabase(kind);
    remove = opened.remove;
    for (const table of ['orders', 'repairs', 'location_history', 'tracked_items', 'readers', 'settings']) {
      stored[table] = await rows(opened.database, `SELECT * FROM ${table}`);
    }
    t = await createTestApp({ openedDatabase: opened.database, env: { SECRET_KEY: FIXTURE_SECRET_KEY } });
    ({ client: admin } = await t.clientAs('admin'));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await remove();
  });

  it('was written at an earlier or the same migration level, and is now at this Loupe’s', async () => {
    const journal = migrationJournal();
    expect(journal.map((entry) => entry.tag)).toContain(FIXTURE_LEVEL);
    const level = await migrationLevelOf(queryableOf(t.database));
    expect(level.applied).toBe(journal.length);
    expect(level.lastTag).toBe(journal.at(-1)?.tag);
  });

  it('holds the workshop the previous release stored', () => {
    expect(stored.orders?.length).toBeGreaterThan(0);
    expect(stored.repairs?.length).toBeGreaterThan(0);
    expect(stored.location_history?.length).toBeGreaterThan(stored.orders?.length ?? 0);
    expect(stored.readers?.length).toBeGreaterThan(0);
  });

  it('answers every order and repair through the API, each with its place and whole history', async () => {
    for (const kindOfJob of ['orders', 'repairs'] as const) {
      const tracked = await admin.request('GET', `/api/v1/tracking/${kindOfJob}`);
      expect(tracked.statusCode, tracked.body).toBe(200);
      const items = tracked.json().data as {
        locationHistory: unknown[];
        orderId?: string;
        repairId?: string;
      }[];
      const ids = items.map((item) => item.orderId ?? item.repairId).sort();
      expect(ids).toEqual((stored[kindOfJob] ?? []).map((row) => row.id).sort());
      for (const item of items) {
        const id = item.orderId ?? item.repairId;
        const history = (stored.location_history ?? []).filter((row) => row.item_id === id);
        expect(item.locationHistory.length, String(id)).toBe(history.length);
      }
      const list = await admin.request('GET', `/api/v1/${kindOfJob}?limit=100`);
      expect(list.statusCode, list.body).toBe(200);
    }
  });

  it('keeps the settings and answers the dashboard from the one job read model', async () => {
    const general = await admin.request('GET', '/api/v1/settings/general');
    expect(general.json().data).toMatchObject({ offsiteTimeout: 50 });
    const summary = await admin.request('GET', '/api/v1/workflow/summary');
    expect(summary.statusCode, summary.body).toBe(200);
    const health = await admin.request('GET', '/api/health');
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});
