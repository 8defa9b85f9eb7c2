import { ZTrackedItemKindSchema } from '@loupe/domain/tracking/tracking-api';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { moveFeed, projectionCursors } from '../../db/schema/tracking.ts';
import type { TClosedVisit } from '../analytics/facts-repository.ts';
import type { TJobMoved } from './location-moves.ts';

/**
 * Held by every append until it commits, so feed rows commit in `seq` order and a projection that read up to
 * a `seq` never finds a smaller one committed later (moves commit concurrently on PostgreSQL).
 */
const APPEND_LOCK = 0x4c4f5550_4d4f5645n; // "LOUPMOVE"

/** One committed batch's moves and the visits they ended, as the projections read it. */
export type TMoveFeedEntry = {
  readonly seq: number;
  readonly moved: readonly TJobMoved[];
  readonly visits: readonly TClosedVisit[];
};

const ZEntrySchema = z.object({
  seq: z.coerce.number().int(),
  moved: z.array(
    z.object({
      kind: ZTrackedItemKindSchema,
      itemId: z.string(),
      departmentId: z.string(),
      stationId: z.string(),
      stationName: z.string(),
      at: z.coerce.date(),
    }),
  ),
  visits: z.array(
    z.object({
      itemKind: ZTrackedItemKindSchema,
      itemId: z.string(),
      stationId: z.string(),
      departmentId: z.string(),
      arrivedAt: z.coerce.date(),
      leftAt: z.coerce.date(),
      minutes: z.number().int(),
      offsiteMinutes: z.number().int(),
    }),
  ),
});
const ZPositionSchema = z.object({ rows: z.array(z.object({ position: z.coerce.number().int() })) });
const ZLagSchema = z.object({
  rows: z.array(z.object({ rows: z.coerce.number().int(), oldest_ms: z.coerce.number().nullable() })),
});

export function createMoveFeedRepository(db: TDatabase) {
  return {
    /** Adds a batch's outcome in the caller's transaction (its last step: the lock is held to the commit). */
    async append(batch: Omit<TMoveFeedEntry, 'seq'>): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK})`);
      await db.insert(moveFeed).values({ moved: batch.moved, visits: batch.visits });
    },

    /**
     * Holds every append off until the caller's transaction ends: a rebuild of the facts from the history
     * reads the moves committed so far, and a batch committing meanwhile would be in neither the rebuild nor,
     * once the cursor is put at the feed's end, the projection.
     */
    async holdAppends(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK})`);
    },

    /** Up to `limit` entries after `position`, oldest first. */
    async entriesAfter(position: number, limit: number): Promise<TMoveFeedEntry[]> {
      const rows = await db
        .select({ seq: moveFeed.seq, moved: moveFeed.moved, visits: moveFeed.visits })
        .from(moveFeed)
        .where(sql`${moveFeed.seq} > ${position}`)
        .orderBy(moveFeed.seq)
        .limit(limit);
      return rows.map((row) => ZEntrySchema.parse(row));
    },

    /** The newest entry's seq (0 when the feed is empty). */
    async lastSeq(): Promise<number> {
      const result = await db.execute(
        sql`select coalesce(max(${moveFeed.seq}), 0) as position from ${moveFeed}`,
      );
      return ZPositionSchema.parse(result).rows[0]?.position ?? 0;
    },

    /** Where a projection's cursor stands (0: nothing applied yet). */
    async position(name: string): Promise<number> {
      const result = await db.execute(
        sql`select position from ${projectionCursors} where ${projectionCursors.name} = ${name}`,
      );
      return ZPositionSchema.parse(result).rows[0]?.position ?? 0;
    },

    /**
     * Moves a cursor from `from` to `to` in the caller's transaction, locking its row to the commit; false
     * when it no longer stood at `from` (another instance applied those entries first).
     */
    async advance(name: string, from: number, to: number): Promise<boolean> {
      const result = await db.execute(sql`
        insert into ${projectionCursors} (name, position) values (${name}, ${to}::bigint)
        on conflict (name) do update set position = excluded.position, applied_at = now()
          where ${projectionCursors.position} = ${from}::bigint
        returning position`);
      // Made here when missing (the first entries ever applied); two instances racing to make it: one wins.
      return ZPositionSchema.parse(result).rows.length === 1;
    },

    /** Puts a cursor at the feed's end: what it holds is already counted (a rebuild from the history). */
    async skipToEnd(name: string): Promise<void> {
      await db.execute(sql`
        insert into ${projectionCursors} (name, position)
        select ${name}, coalesce(max(${moveFeed.seq}), 0) from ${moveFeed}
        on conflict (name) do update set position = excluded.position, applied_at = now()`);
    },

    /** Entries after a cursor and how long ago the oldest of them was appended (the database's clock). */
    async lag(name: string): Promise<{ rows: number; oldestMs: number }> {
      const result = await db.execute(sql`
        select count(*)::integer as rows,
               (extract(epoch from clock_timestamp() - min(${moveFeed.recordedAt})) * 1000)::float8 as oldest_ms
        from ${moveFeed}
        where ${moveFeed.seq} > coalesce(
          (select position from ${projectionCursors} where ${projectionCursors.name} = ${name}), 0)`);
      const row = ZLagSchema.parse(result).rows[0];
      return { rows: row?.rows ?? 0, oldestMs: Math.max(0, Math.round(row?.oldest_ms ?? 0)) };
    },

    /** Deletes the entries every one of `names` has passed; a projection that never ran keeps them all. */
    async trim(names: readonly string[]): Promise<void> {
      await db.execute(sql`
        delete from ${moveFeed}
        where ${moveFeed.seq} <= (
          select case when count(*) = ${names.length} then min(position) else 0 end
          from ${projectionCursors}
          where ${projectionCursors.name} in (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )}))`);
    },
  };
}

export type TMoveFeedRepository = ReturnType<typeof createMoveFeedRepository>;
