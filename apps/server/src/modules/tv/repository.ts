import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { departments, stations } from '../../db/schema/registry.ts';
import { tvDevices } from '../../db/schema/tv-devices.ts';
import { users } from '../../db/schema/users.ts';
import { workSessions } from '../../db/schema/workflow.ts';

const ZFinishedSchema = z.object({ rows: z.array(z.object({ finished: z.coerce.number().int() })) });

export type TTvDeviceRow = typeof tvDevices.$inferSelect;

/** A display as Settings › TV Displays lists it, with its station's and pairer's names. */
export type TTvDisplayRow = TTvDeviceRow & {
  stationName: string | null;
  departmentName: string | null;
  pairedByName: string | null;
};

/** SQL of the station TVs: pending pairings and paired displays (one table, see tvDevices). */
export function createTvRepository(db: TDatabase) {
  return {
    /** Inserts a pending pairing; undefined when its code is already shown on another TV. */
    async insertPending(row: {
      tokenHash: string;
      pairingCode: string;
      codeExpiresAt: Date;
    }): Promise<TTvDeviceRow | undefined> {
      const [inserted] = await db.insert(tvDevices).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    /** Pairings nobody claimed in time: their code is free again. */
    async deleteExpiredPending(now: Date): Promise<void> {
      await db.delete(tvDevices).where(and(isNull(tvDevices.pairedAt), lt(tvDevices.codeExpiresAt, now)));
    },

    async findByTokenHash(tokenHash: string): Promise<TTvDeviceRow | undefined> {
      const [row] = await db.select().from(tvDevices).where(eq(tvDevices.tokenHash, tokenHash));
      return row;
    },

    /** Claims a live code once: the code is cleared in the same statement, so a second claim finds nothing. */
    async claim(
      code: string,
      now: Date,
      display: { name: string; stationId: string; pairedBy: string },
    ): Promise<TTvDeviceRow | undefined> {
      const [claimed] = await db
        .update(tvDevices)
        .set({ ...display, pairingCode: null, pairedAt: now, lastSeenAt: now })
        .where(
          and(eq(tvDevices.pairingCode, code), isNull(tvDevices.pairedAt), gt(tvDevices.codeExpiresAt, now)),
        )
        .returning();
      return claimed;
    },

    async listDisplays(): Promise<TTvDisplayRow[]> {
      const rows = await db
        .select({
          device: tvDevices,
          stationName: stations.name,
          departmentName: departments.name,
          pairedByName: sql<
            string | null
          >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
          pairedByEmail: users.email,
        })
        .from(tvDevices)
        .leftJoin(stations, eq(stations.id, tvDevices.stationId))
        .leftJoin(departments, eq(departments.id, stations.departmentId))
        .leftJoin(users, eq(users.id, tvDevices.pairedBy))
        .where(isNotNull(tvDevices.pairedAt))
        .orderBy(tvDevices.name);
      return rows.map((row) => ({
        ...row.device,
        stationName: row.stationName,
        departmentName: row.departmentName,
        pairedByName: row.pairedByName ?? row.pairedByEmail,
      }));
    },

    async findDisplay(id: string): Promise<TTvDeviceRow | undefined> {
      const [row] = await db
        .select()
        .from(tvDevices)
        .where(and(eq(tvDevices.id, id), isNotNull(tvDevices.pairedAt)));
      return row;
    },

    async updateDisplay(
      id: string,
      changes: { name?: string; stationId?: string },
    ): Promise<TTvDeviceRow | undefined> {
      const [row] = await db
        .update(tvDevices)
        .set(changes)
        .where(and(eq(tvDevices.id, id), isNotNull(tvDevices.pairedAt)))
        .returning();
      return row;
    },

    async deleteDisplay(id: string): Promise<TTvDeviceRow | undefined> {
      const [row] = await db
        .delete(tvDevices)
        .where(and(eq(tvDevices.id, id), isNotNull(tvDevices.pairedAt)))
        .returning();
      return row;
    },

    /** Marks a display seen; written at most every `everyMs`, not on each of its requests. */
    async touch(id: string, now: Date, everyMs: number): Promise<void> {
      await db
        .update(tvDevices)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(tvDevices.id, id),
            or(isNull(tvDevices.lastSeenAt), lt(tvDevices.lastSeenAt, new Date(now.getTime() - everyMs))),
          ),
        );
    },

    /** The timers running on some pieces, with their person (issue 37 §3: the TV shows who and how long). */
    async runningTimersOf(itemIds: readonly string[]) {
      if (itemIds.length === 0) return [];
      return db
        .select({
          itemKind: workSessions.itemKind,
          itemId: workSessions.itemId,
          phaseKey: workSessions.phaseKey,
          startedAt: workSessions.startedAt,
          name: users.name,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(workSessions)
        .innerJoin(users, eq(users.id, workSessions.userId))
        .where(and(isNull(workSessions.endedAt), inArray(workSessions.itemId, [...itemIds])))
        .orderBy(asc(workSessions.startedAt));
    },

    async findStation(id: string) {
      const [row] = await db
        .select({
          id: stations.id,
          name: stations.name,
          jewelerName: stations.jewelerName,
          departmentId: stations.departmentId,
          departmentName: departments.name,
        })
        .from(stations)
        .innerJoin(departments, eq(departments.id, stations.departmentId))
        .where(eq(stations.id, id));
      return row;
    },

    /**
     * Pieces finished at a station since `since`: those whose arrival somewhere else came straight after a
     * visit to this station (an arrival's previous arrival, along the history's item index).
     */
    async finishedSince(stationId: string, since: Date): Promise<number> {
      const result = ZFinishedSchema.parse(
        await db.execute(sql`
        select count(distinct (h.item_kind, h.item_id))::int as finished
        from location_history h
        where h.arrived_at >= ${since.toISOString()}::timestamptz
          and h.station_id <> ${stationId}
          and (
            select p.station_id from location_history p
            where p.item_kind = h.item_kind and p.item_id = h.item_id and p.arrived_at < h.arrived_at
            order by p.arrived_at desc
            limit 1
          ) = ${stationId}
      `),
      );
      return result.rows[0]?.finished ?? 0;
    },
  };
}

export type TTvRepository = ReturnType<typeof createTvRepository>;
