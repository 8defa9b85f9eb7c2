import { FINISHED_ORDER_STATUSES } from '@loupe/domain/orders/order';
import { FINISHED_REPAIR_STATUSES } from '@loupe/domain/repairs/repair';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { and, asc, desc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { anyOf } from '../../db/any-of.ts';
import type { TDatabase } from '../../db/client.ts';
import { customers, metalTypes, productTypes } from '../../db/schema/catalog.ts';
import { itemChanges, orders, repairs } from '../../db/schema/jobs.ts';
import { departments, stations } from '../../db/schema/registry.ts';
import { trackedItems } from '../../db/schema/tracking.ts';
import { users } from '../../db/schema/users.ts';
import { jobWorkflows, workflowAssignments, workflowTemplates } from '../../db/schema/workflow.ts';

export type TTemplateRow = typeof workflowTemplates.$inferSelect;
export type TJobWorkflowRow = typeof jobWorkflows.$inferSelect;
export type TAssignmentRow = typeof workflowAssignments.$inferSelect;

/** A person as the workflow shows them: their name, or their e-mail when they have none. */
export type TPersonRow = {
  id: string;
  name: string | null;
  firstName: string;
  lastName: string;
  email: string;
};

/** An open job with everything a card shows, before its workflow is worked out. */
export type TJobRow = {
  kind: TWorkflowKind;
  id: string;
  number: string;
  status: string;
  isRush: boolean;
  promisedDate: string | null;
  createdAt: Date;
  customerName: string;
  description: string;
  productTypeId: string | null;
  productTypeName: string | null;
  metalName: string | null;
  repairTypes: string[];
  salespersonId: string | null;
  departmentId: string | null;
  departmentName: string | null;
  locationId: string | null;
  stationId: string | null;
  stationName: string | null;
  trackingStatus: string | null;
  expectedOffsite: boolean | null;
  /** When it arrived at the station it is at now. */
  arrivedAt: Date | null;
  lastSeenAt: Date | null;
  offsiteDetectedAt: Date | null;
};

const personColumns = (table: typeof users) => ({
  id: table.id,
  name: table.name,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
});

/** The SQL of workflow. Built on the database or on a transaction (`createWorkflowRepository(tx)`). */
const ZCompletedSchema = z.object({
  rows: z.array(
    z.object({ item_kind: z.string(), item_id: z.string(), phase_key: z.string(), assignee_id: z.string() }),
  ),
});

export function createWorkflowRepository(db: TDatabase) {
  const trackedOf = (kind: TWorkflowKind, id: typeof orders.id | typeof repairs.id) =>
    and(eq(trackedItems.itemKind, kind), eq(trackedItems.itemId, id));
  const place = {
    departmentId: trackedItems.currentDepartmentId,
    departmentName: departments.name,
    locationId: departments.locationId,
    stationId: trackedItems.currentStationId,
    stationName: stations.name,
    trackingStatus: trackedItems.status,
    expectedOffsite: trackedItems.expectedOffsite,
    arrivedAt: trackedItems.arrivedAt,
    lastSeenAt: trackedItems.lastSeenAt,
    offsiteDetectedAt: trackedItems.offsiteDetectedAt,
  };

  return {
    async listTemplates(): Promise<TTemplateRow[]> {
      return db
        .select()
        .from(workflowTemplates)
        .orderBy(asc(workflowTemplates.kind), asc(workflowTemplates.name));
    },

    /** Every template, locked for a change made from what they hold now. */
    async lockTemplates(): Promise<TTemplateRow[]> {
      return db
        .select()
        .from(workflowTemplates)
        .orderBy(asc(workflowTemplates.kind), asc(workflowTemplates.name))
        .for('update');
    },

    async findTemplate(id: string): Promise<TTemplateRow | undefined> {
      const [row] = await db.select().from(workflowTemplates).where(eq(workflowTemplates.id, id)).limit(1);
      return row;
    },

    /** Inserts the defaults that are missing; an existing template is kept as its editors left it. */
    async insertTemplatesIfMissing(rows: readonly (typeof workflowTemplates.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(workflowTemplates)
        .values([...rows])
        .onConflictDoNothing();
    },

    async insertTemplate(row: typeof workflowTemplates.$inferInsert): Promise<TTemplateRow | undefined> {
      const [inserted] = await db.insert(workflowTemplates).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async deleteTemplate(id: string): Promise<TTemplateRow | undefined> {
      const [deleted] = await db.delete(workflowTemplates).where(eq(workflowTemplates.id, id)).returning();
      return deleted;
    },

    async findProductType(id: string): Promise<{ id: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: productTypes.id, name: productTypes.name })
        .from(productTypes)
        .where(eq(productTypes.id, id))
        .limit(1);
      return row;
    },

    async updateTemplate(
      id: string,
      changes: Partial<Pick<TTemplateRow, 'name' | 'phases' | 'repairTypeSteps'>> & { updatedAt: Date },
    ): Promise<TTemplateRow | undefined> {
      const [row] = await db
        .update(workflowTemplates)
        .set(changes)
        .where(eq(workflowTemplates.id, id))
        .returning();
      return row;
    },

    /** Jobs' statuses set by the workflow (a phase change moves the status with it), in one statement a kind. */
    async setJobStatuses(
      rows: readonly { kind: TWorkflowKind; id: string; status: string; at: Date }[],
    ): Promise<void> {
      for (const kind of ['order', 'repair'] as const) {
        const ofKind = rows.filter((row) => row.kind === kind);
        if (ofKind.length === 0) continue;
        const table = kind === 'order' ? orders : repairs;
        const column = <T>(pick: (row: (typeof ofKind)[number]) => T) => sql.param(ofKind.map(pick));
        await db.execute(sql`
          update ${table} as t set status = c.status, updated_at = c.at
          from unnest(
            ${column((row) => row.id)}::uuid[],
            ${column((row) => row.status)}::text[],
            ${column((row) => row.at.toISOString())}::timestamptz[]
          ) as c(id, status, at)
          where t.id = c.id`);
      }
    },

    /** Departments with when each was made: templates take in those made after they were last saved. */
    async listDepartmentsWithCreation(): Promise<{ id: string; name: string; createdAt: Date }[]> {
      return db
        .select({ id: departments.id, name: departments.name, createdAt: departments.createdAt })
        .from(departments)
        .orderBy(asc(departments.position), asc(departments.name));
    },

    async listDepartments(): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .orderBy(asc(departments.position), asc(departments.name));
    },

    async findDepartment(id: string): Promise<{ id: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(eq(departments.id, id))
        .limit(1);
      return row;
    },

    async stationsOf(departmentId: string) {
      return db
        .select({
          id: stations.id,
          name: stations.name,
          jewelerName: stations.jewelerName,
          specialization: stations.specialization,
          status: stations.status,
          isActive: stations.isActive,
        })
        .from(stations)
        .where(eq(stations.departmentId, departmentId))
        .orderBy(asc(stations.position), asc(stations.name));
    },

    /** Open jobs of a kind (`ids` narrows them), with their customer, product and where their tag is. */
    async listOpenJobs(kind: TWorkflowKind, ids?: readonly string[]): Promise<TJobRow[]> {
      if (ids !== undefined && ids.length === 0) return [];
      if (kind === 'order') {
        const rows = await db
          .select({
            id: orders.id,
            number: orders.orderNumber,
            status: orders.status,
            isRush: orders.isRush,
            promisedDate: orders.promisedDate,
            createdAt: orders.createdAt,
            customerName: customers.name,
            description: orders.description,
            productTypeId: orders.productTypeId,
            productTypeName: productTypes.name,
            metalName: metalTypes.name,
            salespersonId: orders.salespersonId,
            ...place,
          })
          .from(orders)
          .innerJoin(customers, eq(customers.id, orders.customerId))
          .leftJoin(productTypes, eq(productTypes.id, orders.productTypeId))
          .leftJoin(metalTypes, eq(metalTypes.id, orders.metalTypeId))
          .leftJoin(trackedItems, trackedOf('order', orders.id))
          .leftJoin(departments, eq(departments.id, trackedItems.currentDepartmentId))
          .leftJoin(stations, eq(stations.id, trackedItems.currentStationId))
          .where(
            and(
              notInArray(orders.status, [...FINISHED_ORDER_STATUSES]),
              ids === undefined ? undefined : anyOf(orders.id, ids, 'uuid'),
            ),
          );
        return rows.map((row) => ({ ...row, kind: 'order' as const, repairTypes: [] }));
      }
      const rows = await db
        .select({
          id: repairs.id,
          number: repairs.repairNumber,
          status: repairs.status,
          isRush: repairs.isRush,
          promisedDate: repairs.promisedDate,
          createdAt: repairs.createdAt,
          customerName: customers.name,
          description: repairs.itemDescription,
          repairTypes: repairs.repairTypes,
          ...place,
        })
        .from(repairs)
        .innerJoin(customers, eq(customers.id, repairs.customerId))
        .leftJoin(trackedItems, trackedOf('repair', repairs.id))
        .leftJoin(departments, eq(departments.id, trackedItems.currentDepartmentId))
        .leftJoin(stations, eq(stations.id, trackedItems.currentStationId))
        .where(
          and(
            notInArray(repairs.status, [...FINISHED_REPAIR_STATUSES]),
            ids === undefined ? undefined : anyOf(repairs.id, ids, 'uuid'),
          ),
        );
      return rows.map((row) => ({
        ...row,
        kind: 'repair' as const,
        productTypeId: null,
        productTypeName: null,
        metalName: null,
        salespersonId: null,
      }));
    },

    async workflowStates(kind: TWorkflowKind, ids: readonly string[]): Promise<Map<string, TJobWorkflowRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(jobWorkflows)
        .where(and(eq(jobWorkflows.itemKind, kind), anyOf(jobWorkflows.itemId, ids, 'uuid')));
      return new Map(rows.map((row) => [row.itemId, row]));
    },

    /** The row of a job, locked for the change about to be made to it. */
    async lockWorkflowState(kind: TWorkflowKind, id: string): Promise<TJobWorkflowRow | undefined> {
      const [row] = await db
        .select()
        .from(jobWorkflows)
        .where(and(eq(jobWorkflows.itemKind, kind), eq(jobWorkflows.itemId, id)))
        .for('update');
      return row;
    },

    /**
     * Jobs' new workflow states, in one statement however many (a batch of reads moves many jobs), from
     * column arrays rather than a parameter per value.
     */
    async saveWorkflowStates(rows: readonly TJobWorkflowRow[]): Promise<void> {
      if (rows.length === 0) return;
      const column = <T>(pick: (row: TJobWorkflowRow) => T) => sql.param(rows.map(pick));
      const time = (value: Date | null) => value?.toISOString() ?? null;
      await db.execute(sql`
        insert into ${jobWorkflows} (item_kind, item_id, phase_key, phase_started_at, rework_count,
          completed_at, nudge_count, last_nudged_at)
        select * from unnest(
          ${column((row) => row.itemKind)}::text[],
          ${column((row) => row.itemId)}::uuid[],
          ${column((row) => row.phaseKey)}::text[],
          ${column((row) => row.phaseStartedAt.toISOString())}::timestamptz[],
          ${column((row) => row.reworkCount)}::integer[],
          ${column((row) => time(row.completedAt))}::timestamptz[],
          ${column((row) => row.nudgeCount)}::integer[],
          ${column((row) => time(row.lastNudgedAt))}::timestamptz[]
        )
        on conflict (item_kind, item_id) do update set
          phase_key = excluded.phase_key,
          phase_started_at = excluded.phase_started_at,
          rework_count = excluded.rework_count,
          completed_at = excluded.completed_at,
          nudge_count = excluded.nudge_count,
          last_nudged_at = excluded.last_nudged_at`);
    },

    async personsById(ids: readonly (string | null)[]): Promise<Map<string, TPersonRow>> {
      const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
      if (wanted.length === 0) return new Map();
      const rows = await db.select(personColumns(users)).from(users).where(inArray(users.id, wanted));
      return new Map(rows.map((row) => [row.id, row]));
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
      const [inserted] = await db.insert(workflowAssignments).values(row).returning();
      if (!inserted) throw new Error('insert into workflow_assignments returned no row');
      return inserted;
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

    /**
     * Records a nudge about a job only if nobody recorded one since `state` was read: the row's nudge count
     * must still be the one read (or, for a job without a row yet, no row may have appeared meanwhile).
     */
    async claimJobNudge(
      state: TJobWorkflowRow,
      nudge: { lastNudgedAt: Date; nudgeCount: number },
      rowExists: boolean,
    ): Promise<boolean> {
      if (!rowExists) {
        const inserted = await db
          .insert(jobWorkflows)
          .values({ ...state, ...nudge })
          .onConflictDoNothing()
          .returning({ itemId: jobWorkflows.itemId });
        return inserted.length > 0;
      }
      const updated = await db
        .update(jobWorkflows)
        .set(nudge)
        .where(
          and(
            eq(jobWorkflows.itemKind, state.itemKind),
            eq(jobWorkflows.itemId, state.itemId),
            eq(jobWorkflows.nudgeCount, state.nudgeCount),
          ),
        )
        .returning({ itemId: jobWorkflows.itemId });
      return updated.length > 0;
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

    async recordChanges(
      changes: readonly {
        kind: TWorkflowKind;
        itemId: string;
        at: Date;
        actorId: string | null;
        action: 'phase-changed' | 'phase-assigned' | 'status-changed';
        changes: Record<string, { from: unknown; to: unknown }>;
      }[],
    ): Promise<void> {
      if (changes.length === 0) return;
      const column = <T>(pick: (change: (typeof changes)[number]) => T) => sql.param(changes.map(pick));
      await db.execute(sql`
        insert into ${itemChanges} (item_kind, item_id, at, actor_id, action, changes)
        select * from unnest(
          ${column((change) => change.kind)}::text[],
          ${column((change) => change.itemId)}::uuid[],
          ${column((change) => change.at.toISOString())}::timestamptz[],
          ${column((change) => change.actorId)}::uuid[],
          ${column((change) => change.action)}::text[],
          ${column((change) => JSON.stringify(change.changes))}::jsonb[]
        )`);
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

export type TWorkflowRepository = ReturnType<typeof createWorkflowRepository>;
