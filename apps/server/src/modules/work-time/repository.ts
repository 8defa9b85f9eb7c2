import type { TWorkAction, TWorkEndReason } from '@loupe/domain/workflow/work-time';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { insertedRow } from '../../db/inserted-row.ts';
import { stations } from '../../db/schema/registry.ts';
import { trackedItems } from '../../db/schema/tracking.ts';
import { workActions, workSessions } from '../../db/schema/workflow.ts';
import { createWorkflowRepository } from '../workflow/repository.ts';

export type TWorkSessionRow = typeof workSessions.$inferSelect;
export type TWorkActionRow = typeof workActions.$inferSelect;

/** How a session ends: when, why and with what note. */
export type TSessionEnd = {
  readonly endedAt: Date;
  readonly endReason: TWorkEndReason;
  readonly note?: string | null;
};

/**
 * The SQL of work time: sessions and the taps that can be undone. It brings the workflow's statements along, so
 * one transaction covers the assignment, the job's phase and the timer together.
 */
export function createWorkTimeRepository(db: TDatabase) {
  return {
    ...createWorkflowRepository(db),

    /** A person's running session(s), locked: one runs at a time, the unique index makes sure. */
    async runningOf(userId: string): Promise<TWorkSessionRow[]> {
      return db
        .select()
        .from(workSessions)
        .where(and(eq(workSessions.userId, userId), isNull(workSessions.endedAt)))
        .for('update');
    },

    /** A person's running session, read only (My Tasks). */
    async sessionsOfUserRunning(userId: string): Promise<TWorkSessionRow[]> {
      return db
        .select()
        .from(workSessions)
        .where(and(eq(workSessions.userId, userId), isNull(workSessions.endedAt)));
    },

    /** The pieces standing at a station now (its kiosk's list), longest there first. */
    async piecesAt(stationId: string): Promise<{ kind: TWorkflowKind; itemId: string }[]> {
      const rows = await db
        .select({ kind: trackedItems.itemKind, itemId: trackedItems.itemId })
        .from(trackedItems)
        .where(eq(trackedItems.currentStationId, stationId))
        .orderBy(asc(trackedItems.arrivedAt));
      return rows.map((row) => ({ kind: row.kind as TWorkflowKind, itemId: row.itemId }));
    },

    /** The timers running on some jobs, read only (the kiosk). */
    async runningOn(itemIds: readonly string[]): Promise<TWorkSessionRow[]> {
      if (itemIds.length === 0) return [];
      return db
        .select()
        .from(workSessions)
        .where(and(isNull(workSessions.endedAt), inArray(workSessions.itemId, [...itemIds])))
        .orderBy(asc(workSessions.startedAt));
    },

    async stationNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: stations.id, name: stations.name })
        .from(stations)
        .where(inArray(stations.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async runningOfJobs(
      jobs: readonly { kind: TWorkflowKind; itemId: string }[],
    ): Promise<TWorkSessionRow[]> {
      if (jobs.length === 0) return [];
      return db
        .select()
        .from(workSessions)
        .where(
          and(
            isNull(workSessions.endedAt),
            inArray(
              workSessions.itemId,
              jobs.map((job) => job.itemId),
            ),
          ),
        )
        .for('update');
    },

    /** Running sessions that started before `before`: the closing sweep's candidates. */
    async runningStartedBefore(before: Date): Promise<TWorkSessionRow[]> {
      return db
        .select()
        .from(workSessions)
        .where(and(isNull(workSessions.endedAt), lt(workSessions.startedAt, before)))
        .for('update', { skipLocked: true });
    },

    async findSession(id: string): Promise<TWorkSessionRow | undefined> {
      const [row] = await db.select().from(workSessions).where(eq(workSessions.id, id)).limit(1);
      return row;
    },

    async insertSession(row: typeof workSessions.$inferInsert): Promise<TWorkSessionRow> {
      return insertedRow(await db.insert(workSessions).values(row).returning(), 'work_sessions');
    },

    /** Ends a session if it still runs; undefined when it had already ended. */
    async endSession(id: string, end: TSessionEnd): Promise<TWorkSessionRow | undefined> {
      const [row] = await db
        .update(workSessions)
        .set({ endedAt: end.endedAt, endReason: end.endReason, note: end.note ?? null })
        .where(and(eq(workSessions.id, id), isNull(workSessions.endedAt)))
        .returning();
      return row;
    },

    /** Runs a session again (an undone pause, done or hand back). */
    async reopenSession(id: string): Promise<TWorkSessionRow | undefined> {
      const [row] = await db
        .update(workSessions)
        .set({ endedAt: null, endReason: null, note: null })
        .where(eq(workSessions.id, id))
        .returning();
      return row;
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(workSessions).where(eq(workSessions.id, id));
    },

    /** The sessions of some jobs, oldest first. */
    async sessionsOfJobs(kind: TWorkflowKind, itemIds: readonly string[]): Promise<TWorkSessionRow[]> {
      if (itemIds.length === 0) return [];
      return db
        .select()
        .from(workSessions)
        .where(and(eq(workSessions.itemKind, kind), inArray(workSessions.itemId, [...itemIds])))
        .orderBy(asc(workSessions.startedAt));
    },

    /** The sessions of some assignments, oldest first. */
    async sessionsOfAssignments(ids: readonly string[]): Promise<TWorkSessionRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(workSessions)
        .where(inArray(workSessions.assignmentId, [...ids]))
        .orderBy(asc(workSessions.startedAt));
    },

    /** Sessions that started since `from` (analytics and exports). */
    async sessionsSince(from: Date): Promise<TWorkSessionRow[]> {
      return db
        .select()
        .from(workSessions)
        .where(gte(workSessions.startedAt, from))
        .orderBy(asc(workSessions.startedAt));
    },

    async insertAction(row: {
      action: TWorkAction;
      userId: string;
      actorId: string;
      assignmentId: string;
      sessionId: string | null;
      switchedSessionId?: string | null;
      restore?: unknown;
      at: Date;
    }): Promise<TWorkActionRow> {
      return insertedRow(await db.insert(workActions).values(row).returning(), 'work_actions');
    },

    async lockAction(id: string): Promise<TWorkActionRow | undefined> {
      const [row] = await db.select().from(workActions).where(eq(workActions.id, id)).limit(1).for('update');
      return row;
    },

    async markUndone(id: string, at: Date): Promise<void> {
      await db.update(workActions).set({ undoneAt: at }).where(eq(workActions.id, id));
    },

    /** Labour seconds per job kind, item and phase, for the jobs asked (ended sessions and running ones to now). */
    async labourByPhase(
      kind: TWorkflowKind,
      itemIds: readonly string[],
      now: Date,
    ): Promise<{ itemId: string; phaseKey: string; seconds: number }[]> {
      if (itemIds.length === 0) return [];
      const rows = await db
        .select({
          itemId: workSessions.itemId,
          phaseKey: workSessions.phaseKey,
          seconds: sql<string>`coalesce(sum(extract(epoch from (coalesce(${workSessions.endedAt}, ${now.toISOString()}::timestamptz) - ${workSessions.startedAt}))), 0)`,
        })
        .from(workSessions)
        .where(and(eq(workSessions.itemKind, kind), inArray(workSessions.itemId, [...itemIds])))
        .groupBy(workSessions.itemId, workSessions.phaseKey);
      return rows.map((row) => ({
        itemId: row.itemId,
        phaseKey: row.phaseKey,
        seconds: Math.max(0, Math.floor(Number(row.seconds))),
      }));
    },
  };
}

export type TWorkTimeRepository = ReturnType<typeof createWorkTimeRepository>;
