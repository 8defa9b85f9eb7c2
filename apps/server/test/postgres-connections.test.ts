import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createPostgresTestDatabase, openTestDatabase } from './support/databases.ts';

/** Settings every PostgreSQL connection of the pool starts with (src/db/client.ts). */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  it('run without JIT compilation, on every connection of the pool', async () => {
    const handle = await openTestDatabase('postgres');
    try {
      // Four at once, so that the pool opens four connections.
      const settings = await Promise.all(
        Array.from({ length: 4 }, () =>
          handle.db.transaction(async (tx) => {
            const { rows } = (await tx.execute(
              sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`,
            )) as { rows: { jit: string; pid: number }[] };
            return rows[0];
          }),
        ),
      );
      expect(new Set(settings.map((row) => row?.pid)).size).toBe(4);
      expect(settings.map((row) => row?.jit)).toEqual(['off', 'off', 'off', 'off']);
    } finally {
      await handle.close();
    }
  });

  it('keep the options the address gives', async () => {
    const created = await createPostgresTestDatabase();
    const url = new URL(created.url);
    url.searchParams.set('options', '-c application_name=loupe-test');
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      const { rows } = (await handle.db.execute(
        sql`select current_setting('application_name') as name, current_setting('jit') as jit`,
      )) as { rows: { name: string; jit: string }[] };
      expect(rows).toEqual([{ name: 'loupe-test', jit: 'off' }]);
    } finally {
      await handle.close();
      await created.drop();
    }
  });
});
