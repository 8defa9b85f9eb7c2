import { z } from 'zod';
import { ZPredictedCompletionSchema } from '../analytics/analytics-api';
import { ZStoredCalendarDateSchema } from '../api/dates';
import { ZJobStateSchema, ZJobViewSchema } from '../jobs/job-views';
import { lazySchema } from '../validation/lazy-schema';
import { WORKFLOW_KINDS, ZPhaseKeySchema } from './workflow-template';

/** The shapes of /api/v1/workflow: the server answers them, the web parses them. */

const ZTimestampSchema = lazySchema(() => z.string());
export const ZWorkflowKindSchema = lazySchema(() => z.enum(WORKFLOW_KINDS));

export const ZWorkflowPersonSchema = lazySchema(() => z.object({ id: z.string(), name: z.string() }));
export type TWorkflowPerson = z.infer<typeof ZWorkflowPersonSchema>;

/** Where a job stands in its workflow. */
export const ZJobWorkflowSchema = lazySchema(() =>
  z.object({
    phaseKey: z.string(),
    phaseName: z.string(),
    phaseIndex: z.number().int(),
    phaseCount: z.number().int(),
    phaseStartedAt: ZTimestampSchema,
    /** Working hours spent in the phase so far and the phase's target. */
    hoursInPhase: z.number(),
    targetHours: z.number(),
    reworkCount: z.number().int(),
    /** Every phase is done. */
    isComplete: z.boolean(),
  }),
);
export type TJobWorkflow = z.infer<typeof ZJobWorkflowSchema>;

/**
 * One open job as the job read model gives it (apps/server/src/modules/jobs/job-states.ts): a card of the
 * Command Center, a row of My Tasks, a station's piece, what the alert rules and the assistant read.
 */
export const ZWorkflowJobSchema = lazySchema(() =>
  z.object({
    kind: ZWorkflowKindSchema,
    id: z.string(),
    number: z.string(),
    customerName: z.string(),
    description: z.string(),
    productTypeName: z.string().nullable(),
    status: z.string(),
    isRush: z.boolean(),
    promisedDate: ZStoredCalendarDateSchema.nullable(),
    salesperson: ZWorkflowPersonSchema.nullable(),
    workflow: ZJobWorkflowSchema,
    /** Overdue, at risk, over its phase target, offsite…: jobs/job-state.ts's one evaluation. */
    state: ZJobStateSchema,
    /** When it will likely be done; null once its workflow is complete. */
    prediction: ZPredictedCompletionSchema.nullable(),
    /** Where its tag was last read; null when untagged. */
    location: z
      .object({
        departmentId: z.string(),
        departmentName: z.string(),
        stationId: z.string(),
        stationName: z.string(),
        trackingStatus: z.string(),
        expectedOffsite: z.boolean(),
        lastSeenAt: ZTimestampSchema.nullable(),
      })
      .nullable(),
    assignment: z
      .object({ id: z.string(), assignee: ZWorkflowPersonSchema, dueAt: ZTimestampSchema.nullable() })
      .nullable(),
  }),
);
export type TWorkflowJob = z.infer<typeof ZWorkflowJobSchema>;

/** GET /workflow/board: filters of the Command Center; `view` narrows it to one of the job views. */
export const ZWorkflowBoardQuerySchema = lazySchema(() =>
  z.object({
    kind: ZWorkflowKindSchema.default('order'),
    locationId: z.string().max(100).optional(),
    departmentId: z.string().max(100).optional(),
    productTypeId: z.uuid().optional(),
    salespersonId: z.uuid().optional(),
    view: ZJobViewSchema.optional(),
  }),
);
export type TWorkflowBoardQuery = z.input<typeof ZWorkflowBoardQuerySchema>;

export const ZWorkflowBoardSchema = lazySchema(() =>
  z.object({
    kind: ZWorkflowKindSchema,
    /** The columns, in workflow order, each with its jobs in priority order (jobs/job-state.ts). */
    columns: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        targetHours: z.number(),
        jobs: z.array(ZWorkflowJobSchema),
      }),
    ),
    generatedAt: ZTimestampSchema,
  }),
);
export type TWorkflowBoard = z.infer<typeof ZWorkflowBoardSchema>;

export const ASSIGNMENT_STATUSES = ['open', 'completed', 'cancelled'] as const;

