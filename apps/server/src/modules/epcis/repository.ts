import { EPCIS_SOURCE_ACTIONS, type TEpcisSourceRow } from '@loupe/domain/integrations/epcis-events';
import { and, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';

/**
 * Where a page of history rows starts: after this row in (at, source, id) order, arrivals before changes at
 * one instant (the read comes first; the phase change or return it caused follows).
 */
export type TEpcisRowKey = { readonly at: Date; readonly source: 'move' | 'change'; readonly id: number };

export type TEpcisRowFilter = {
  readonly after?: TEpcisRowKey | null;
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
  /** Normalized EPCs (hex); an empty list matches nothing. */
  readonly epcs?: readonly string[] | undefined;
  readonly stationIds?: readonly string[] | undefined;
  readonly departmentIds?: readonly string[] | undefined;
  readonly itemId?: string | undefined;
  /** Capture reads each source by id, after the last id it sent (rows are never updated once written). */
  readonly source?: TEpcisSourceRow['source'] | undefined;
  readonly afterId?: number | undefined;
  readonly limit: number;
};

/** The capture's watermark: the last arrival and change sent. */
export type TEpcisHighWater = { readonly moveId: number; readonly changeId: number };

const ZRowSchema = z.object({
  source: z.enum(['move', 'change']),
  id: z.coerce.number().int(),
  at: z.coerce.date(),
  kind: z.enum(['order', 'repair']),
  item_id: z.string(),
  number: z.string().nullable(),
  epc: z.string().nullable(),
  action: z.string().nullable(),
  changes: z
    .record(z.string(), z.object({ from: z.unknown().optional(), to: z.unknown().optional() }).loose())
    .nullable()
    .catch(null),
  station_id: z.string().nullable(),
  department_id: z.string().nullable(),
});

const actions = sql.join(
  EPCIS_SOURCE_ACTIONS.map((action) => sql`${action}`),
  sql`, `,
);

/**
 * The history EPCIS events are made of (packages/domain/src/integrations/epcis-events.ts), one row per arrival
 * (`location_history`) and per change that can make an event (`item_changes`), in (time, source, id) order. A
 * change carries the tag the job had then (its latest tag assignment or removal at or before it) and the place
 * it was (its latest arrival at or before it). Nothing here is stored: it is read from the history itself.
 */
export function createEpcisRepository(db: TDatabase) {
  return {
    async rows(filter: TEpcisRowFilter): Promise<TEpcisSourceRow[]> {
      const where: SQL[] = [];
      const inList = (column: SQL, values: readonly string[]) =>
        values.length === 0
          ? sql`false`
          : sql`${column} in (${sql.join(
              values.map((value) => sql`${value}`),
              sql`, `,
            )})`;
      if (filter.after) {
        where.push(
          sql`(ev.at, ev.rank, ev.id) > (${filter.after.at.toISOString()}::timestamptz, ${filter.after.source === 'move' ? 0 : 1}, ${filter.after.id})`,
        );
      }
      if (filter.from) where.push(sql`ev.at >= ${filter.from.toISOString()}::timestamptz`);
      if (filter.to) where.push(sql`ev.at < ${filter.to.toISOString()}::timestamptz`);
      if (filter.epcs) where.push(inList(sql`ev.epc`, filter.epcs));
      if (filter.stationIds) where.push(inList(sql`ev.station_id`, filter.stationIds));
      if (filter.departmentIds) where.push(inList(sql`ev.department_id`, filter.departmentIds));
      if (filter.itemId) where.push(sql`ev.item_id = ${filter.itemId}::uuid`);
      if (filter.source) where.push(sql`ev.source = ${filter.source}`);
      if (filter.afterId !== undefined) where.push(sql`ev.id > ${filter.afterId}`);
      const result = (await db.execute(sql`
        select ev.source, ev.id, ev.at, ev.kind, ev.item_id, coalesce(o.order_number, r.repair_number) as number,
          ev.epc, ev.action, ev.changes, ev.station_id, ev.department_id
        from (
          select 'move'::text as source, 0 as rank, h.id, h.arrived_at as at, h.item_kind as kind, h.item_id, h.epc,
            null::text as action, null::jsonb as changes, h.station_id, h.department_id
          from location_history h
          union all
          select 'change'::text, 1, c.id, c.at, c.item_kind, c.item_id,
            case when c.action = 'tracking-stopped' then c.changes -> 'epc' ->> 'from' else (
              select t.changes -> 'epc' ->> 'to' from item_changes t
              where t.item_kind = c.item_kind and t.item_id = c.item_id
                and t.action in ('epc-assigned', 'tracking-stopped') and (t.at, t.id) <= (c.at, c.id)
              order by t.at desc, t.id desc limit 1
            ) end,
            c.action, c.changes, place.station_id, place.department_id
          from item_changes c
          left join lateral (
            select l.station_id, l.department_id from location_history l
            where l.item_kind = c.item_kind and l.item_id = c.item_id and l.arrived_at <= c.at
            order by l.arrived_at desc, l.id desc limit 1
          ) place on true
          where c.action in (${actions})
        ) ev
        left join orders o on ev.kind = 'order' and o.id = ev.item_id
        left join repairs r on ev.kind = 'repair' and r.id = ev.item_id
        ${where.length === 0 ? sql`` : sql`where ${and(...where)}`}
        order by ${filter.source ? sql`ev.id` : sql`ev.at, ev.rank, ev.id`}
        limit ${filter.limit}
      `)) as { rows: unknown[] };
      return z
        .array(ZRowSchema)
        .parse(result.rows)
        .map((row) => ({
          source: row.source,
          id: row.id,
          at: row.at,
          kind: row.kind,
          itemId: row.item_id,
          number: row.number,
          epc: row.epc,
          action: row.action,
          changes: row.changes,
          stationId: row.station_id,
          departmentId: row.department_id,
        }));
    },

    /** The newest arrival and change now: where a capture turned on starts. */
    async highWater(): Promise<TEpcisHighWater> {
      const result = (await db.execute(sql`
        select (select coalesce(max(id), 0) from location_history) as move_id,
          (select coalesce(max(id), 0) from item_changes) as change_id
      `)) as { rows: unknown[] };
      const [row] = z
        .array(z.object({ move_id: z.coerce.number(), change_id: z.coerce.number() }))
        .parse(result.rows);
      return { moveId: row?.move_id ?? 0, changeId: row?.change_id ?? 0 };
    },

    /** How many history rows after the watermark may still make events (the capture's backlog). */
    async countAfter(mark: TEpcisHighWater): Promise<number> {
      const result = (await db.execute(sql`
        select (select count(*) from location_history where id > ${mark.moveId})
          + (select count(*) from item_changes where id > ${mark.changeId} and action in (${actions})) as pending
      `)) as { rows: unknown[] };
      return z.array(z.object({ pending: z.coerce.number() })).parse(result.rows)[0]?.pending ?? 0;
    },
  };
}

export type TEpcisRepository = ReturnType<typeof createEpcisRepository>;
