import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { rfidJournal, rfidJournalCursors, rfidJournalPassedOver } from '../../db/schema/rfid.ts';

/** The cursor of the applier that derives moves, history, phases and analytics from the journal. */
export const APPLY_CURSOR = 'apply';
/**
 * Held by every append until it commits, so journal rows commit in `seq` order and a follower that read up
 * to a `seq` never finds a smaller one committed later (several instances may share one database).
 */
const APPEND_LOCK = 0x4c4f5550_4a524e4cn; // "LOUPJRNL"

/** A row to append: a fresh read, or the repeats of one counted since the last flush. */
export type TJournalEntry = {
  readonly kind: 'read' | 'repeat';
  readonly readKey: string;
  readonly readerId: string;
  readonly antenna: number;
  readonly epc: string;
  readonly readAt: Date;
  readonly rssi: number | null;
  readonly repeats: number;
  readonly departmentId: string | null;
  readonly stationId: string | null;
  readonly actorId: string | null;
};

export type TJournalRow = TJournalEntry & { readonly seq: number };

/** A row the applier passed over (decision 025), with why and since when. */
export type TPassedOverRow = TJournalRow & {
  readonly error: string;
  readonly attempts: number;
  readonly passedOverAt: Date;
};

const ZAppendedSchema = z.object({
  rows: z.array(z.object({ seq: z.coerce.number().int(), read_key: z.string(), kind: z.string() })),
});
const ZPositionSchema = z.object({ rows: z.array(z.object({ position: z.coerce.number().int() })) });
const ZLagSchema = z.object({
  rows: z.array(
    z.object({
      rows: z.coerce.number().int().min(0),
      oldest_ms: z.coerce.number().nullable(),
      passed_over: z.coerce.number().int().min(0),
    }),
  ),
});
const ZDeletedSchema = z.object({ rows: z.array(z.object({ deleted: z.coerce.number().int().min(0) })) });

function journalRowOf(row: typeof rfidJournal.$inferSelect): TJournalRow {
  return {
    seq: row.seq,
    kind: row.kind,
    readKey: row.readKey,
    readerId: row.readerId,
    antenna: row.antenna,
    epc: row.epc,
    readAt: row.readAt,
    rssi: row.rssi,
    repeats: row.repeats,
    departmentId: row.departmentId,
    stationId: row.stationId,
    actorId: row.actorId,
  };
}

