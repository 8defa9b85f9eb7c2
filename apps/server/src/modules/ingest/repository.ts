import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { readers } from '../../db/schema/registry.ts';
import { readerRejections, rfidReads, rfidUnresolvedReads } from '../../db/schema/rfid.ts';

const ZDeletedSchema = z.object({ rows: z.array(z.object({ deleted: z.coerce.number().int().min(0) })) });

/** A fresh read to record under its key (docs/architecture.md). */
export type TFreshReadRow = {
  readonly readKey: string;
  readonly readerId: string;
  readonly antenna: number;
  readonly epc: string;
  readonly readAt: Date;
  readonly rssi: number | null;
};

/** Repeats of a fresh read folded into its row: how many, and the latest time. */
export type TRepeatCount = { readonly readKey: string; readonly count: number; readonly at: Date };

/** Fresh reads that placed nothing, by reason, reader and antenna: a count and the first and last of them. */
export type TUnresolvedCount = {
  readonly reason: 'unmapped-antenna' | 'unknown-tag';
  readonly readerId: string;
  readonly antenna: number;
  readonly reads: number;
  readonly lastEpc: string;
  readonly firstAt: Date;
  readonly lastAt: Date;
};

/**
 * The RFID ingest's SQL: reads and their repeats, unplaceable reads, reader presence and refusals. Each
 * batch write is one statement whatever the number of rows, with one array parameter per column: a
 * statement costs ~0.3–1 ms on PGlite, a row far less, and a few arrays cost less to send than thousands
 * of parameters.
 */
export function createRfidRepository(db: TDatabase) {
  return {
    /** Records fresh reads, once each: a read key recorded before is left as it is. */
    async recordFreshReads(rows: readonly TFreshReadRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        insert into ${rfidReads} (read_key, reader_id, antenna, epc, read_at, rssi, last_seen_at)
        select read_key, reader_id, antenna, epc, read_at, rssi, read_at
        from unnest(
          ${sql.param(rows.map((row) => row.readKey))}::text[],
          ${sql.param(rows.map((row) => row.readerId))}::text[],
          ${sql.param(rows.map((row) => row.antenna))}::integer[],
          ${sql.param(rows.map((row) => row.epc))}::text[],
          ${sql.param(rows.map((row) => row.readAt.toISOString()))}::timestamptz[],
          ${sql.param(rows.map((row) => row.rssi))}::double precision[]
        ) as read(read_key, reader_id, antenna, epc, read_at, rssi)
        on conflict (read_key) do nothing`);
    },

    /** Adds repeats to their fresh reads' rows and moves last-seen on. */
    async countRepeats(repeats: readonly TRepeatCount[]): Promise<void> {
      if (repeats.length === 0) return;
      await db.execute(sql`
        update ${rfidReads}
        set repeats = ${rfidReads.repeats} + repeat.count,
            last_seen_at = greatest(${rfidReads.lastSeenAt}, repeat.at)
        from unnest(
          ${sql.param(repeats.map((repeat) => repeat.readKey))}::text[],
          ${sql.param(repeats.map((repeat) => repeat.count))}::integer[],
          ${sql.param(repeats.map((repeat) => repeat.at.toISOString()))}::timestamptz[]
        ) as repeat(read_key, count, at)
        where ${rfidReads.readKey} = repeat.read_key`);
    },

    /**
     * Deletes up to `limit` of the oldest reads made before `before`; how many went. One short statement
     * a batch, so ingest never waits long behind it; rows another instance's sweep holds are skipped.
     */
    async deleteReadsBefore(before: Date, limit: number): Promise<number> {
      const result = await db.execute(sql`
        with expired as (
          delete from ${rfidReads}
          where ${rfidReads.readKey} in (
            select ${rfidReads.readKey} from ${rfidReads}
            where ${rfidReads.readAt} < ${before.toISOString()}::timestamptz
            order by ${rfidReads.readAt}
            limit ${limit}
            for update skip locked
          )
          returning 1
        )
        select count(*)::integer as deleted from expired`);
      return ZDeletedSchema.parse(result).rows[0]?.deleted ?? 0;
    },

    /**
     * Adds to the cluster-wide counts of unplaceable reads. Rows go in key order, so two instances' batches
     * lock them in one order.
     */
    async countUnresolved(counts: readonly TUnresolvedCount[]): Promise<void> {
      if (counts.length === 0) return;
      const key = (row: TUnresolvedCount) => `${row.reason}/${row.readerId}/${row.antenna}`;
      const rows = [...counts].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      const table = rfidUnresolvedReads;
      await db.execute(sql`
        insert into ${table} (reason, reader_id, antenna, reads, last_epc, first_seen_at, last_seen_at)
        select * from unnest(
          ${sql.param(rows.map((row) => row.reason))}::text[],
          ${sql.param(rows.map((row) => row.readerId))}::text[],
          ${sql.param(rows.map((row) => row.antenna))}::integer[],
          ${sql.param(rows.map((row) => row.reads))}::bigint[],
          ${sql.param(rows.map((row) => row.lastEpc))}::text[],
          ${sql.param(rows.map((row) => row.firstAt.toISOString()))}::timestamptz[],
          ${sql.param(rows.map((row) => row.lastAt.toISOString()))}::timestamptz[]
        )
        on conflict (reason, reader_id, antenna) do update set
          reads = ${table.reads} + excluded.reads,
          last_epc = case when excluded.last_seen_at >= ${table.lastSeenAt} then excluded.last_epc
                          else ${table.lastEpc} end,
          first_seen_at = least(${table.firstSeenAt}, excluded.first_seen_at),
          last_seen_at = greatest(${table.lastSeenAt}, excluded.last_seen_at)`);
    },

    /** The cluster's counts of fresh reads that placed nothing, newest first. */
    listUnresolved() {
      return db.select().from(rfidUnresolvedReads).orderBy(desc(rfidUnresolvedReads.lastSeenAt));
    },

    /** Marks a reader online; its id and name, or undefined when there is no such reader. */
    async markOnline(readerId: string, at: Date): Promise<{ id: string; name: string } | undefined> {
      const [row] = await db
        .update(readers)
        .set({ status: 'online', lastHeartbeat: at })
        .where(eq(readers.id, readerId))
        .returning({ id: readers.id, name: readers.name });
      return row;
    },

    /** Marks offline the online readers silent since `silentSince`; their ids and names. */
    markSilentOffline(silentSince: Date): Promise<{ id: string; name: string }[]> {
      return db
        .update(readers)
        .set({ status: 'offline' })
        .where(
          and(
            eq(readers.status, 'online'),
            or(isNull(readers.lastHeartbeat), lt(readers.lastHeartbeat, silentSince)),
          ),
        )
        .returning({ id: readers.id, name: readers.name });
    },

    /** A reader's newest refusal: the reason and topic replace the previous ones, the count goes up. */
    async recordRejection(rejection: {
      readonly readerId: string;
      readonly reason: string;
      readonly topic: string | null;
      readonly at: Date;
    }): Promise<void> {
      const { at, ...values } = rejection;
      await db
        .insert(readerRejections)
        .values({ ...values, count: 1, firstAt: at, lastAt: at })
        .onConflictDoUpdate({
          target: readerRejections.readerId,
          set: {
            reason: rejection.reason,
            topic: rejection.topic,
            count: sql`${readerRejections.count} + 1`,
            lastAt: at,
          },
        });
    },

    /** Every reader's last refusal, newest first. */
    listRejections() {
      return db.select().from(readerRejections).orderBy(desc(readerRejections.lastAt));
    },
  };
}

export type TRfidRepository = ReturnType<typeof createRfidRepository>;
