import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';

/**
 * How the SQL of the analytics screens runs. Every query reads the facts tables (analytics_*), never
 * location_history; the figures that need percentiles of many rows read buckets or grouped aggregates.
 */

export const num = z.coerce.number();
export const int = z.coerce.number().int();
export const text = z.string();
export const nullableText = z.string().nullable();
export const nullableNum = z.coerce.number().nullable();

/**
 * Sorts and hashes of an analytics read (percentiles over tens of thousands of rows) fit in memory with this
 * instead of the server's default 4 MB, which spills them to disk. Only for these reads, in their own
 * read-only transaction, so the rest of the app keeps the default.
 */
const ANALYTICS_WORK_MEM = '64MB';

/** Runs a statement and parses its rows with `shape`. */
export async function query<T extends z.ZodRawShape>(db: TDatabase, statement: SQL, shape: T) {
  const result = (await db.execute(statement)) as { rows: unknown[] };
  return z.array(z.object(shape)).parse(result.rows);
}

/**
 * `query` for the reads that sort or hash a range's jobs (exact percentiles, grouping sets), with more
 * memory: four round trips instead of one, so only where the sort is the cost.
 */
export async function sortingQuery<T extends z.ZodRawShape>(
  db: TDatabase,
  statement: SQL,
  shape: T,
  options: { withoutMergeJoins?: boolean } = {},
) {
  const result = (await inTransaction(
    db,
    async (tx) => {
      await tx.execute(sql.raw(`set local work_mem = '${ANALYTICS_WORK_MEM}'`));
      if (options.withoutMergeJoins) await tx.execute(sql`set local enable_mergejoin = off`);
      return tx.execute(statement);
    },
    { accessMode: 'read only' },
  )) as { rows: unknown[] };
  return z.array(z.object(shape)).parse(result.rows);
}

export const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The uuid that stands for "none" where uuids are compared with `=`, which never matches null. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
