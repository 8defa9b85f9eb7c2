import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

/**
 * Issue 42 §1: the embedded database is backed up while a writer keeps committing (pglite-snapshot.ts).
 * The copy must be one state of the database: a table written one row at a time comes back as rows 1…k
 * with no gap, k at least every row committed before the backup was asked for and at most every row
 * committed by the time it answered, and a table nobody wrote meanwhile comes back whole.
 */
describe('a backup of PGlite on disk during writes', () => {
  const scratch: string[] = [];
  afterEach(async () => {
    for (const dir of scratch.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('copies one consistent state, loadable by PGlite, while the writer keeps going', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'loupe-snapshot-'));
    scratch.push(dir);
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data') });
    let restored: PGlite | null = null;
    try {
      await handle.db.execute(sql`CREATE TABLE snap_still (id integer PRIMARY KEY, body text)`);
      await handle.db.execute(
        sql`INSERT INTO snap_still SELECT g, repeat(md5(g::text), 8) FROM generate_series(1, 20000) g`,
      );
      await handle.db.execute(sql`CREATE TABLE snap_rows (id integer PRIMARY KEY, body text)`);
      let committed = 0;
      let writing = true;
      const writer = (async () => {
        while (writing) {
          await handle.db.execute(sql`INSERT INTO snap_rows VALUES (${committed + 1}, repeat('x', 300))`);
          committed += 1;
        }
      })();
      while (committed < 100) await new Promise((resolve) => setTimeout(resolve, 10));

      const file = path.join(dir, 'database.tar.gz');
      const before = committed;
      const { heldMs } = await (handle.dumpDataDir as NonNullable<typeof handle.dumpDataDir>)(file);
      const after = committed;
      while (committed < after + 50) await new Promise((resolve) => setTimeout(resolve, 10));
      writing = false;
      await writer;
      expect(heldMs).toBeGreaterThan(0);

      restored = await PGlite.create(path.join(dir, 'restored'), {
        loadDataDir: new Blob([new Uint8Array(await readFile(file))]),
      });
      const ids = (await restored.query<{ id: number }>('SELECT id FROM snap_rows ORDER BY id')).rows.map(
        (row) => row.id,
      );
      expect(ids.length).toBeGreaterThanOrEqual(before);
      expect(ids.length).toBeLessThanOrEqual(after + 1);
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, index) => index + 1));
      const still = await restored.query<{ count: number; digest: string }>(
        `SELECT count(*)::int AS count, md5(string_agg(body, '' ORDER BY id)) AS digest FROM snap_still`,
      );
      const source = (await handle.db.execute(
        sql`SELECT count(*)::int AS count, md5(string_agg(body, '' ORDER BY id)) AS digest FROM snap_still`,
      )) as unknown as { rows: { count: number; digest: string }[] };
      expect(still.rows[0]).toEqual(source.rows[0]);
      expect(still.rows[0]?.count).toBe(20000);
    } finally {
      await restored?.close();
      await handle.close();
    }
  }, 120_000);
});
