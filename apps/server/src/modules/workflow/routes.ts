import { REGISTRY_MANAGER_ROLES, WORKFLOW_ASSIGNER_ROLES } from '@loupe/domain/auth/permissions';
import { ZJobSummarySchema } from '@loupe/domain/jobs/job-views';
import { ZSnoozeInputSchema } from '@loupe/domain/workflow/nudges';
import {
  ZAdvancePhaseSchema,
  ZCreateAssignmentSchema,
  ZDepartmentWorkloadSchema,
  ZMyFloorSchema,
  ZMyTasksSchema,
  ZNudgeJobSchema,
  ZReassignSchema,
  ZWorkflowAssignmentSchema,
  ZWorkflowBoardQuerySchema,
  ZWorkflowBoardSchema,
  ZWorkflowJobSchema,
  ZWorkflowKindSchema,
  ZWorkflowStaffSchema,
} from '@loupe/domain/workflow/workflow-api';
import {
  ZCreateWorkflowTemplateSchema,
  ZWorkflowTemplateChangesSchema,
  ZWorkflowTemplateSchema,
} from '@loupe/domain/workflow/workflow-template';
import {
  type TWorkingCalendar,
  ZPersonHoursSchema,
  ZWorkingCalendarSchema,
} from '@loupe/domain/workflow/working-calendar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, resultWithData, ZMessageResultSchema } from '../../lib/api-response.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { apiRoute, ZIdParamsSchema } from '../../lib/route-schemas.ts';
import { currentUserOf, requestContext } from '../auth/request-context.ts';
import type { TRequestContext } from '../auth/service.ts';
import type { TWorkflowActor } from './common.ts';
import type { TWorkflowService } from './service.ts';

const ZJobParamsSchema = z.object({ kind: ZWorkflowKindSchema, id: z.uuid() });

export type TWorkflowRoutesOptions = {
  readonly workflow: TWorkflowService;
  /** Settings › general's working calendar, which the workflow's due times count in. */
  readonly calendar: {
    workingCalendar(): Promise<TWorkingCalendar>;
    updateWorkingCalendar(
      actor: TWorkflowActor,
      calendar: TWorkingCalendar,
      context: TRequestContext,
    ): Promise<TWorkingCalendar>;
  };
};

/**
 * The workflow API (issue 12): templates, the Command Center board, phases completed by hand, assignments and
 * nudges, My Tasks and the dashboard's tiles. The service checks every permission; `access` is the first gate.
 */