/** The journal's SQL (decision 025): appends, the rows after a cursor, the cursor, the lag and the sweep. */
export function createRfidJournalRepository(db: TDatabase) {
  return {
    /**
     * Appends entries in their order, in the caller's transaction, holding the append lock to its commit.
     * A `read` whose key is journaled already is left out; returns the `seq` of each row appended, by
     * entry index (undefined for one left out).
     */
    async append(entries: readonly TJournalEntry[]): Promise<(number | undefined)[]> {
      if (entries.length === 0) return [];
      await db.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK.toString()}::bigint)`);
      const column = <T>(pick: (entry: TJournalEntry) => T) => sql.param(entries.map(pick));
      const result = await db.execute(sql`
        insert into ${rfidJournal} (kind, read_key, reader_id, antenna, epc, read_at, rssi, repeats,
                                    department_id, station_id, actor_id)
        select kind, read_key, reader_id, antenna, epc, read_at, rssi, repeats, department_id, station_id, actor_id
        from unnest(
          ${column((entry) => entry.kind)}::text[],
          ${column((entry) => entry.readKey)}::text[],
          ${column((entry) => entry.readerId)}::text[],
          ${column((entry) => entry.antenna)}::integer[],
          ${column((entry) => entry.epc)}::text[],
          ${column((entry) => entry.readAt.toISOString())}::timestamptz[],
          ${column((entry) => entry.rssi)}::double precision[],
          ${column((entry) => entry.repeats)}::integer[],
          ${column((entry) => entry.departmentId)}::text[],
          ${column((entry) => entry.stationId)}::text[],
          ${column((entry) => entry.actorId)}::text[]
        ) with ordinality as entry(kind, read_key, reader_id, antenna, epc, read_at, rssi, repeats,
                                   department_id, station_id, actor_id, position)
        order by position
        on conflict (read_key) where kind = 'read' do nothing
        returning seq, read_key, kind`);
      const rows = ZAppendedSchema.parse(result).rows;
      // Rows come back in insertion order; a `repeat` row is never left out, a `read` row only on its key.
      const byKey = new Map<string, number[]>();
      for (const row of rows) {
        const id = `${row.kind}/${row.read_key}`;
        byKey.set(id, [...(byKey.get(id) ?? []), row.seq]);
      }
      return entries.map((entry) => byKey.get(`${entry.kind}/${entry.readKey}`)?.shift());
    },

    /** The newest row's seq (0 when the journal is empty). */
    async lastSeq(): Promise<number> {
      const result = await db.execute(
        sql`select coalesce(max(${rfidJournal.seq}), 0) as position from ${rfidJournal}`,
      );
      return ZPositionSchema.parse(result).rows[0]?.position ?? 0;
    },

    /** Up to `limit` rows after `position`, in order. */
    async rowsAfter(position: number, limit: number): Promise<TJournalRow[]> {
      const rows = await db
        .select()
        .from(rfidJournal)
        .where(sql`${rfidJournal.seq} > ${position}`)
        .orderBy(rfidJournal.seq)
        .limit(limit);
      return rows.map(journalRowOf);
    },

    /** Where a cursor stands (0: nothing applied yet). */
    async position(name: string): Promise<number> {
      const result = await db.execute(
        sql`select position from ${rfidJournalCursors} where ${rfidJournalCursors.name} = ${name}`,
      );
      return ZPositionSchema.parse(result).rows[0]?.position ?? 0;
    },

    /**
     * Moves a cursor from `from` to `to` in the caller's transaction, locking its row to the commit; false
     * when it no longer stood at `from` (another instance applied those rows first).
     */
    async advance(name: string, from: number, to: number): Promise<boolean> {
      const updated = await db.execute(sql`
        update ${rfidJournalCursors} set position = ${to}::bigint, applied_at = now()
        where ${rfidJournalCursors.name} = ${name} and ${rfidJournalCursors.position} = ${from}::bigint
        returning position`);
      if (ZPositionSchema.parse(updated).rows.length === 1) return true;
      if (from !== 0) return false;
      // The first rows ever applied: the cursor's row is made (once, should two instances race to it).
      const inserted = await db.execute(sql`
        insert into ${rfidJournalCursors} (name, position) values (${name}, ${to}::bigint)
        on conflict (name) do nothing
        returning position`);
      return ZPositionSchema.parse(inserted).rows.length === 1;
    },

    /**
     * Rows after a cursor, how long ago the oldest of them was journaled (by the database's clock), and the
     * rows passed over and not replayed.
     */
    async lag(name: string): Promise<{ rows: number; oldestMs: number; passedOver: number }> {
      const result = await db.execute(sql`
        select count(*)::integer as rows,
               (extract(epoch from clock_timestamp() - min(${rfidJournal.journaledAt})) * 1000)::float8 as oldest_ms,
               (select count(*)::integer from ${rfidJournalPassedOver}) as passed_over
        from ${rfidJournal}
        where ${rfidJournal.seq} > coalesce(
          (select position from ${rfidJournalCursors} where ${rfidJournalCursors.name} = ${name}), 0)`);
      const row = ZLagSchema.parse(result).rows[0];
      return {
        rows: row?.rows ?? 0,
        oldestMs: Math.max(0, Math.round(row?.oldest_ms ?? 0)),
        passedOver: row?.passed_over ?? 0,
      };
    },

    /**
     * Deletes up to `limit` of the oldest rows journaled before `before` that the cursor has passed; how
     * many went. A row not yet applied, or passed over and not replayed, is kept whatever its age.
     */
    async deleteAppliedBefore(name: string, before: Date, limit: number): Promise<number> {
      const result = await db.execute(sql`
        with expired as (
          delete from ${rfidJournal}
          where ${rfidJournal.seq} in (
            select ${rfidJournal.seq} from ${rfidJournal}
            where ${rfidJournal.journaledAt} < ${before.toISOString()}::timestamptz
              and ${rfidJournal.seq} <= coalesce(
                (select position from ${rfidJournalCursors} where ${rfidJournalCursors.name} = ${name}), 0)
              and not exists (
                select 1 from ${rfidJournalPassedOver} where ${rfidJournalPassedOver.seq} = ${rfidJournal.seq})
            order by ${rfidJournal.seq}
            limit ${limit}
            for update skip locked
          )
          returning 1
        )
        select count(*)::integer as deleted from expired`);
      return ZDeletedSchema.parse(result).rows[0]?.deleted ?? 0;
    },

    /** Records a row as passed over (or tried again and refused again), in the caller's transaction. */
    async passOver(seq: number, error: string, attempts: number): Promise<void> {
      await db
        .insert(rfidJournalPassedOver)
        .values({ seq, error, attempts })
        .onConflictDoUpdate({ target: rfidJournalPassedOver.seq, set: { error, attempts } });
    },

    /** The rows passed over and not replayed yet, oldest first, up to `limit`, and how many there are. */
    async passedOver(limit: number): Promise<{ rows: TPassedOverRow[]; total: number }> {
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(rfidJournalPassedOver)
          .innerJoin(rfidJournal, sql`${rfidJournal.seq} = ${rfidJournalPassedOver.seq}`)
          .orderBy(rfidJournalPassedOver.seq)
          .limit(limit),
        db.select({ total: sql<number>`count(*)::integer` }).from(rfidJournalPassedOver),
      ]);
      return {
        rows: rows.map(({ rfid_journal: row, rfid_journal_passed_over: passed }) => ({
          ...journalRowOf(row),
          error: passed.error,
          attempts: passed.attempts,
          passedOverAt: passed.passedOverAt,
        })),
        total: Number(count?.total ?? 0),
      };
    },

    /**
     * Takes a passed-over row off the list in the caller's transaction, locking it to the commit: false when
     * it is not on it (another replay applied it first).
     */
    async takePassedOver(seq: number): Promise<boolean> {
      const taken = await db
        .delete(rfidJournalPassedOver)
        .where(sql`${rfidJournalPassedOver.seq} = ${seq}`)
        .returning({ seq: rfidJournalPassedOver.seq });
      return taken.length === 1;
    },
  };
}

export type TRfidJournalRepository = ReturnType<typeof createRfidJournalRepository>;
