import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.ts';
import { insertedRow } from '../../db/inserted-row.ts';
import { users } from '../../db/schema/users.ts';
import { workflowAssignments } from '../../db/schema/workflow.ts';
import { personsById } from '../users/repository.ts';

export type TAssignmentRow = typeof workflowAssignments.$inferSelect;

/** A person as the workflow shows them: their name, or their e-mail when they have none. */
export type TPersonRow = {
  id: string;
  name: string | null;
  firstName: string;
  lastName: string;
  email: string;
};

const personColumns = (table: typeof users) => ({
  id: table.id,
  name: table.name,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
});

const ZCompletedSchema = z.object({
  rows: z.array(
    z.object({ item_kind: z.string(), item_id: z.string(), phase_key: z.string(), assignee_id: z.string() }),
  ),
});

/** The SQL of assignments and the people they go to: open, claimed for a nudge, closed, completed; staff and managers. */
export function createAssignmentRepository(db: TDatabase) {
  return {
    async personsById(ids: readonly (string | null)[]): Promise<Map<string, TPersonRow>> {
      return personsById(db, ids);
    },

    async findActiveUser(id: string): Promise<(TPersonRow & { role: string }) | undefined> {
      const [row] = await db
        .select({ ...personColumns(users), role: users.role })
        .from(users)
        .where(and(eq(users.id, id), eq(users.disabled, false)))
        .limit(1);
      return row;
    },

    async openAssignmentsOf(kind: TWorkflowKind, itemIds: readonly string[]): Promise<TAssignmentRow[]> {
      if (itemIds.length === 0) return [];
      return db
        .select()
        .from(workflowAssignments)
        .where(
          and(
            eq(workflowAssignments.itemKind, kind),
            inArray(workflowAssignments.itemId, [...itemIds]),
            eq(workflowAssignments.status, 'open'),
          ),
        );
    },

    async findAssignment(
      id: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<TAssignmentRow | undefined> {
      const query = db.select().from(workflowAssignments).where(eq(workflowAssignments.id, id)).limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** A person's assignments: the open ones, and those finished since `since`. */
    async assignmentsOf(assigneeId: string, since: Date | null): Promise<TAssignmentRow[]> {
      return db
        .select()
        .from(workflowAssignments)
        .where(
          and(
            eq(workflowAssignments.assigneeId, assigneeId),
            or(
              eq(workflowAssignments.status, 'open'),
              since === null ? sql`false` : gt(workflowAssignments.completedAt, since),
            ),
          ),
        )
        .orderBy(asc(workflowAssignments.dueAt), desc(workflowAssignments.createdAt));
    },

    /** Open assignments whose due time has passed and that are not snoozed: the nudge sweep's work. */
    async overdueAssignments(now: Date): Promise<TAssignmentRow[]> {
      return db
        .select()
        .from(workflowAssignments)
        .where(
          and(
            eq(workflowAssignments.status, 'open'),
            sql`${workflowAssignments.dueAt} <= ${now}`,
            or(isNull(workflowAssignments.snoozedUntil), sql`${workflowAssignments.snoozedUntil} <= ${now}`),
          ),
        );
    },

    async insertAssignment(row: typeof workflowAssignments.$inferInsert): Promise<TAssignmentRow> {
      return insertedRow(
        await db.insert(workflowAssignments).values(row).returning(),
        'workflow_assignments',
      );
    },

    async updateAssignment(
      id: string,
      changes: Partial<Omit<TAssignmentRow, 'id'>>,
    ): Promise<TAssignmentRow | undefined> {
      const [row] = await db
        .update(workflowAssignments)
        .set(changes)
        .where(eq(workflowAssignments.id, id))
        .returning();
      return row;
    },

    /** Records a nudge only if nobody recorded one since `row` was read; undefined when another did. */
    async claimNudge(
      row: Pick<TAssignmentRow, 'id' | 'nudgeCount'>,
      nudge: { lastNudgedAt: Date; nudgeCount: number },
    ): Promise<TAssignmentRow | undefined> {
      const [claimed] = await db
        .update(workflowAssignments)
        .set(nudge)
        .where(and(eq(workflowAssignments.id, row.id), eq(workflowAssignments.nudgeCount, row.nudgeCount)))
        .returning();
      return claimed;
    },

    /** Closes the open assignments of a job's phase (the phase is done, or the job left it). */
    async closeAssignments(
      kind: TWorkflowKind,
      itemId: string,
      phaseKeys: readonly string[],
      change: { status: 'completed' | 'cancelled'; at: Date; by: string | null },
    ): Promise<TAssignmentRow[]> {
      if (phaseKeys.length === 0) return [];
      return db
        .update(workflowAssignments)
        .set({ status: change.status, completedAt: change.at, completedBy: change.by })
        .where(
          and(
            eq(workflowAssignments.itemKind, kind),
            eq(workflowAssignments.itemId, itemId),
            eq(workflowAssignments.status, 'open'),
            inArray(workflowAssignments.phaseKey, [...phaseKeys]),
          ),
        )
        .returning();
    },

    /**
     * Completes the open assignments of these jobs' phases, each at its own time and by its own person, in
     * one statement however many jobs a batch of reads moved; returns whose assignments it completed.
     */
    async completeAssignments(
      closes: readonly {
        kind: TWorkflowKind;
        itemId: string;
        phaseKey: string;
        at: Date;
        by: string | null;
      }[],
    ): Promise<{ itemKind: string; itemId: string; phaseKey: string; assigneeId: string }[]> {
      if (closes.length === 0) return [];
      const result = await db.execute(sql`
        update ${workflowAssignments}
        set status = 'completed', completed_at = v.at, completed_by = v.by
        from unnest(
          ${sql.param(closes.map((close) => close.kind))}::text[],
          ${sql.param(closes.map((close) => close.itemId))}::uuid[],
          ${sql.param(closes.map((close) => close.phaseKey))}::text[],
          ${sql.param(closes.map((close) => close.at.toISOString()))}::timestamptz[],
          ${sql.param(closes.map((close) => close.by))}::uuid[]
        ) as v(item_kind, item_id, phase_key, at, by)
        where ${workflowAssignments.itemKind} = v.item_kind
          and ${workflowAssignments.itemId} = v.item_id
          and ${workflowAssignments.phaseKey} = v.phase_key
          and ${workflowAssignments.status} = 'open'
        returning ${workflowAssignments.itemKind}, ${workflowAssignments.itemId},
          ${workflowAssignments.phaseKey}, ${workflowAssignments.assigneeId}`);
      return ZCompletedSchema.parse(result).rows.map((row) => ({
        itemKind: row.item_kind,
        itemId: row.item_id,
        phaseKey: row.phase_key,
        assigneeId: row.assignee_id,
      }));
    },

    /** Active staff with their open assignment counts, by name. */
    async staff(): Promise<(TPersonRow & { role: string; openAssignments: number })[]> {
      const open = db
        .select({ assigneeId: workflowAssignments.assigneeId, count: sql<number>`count(*)::int`.as('count') })
        .from(workflowAssignments)
        .where(eq(workflowAssignments.status, 'open'))
        .groupBy(workflowAssignments.assigneeId)
        .as('open_counts');
      const rows = await db
        .select({
          ...personColumns(users),
          role: users.role,
          openAssignments: sql<number>`coalesce(${open.count}, 0)`,
        })
        .from(users)
        .leftJoin(open, eq(open.assigneeId, users.id))
        .where(eq(users.disabled, false));
      return rows.map((row) => ({ ...row, openAssignments: Number(row.openAssignments) }));
    },

    /** The managers to escalate a nudge to: every active admin and manager. */
    async managers(): Promise<TPersonRow[]> {
      return db
        .select(personColumns(users))
        .from(users)
        .where(and(inArray(users.role, ['admin', 'manager']), eq(users.disabled, false)));
    },
  };
}

export type TAssignmentRepository = ReturnType<typeof createAssignmentRepository>;
