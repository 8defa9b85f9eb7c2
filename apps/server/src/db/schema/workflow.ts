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

/**
 * Work time (issue 37 §3): a person's timer on a job's step. One running (ended_at null) per person; a read at
 * another station or the workshop's closing ends it with a note.
 */
export const workSessions = pgTable(
  'work_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    phaseKey: text('phase_key').notNull(),
    assignmentId: uuid('assignment_id').references(() => workflowAssignments.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Where it was started (the kiosk's station, else where the job was last read); null: nowhere known.
    stationId: text('station_id'),
    stationName: text('station_name'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // paused, switched, done, handed-back, read-elsewhere or closing (domain workflow/work-time.ts)
    endReason: text('end_reason'),
    note: text('note'),
  },
  (table) => [
    index('work_sessions_item_idx').on(table.itemKind, table.itemId),
    index('work_sessions_user_idx').on(table.userId, table.startedAt),
    // One running timer per person.
    uniqueIndex('work_sessions_running_idx').on(table.userId).where(sql`${table.endedAt} is null`),
  ],
);

/**
 * Each tap on a timer (start, pause, done, hand back), kept so that it can be undone for a few seconds: what it
 * changed, and what it replaced.
 */
export const workActions = pgTable(
  'work_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    assignmentId: uuid('assignment_id').references(() => workflowAssignments.id, { onDelete: 'cascade' }),
    // The session it started (start) or ended (pause, done, hand back); null when none ran.
    sessionId: uuid('session_id').references(() => workSessions.id, { onDelete: 'set null' }),
    // The session a start paused: one timer runs at a time.
    switchedSessionId: uuid('switched_session_id').references(() => workSessions.id, {
      onDelete: 'set null',
    }),
    // Done: the job's workflow state and status before, restored by an undo.
    restore: jsonb('restore'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [index('work_actions_user_idx').on(table.userId, table.at)],
);