export const ZWorkflowAssignmentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: ZWorkflowKindSchema,
    itemId: z.string(),
    number: z.string(),
    phaseKey: z.string(),
    phaseName: z.string(),
    assignee: ZWorkflowPersonSchema,
    assignedBy: ZWorkflowPersonSchema.nullable(),
    dueAt: ZTimestampSchema.nullable(),
    status: z.enum(ASSIGNMENT_STATUSES),
    createdAt: ZTimestampSchema,
    completedAt: ZTimestampSchema.nullable(),
    nudgeCount: z.number().int(),
    lastNudgedAt: ZTimestampSchema.nullable(),
    snoozedUntil: ZTimestampSchema.nullable(),
    snoozeReason: z.string().nullable(),
  }),
);
export type TWorkflowAssignment = z.infer<typeof ZWorkflowAssignmentSchema>;

/** POST /workflow/assignments: give a job's phase (its current one by default) to a person. */
export const ZCreateAssignmentSchema = lazySchema(() =>
  z.object({
    kind: ZWorkflowKindSchema,
    itemId: z.uuid(),
    assigneeId: z.uuid(),
    phaseKey: ZPhaseKeySchema.optional(),
  }),
);
export type TCreateAssignmentInput = z.input<typeof ZCreateAssignmentSchema>;

/** PATCH /workflow/assignments/{id}: hand it to someone else. */
export const ZReassignSchema = lazySchema(() => z.object({ assigneeId: z.uuid() }));

/** POST /workflow/jobs/{kind}/{id}/advance: complete the current phase (or jump to `to`). */
export const ZAdvancePhaseSchema = lazySchema(() =>
  z.object({
    to: ZPhaseKeySchema.optional(),
    note: z.string().trim().max(300).optional(),
  }),
);
export type TAdvancePhaseInput = z.input<typeof ZAdvancePhaseSchema>;

/** POST /workflow/jobs/{kind}/{id}/nudge: remind whoever has it now. */
export const ZNudgeJobSchema = lazySchema(() => z.object({ message: z.string().trim().max(300).optional() }));

/** My Tasks: my open assignments, and the jobs I answer for that wait on me. */
export const ZMyTasksSchema = lazySchema(() =>
  z.object({
    assignments: z.array(ZWorkflowAssignmentSchema.unwrap().extend({ job: ZWorkflowJobSchema })),
    /** A salesperson's customers' orders ready for pickup or awaiting the customer's approval. */
    responsibleFor: z.array(ZWorkflowJobSchema),
    /** What changed since `since` (the last visit): assignments given to me or finished. */
    changedSince: z.string().nullable(),
    changes: z.array(
      z.object({ at: ZTimestampSchema, text: z.string(), itemId: z.string(), kind: ZWorkflowKindSchema }),
    ),
  }),
);
export type TMyTasks = z.infer<typeof ZMyTasksSchema>;

/**
 * GET /workflow/my-floor, under My work (issue 37 §1): the pieces at my stations (the departments of the phases
 * of my open steps; none without steps) with when each arrived, and the few coming there next, most urgent first.
 */
export const ZMyFloorSchema = lazySchema(() =>
  z.object({
    atMyStations: z.array(z.object({ job: ZWorkflowJobSchema, arrivedAt: ZTimestampSchema.nullable() })),
    comingNext: z.array(z.object({ job: ZWorkflowJobSchema, nextPhaseName: z.string() })),
  }),
);
export type TMyFloor = z.infer<typeof ZMyFloorSchema>;

/** Who work can be given to: active staff with how much they hold now (GET /workflow/people). */
export const ZWorkflowStaffSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    role: z.string(),
    openAssignments: z.number().int(),
  }),
);
export type TWorkflowStaff = z.infer<typeof ZWorkflowStaffSchema>;

/** A working day's hours of work: a station's queue is measured against it. */
export const STATION_DAY_HOURS = 8;

/** /manager-department: one department's stations, what waits at each, and who works there. */
export const ZDepartmentWorkloadSchema = lazySchema(() =>
  z.object({
    department: z.object({ id: z.string(), name: z.string() }),
    stations: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        jewelerName: z.string().nullable(),
        specialization: z.string().nullable(),
        status: z.string().nullable(),
        isActive: z.boolean(),
        /** The jobs whose tag was last read here, most urgent first. */
        jobs: z.array(ZWorkflowJobSchema),
        /** Working hours of their phases' targets still to do, against one working day. */
        loadHours: z.number(),
        /** How many of its jobs are over their phase's target. */
        overPhaseTarget: z.number().int(),
      }),
    ),
    /** Jobs in a phase this department does, not yet at one of its stations: what comes next. */
    incoming: z.array(ZWorkflowJobSchema),
    people: z.array(ZWorkflowStaffSchema),
  }),
);
export type TDepartmentWorkload = z.infer<typeof ZDepartmentWorkloadSchema>;
