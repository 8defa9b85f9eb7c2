import { FINISHED_ORDER_STATUSES } from '@loupe/domain/orders/order';
import { FINISHED_REPAIR_STATUSES } from '@loupe/domain/repairs/repair';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { TDatabase } from '../../db/client.ts';
import { customers, metalTypes, productTypes } from '../../db/schema/catalog.ts';
import { itemChanges, orders, repairs } from '../../db/schema/jobs.ts';
import { departments, stations } from '../../db/schema/registry.ts';
import { trackedItems } from '../../db/schema/tracking.ts';
import { jobWorkflows } from '../../db/schema/workflow.ts';

export type TJobWorkflowRow = typeof jobWorkflows.$inferSelect;

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

/** The SQL of open jobs and their workflow state: the cards' rows, each job's phase, its status and the change log. */
export function createJobWorkflowRepository(db: TDatabase) {
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
  };
}

export type TJobWorkflowRepository = ReturnType<typeof createJobWorkflowRepository>;