export async function registerWorkflowRoutes(instance: FastifyInstance, options: TWorkflowRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { workflow, calendar } = options;

  const managers = REGISTRY_MANAGER_ROLES;

  registerResourceRoutes(app, {
    path: '/workflow/templates',
    tag: 'workflow',
    access: { read: managers, write: managers },
    item: ZWorkflowTemplateSchema,
    list: {
      summary: 'The workflow templates: phases per product type and for repairs (defaults made on first use)',
      response: z.array(ZWorkflowTemplateSchema),
      run: ({ actor }) => workflow.listTemplates(actor),
    },
    create: {
      summary: 'Give a product type a workflow of its own (a copy of the order default to edit)',
      body: ZCreateWorkflowTemplateSchema,
      message: 'Workflow added.',
      run: ({ actor, body }) => workflow.createTemplate(actor, body.productTypeId),
    },
    update: {
      method: 'put',
      summary: 'Change a template’s phases (departments, target hours, completer roles, sign-off)',
      body: ZWorkflowTemplateChangesSchema,
      message: 'Workflow saved.',
      run: ({ actor, id, body }) => workflow.updateTemplate(actor, id, body),
    },
    remove: {
      summary: 'Remove a product type’s own workflow (its jobs follow the default again)',
      message: 'Workflow removed.',
      run: ({ actor, id }) => workflow.deleteTemplate(actor, id),
    },
  });

  app.get(
    '/workflow/calendar',
    apiRoute('signed-in', {
      tags: ['workflow'],
      summary: 'The working calendar due times count in: open days, hours, time zone, closed dates',
      response: { 200: resultWithData(ZWorkingCalendarSchema) },
    }),
    async () => ok(await calendar.workingCalendar()),
  );

  app.put(
    '/workflow/calendar',
    apiRoute(managers, {
      tags: ['workflow'],
      summary: 'Change the working calendar (Settings › general: admins and managers)',
      body: ZWorkingCalendarSchema,
      response: { 200: resultWithData(ZWorkingCalendarSchema) },
    }),
    async (request) => ({
      success: true as const,
      message: 'Working hours saved.',
      data: await calendar.updateWorkingCalendar(
        currentUserOf(request),
        request.body,
        requestContext(request),
      ),
    }),
  );

  app.get(
    '/workflow/people/:id/hours',
    apiRoute('signed-in', {
      tags: ['workflow'],
      summary:
        'A person’s own working days and hours (null: the workshop’s); their own, or anyone’s for managers',
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZPersonHoursSchema.nullable()) },
    }),
    async (request) => ok(await workflow.personHours(currentUserOf(request), request.params.id)),
  );

  app.put(
    '/workflow/people/:id/hours',
    apiRoute('signed-in', {
      tags: ['workflow'],
      summary: 'Set a person’s own working days and hours, or null for the workshop’s',
      params: ZIdParamsSchema,
      body: z.object({ hours: ZPersonHoursSchema.nullable() }),
      response: { 200: resultWithData(ZPersonHoursSchema.nullable()) },
    }),
    async (request) => ({
      success: true as const,
      message: 'Working hours saved.',
      data: await workflow.setPersonHours(
        currentUserOf(request),
        request.params.id,
        request.body.hours,
        requestContext(request),
      ),
    }),
  );

  app.get(
    '/workflow/board',
    apiRoute(managers, {
      tags: ['workflow'],
      summary:
        'The Command Center: open jobs by phase with their state, time in phase and who has them; `view` narrows them',
      querystring: ZWorkflowBoardQuerySchema,
      response: { 200: resultWithData(ZWorkflowBoardSchema) },
    }),
    async (request) => ok(await workflow.board(currentUserOf(request), request.query)),
  );

  app.post(
    '/workflow/jobs/:kind/:id/advance',
    apiRoute('signed-in', {
      tags: ['workflow'],
      summary:
        'Complete the job’s current phase: managers, its assignee, or a role the phase names; moving it to another phase (`to`) is for managers',
      params: ZJobParamsSchema,
      body: ZAdvancePhaseSchema,
      response: { 200: resultWithData(ZWorkflowJobSchema) },
    }),
    async (request) => ({
      success: true as const,
      message: 'Phase completed.',
      data: await workflow.advance(
        currentUserOf(request),
        request.params.kind,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/workflow/jobs/:kind/:id/nudge',
    apiRoute(managers, {
      tags: ['workflow'],
      summary: 'Remind whoever has the job’s current phase',
      params: ZJobParamsSchema,
      body: ZNudgeJobSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await workflow.nudgeJob(
        currentUserOf(request),
        request.params.kind,
        request.params.id,
        request.body.message,
      );
      return { success: true as const, message: 'Nudge sent.' };
    },
  );

  app.post(
    '/workflow/assignments',
    apiRoute(WORKFLOW_ASSIGNER_ROLES, {
      tags: ['workflow'],
      summary: 'Give a job’s phase (its current one by default) to a person; again, to hand it over',
      body: ZCreateAssignmentSchema,
      response: { 201: resultWithData(ZWorkflowAssignmentSchema) },
    }),
    async (request, reply) => {
      const data = await workflow.assign(currentUserOf(request), request.body);
      return reply.status(201).send(ok(data, `Assigned to ${data.assignee.name}.`));
    },
  );

  app.patch(
    '/workflow/assignments/:id',
    apiRoute(WORKFLOW_ASSIGNER_ROLES, {
      tags: ['workflow'],
      summary: 'Hand an assignment to someone else',
      params: ZIdParamsSchema,
      body: ZReassignSchema,
      response: { 200: resultWithData(ZWorkflowAssignmentSchema) },
    }),
    async (request) => {
      const data = await workflow.reassign(
        currentUserOf(request),
        request.params.id,
        request.body.assigneeId,
      );
      return ok(data, `Handed to ${data.assignee.name}.`);
    },
  );

  app.post(
    '/workflow/assignments/:id/complete',
    apiRoute('signed-in', {
      tags: ['workflow'],
      summary: 'Mark an assignment done (the assignee, or whoever may assign); the job moves on',
      params: ZIdParamsSchema,
      response: { 200: resultWithData(ZWorkflowAssignmentSchema) },
    }),
    async (request) =>
      ok(await workflow.completeAssignment(currentUserOf(request), request.params.id), 'Done.'),
  );

  app.post(
    '/workflow/assignments/:id/snooze',
    apiRoute('signed-in', {
      tags: ['workflow'],
      summary: 'Hold off an assignment’s nudges until a time, with the reason',
      params: ZIdParamsSchema,
      body: ZSnoozeInputSchema,
      response: { 200: resultWithData(ZWorkflowAssignmentSchema) },
    }),
    async (request) =>
      ok(await workflow.snooze(currentUserOf(request), request.params.id, request.body), 'Snoozed.'),
  );

  app.delete(
    '/workflow/assignments/:id',
    apiRoute(WORKFLOW_ASSIGNER_ROLES, {
      tags: ['workflow'],
      summary: 'Take an assignment back: nobody has the phase any more',
      params: ZIdParamsSchema,
      response: { 200: ZMessageResultSchema },
    }),
    async (request) => {
      await workflow.unassign(currentUserOf(request), request.params.id);
      return { success: true as const, message: 'Assignment taken back.' };
    },
  );

  app.get(
    '/workflow/departments/:id',
    apiRoute(managers, {
      tags: ['workflow'],
      summary:
        'One department’s stations with their queues, load and stuck jobs, what comes next, and who can take work',
      params: z.object({ id: z.string().trim().min(1).max(100) }),
      response: { 200: resultWithData(ZDepartmentWorkloadSchema) },
    }),
    async (request) => ok(await workflow.departmentWorkload(currentUserOf(request), request.params.id)),
  );

  app.get(
    '/workflow/people',
    apiRoute(WORKFLOW_ASSIGNER_ROLES, {
      tags: ['workflow'],
      summary: 'Active staff work can be given to, with how many open assignments each holds',
      response: { 200: resultWithData(z.array(ZWorkflowStaffSchema)) },
    }),
    async (request) => ok(await workflow.staff(currentUserOf(request))),
  );

  app.get(
    '/workflow/my-tasks',
    apiRoute('signed-in', {
      tags: ['workflow'],
      summary: 'My assignments, the jobs I answer for, and what changed since `since`',
      querystring: z.object({ since: z.iso.datetime({ offset: true }).optional() }),
      response: { 200: resultWithData(ZMyTasksSchema) },
    }),
    async (request) => ({
      success: true as const,
      data: await workflow.myTasks(
        currentUserOf(request),
        request.query.since === undefined ? null : new Date(request.query.since),
      ),
    }),
  );

  app.get(
    '/workflow/my-floor',
    apiRoute('signed-in', {
      tags: ['workflow'],
      summary:
        'Under My work: the pieces at my stations (the departments of my open steps’ phases) and the few coming there next, most urgent first',
      response: { 200: resultWithData(ZMyFloorSchema) },
    }),
    async (request) => ok(await workflow.myFloor(currentUserOf(request))),
  );

  app.get(
    '/workflow/summary',
    apiRoute('signed-in', {
      tags: ['workflow'],
      summary:
        'The dashboard’s tiles: how many open orders and repairs are in each job view (overdue, due today, due this week, at risk, rush, ready, awaiting approval, offsite)',
      response: { 200: resultWithData(ZJobSummarySchema) },
    }),
    async (request) => ok(await workflow.summary(currentUserOf(request))),
  );
}
