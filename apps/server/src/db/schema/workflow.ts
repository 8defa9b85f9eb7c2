import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { productTypes } from './catalog.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// Workflow (issue 12): templates, where each job stands, and assignments.

/**
 * The phases a job goes through: one default template per kind (product type null) and one per product type
 * that needs its own. Phases and repair-type steps are stored whole, validated by the domain's schemas.
 */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    productTypeId: uuid('product_type_id').references(() => productTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phases: jsonb('phases').notNull(),
    repairTypeSteps: jsonb('repair_type_steps').notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('workflow_templates_kind_product_idx').on(
      table.kind,
      sql`coalesce(${table.productTypeId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/** Where each job stands in its workflow; made when the job is created, moved by reads and by hand. */
export const jobWorkflows = pgTable(
  'job_workflows',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    phaseKey: text('phase_key').notNull(),
    phaseStartedAt: timestamp('phase_started_at', { withTimezone: true }).notNull(),
    reworkCount: integer('rework_count').notNull().default(0),
    // Set once the last phase is completed.
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // Nudges about the job itself (past its phase's target with nobody assigned), reset by each phase change.
    nudgeCount: integer('nudge_count').notNull().default(0),
    lastNudgedAt: timestamp('last_nudged_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.itemKind, table.itemId] }),
    index('job_workflows_phase_idx').on(table.itemKind, table.phaseKey),
  ],
);

/** A phase of a job given to a person, with its due time and the nudges it has had. */
export const workflowAssignments = pgTable(
  'workflow_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    phaseKey: text('phase_key').notNull(),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    // open, completed or cancelled
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    nudgeCount: integer('nudge_count').notNull().default(0),
    lastNudgedAt: timestamp('last_nudged_at', { withTimezone: true }),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    snoozeReason: text('snooze_reason'),
  },
  (table) => [
    index('workflow_assignments_assignee_idx').on(table.assigneeId, table.status),
    index('workflow_assignments_item_idx').on(table.itemKind, table.itemId, table.status),
    // One open assignment per job and phase: reassigning moves it, it does not add one.
    uniqueIndex('workflow_assignments_open_idx')
      .on(table.itemKind, table.itemId, table.phaseKey)
      .where(sql`${table.status} = 'open'`),
  ],
);
