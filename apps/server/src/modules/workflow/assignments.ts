import { canViewJob } from '@loupe/domain/auth/permissions';
import { roleFromProfile } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import { userRoom } from '@loupe/domain/realtime/events';
import { personName } from '@loupe/domain/users/user';
import type {
  TAdvancePhaseInput,
  TCreateAssignmentInput,
  TWorkflowAssignment,
  TWorkflowJob,
  TWorkflowStaff,
} from '@loupe/domain/workflow/workflow-api';
import { phasesFor, type TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import {
  addWorkingHours,
  calendarFor,
  phaseDueTimes,
  type TPersonHours,
} from '@loupe/domain/workflow/working-calendar';
import type { TDatabase } from '../../db/client.ts';
import { fieldError, forbidden } from '../../lib/service-errors.ts';
import type { TRequestContext } from '../auth/service.ts';
import {
  personRef as personOf,
  workflowStateOf as stateOf,
  jobTemplate as templateOf,
} from '../jobs/job-states.ts';
import type { TJobStatusChange } from '../jobs/status-change.ts';
import type { TAssignmentRow } from './assignment-repository.ts';
import {
  inWorkflowTransaction,
  isManager,
  itemRoom,
  mayAssign,
  openAssignment,
  requireJob,
  type TWorkflowActor,
  type TWorkflowServiceOptions,
} from './common.ts';
import type { TJobRow } from './job-workflow-repository.ts';
import type { TWorkflowRepository } from './repository.ts';
import { loadTemplates as templates } from './templates.ts';

/** Completes a job's current phase by hand (phase-moves.ts). */
export type TAdvance = (
  actor: TWorkflowActor,
  kind: TWorkflowKind,
  id: string,
  input: TAdvancePhaseInput,
) => Promise<TWorkflowJob>;

/** Work given out: assignments, their due times, hand-overs, completion and snoozes, and who can take work. */
export function createAssignments(options: TWorkflowServiceOptions, deps: { readonly advance: TAdvance }) {
  const { workflow, clock, events, calendar } = options;

  async function toAssignment(
    repo: TWorkflowRepository,
    row: TAssignmentRow,
    job?: TJobRow,
  ): Promise<TWorkflowAssignment> {
    const [persons, allTemplates, found] = await Promise.all([
      repo.personsById([row.assigneeId, row.assignedBy]),
      templates(repo),
      job
        ? Promise.resolve(job)
        : repo.listOpenJobs(row.itemKind as TWorkflowKind, [row.itemId]).then((jobs) => jobs[0]),
    ]);
    const phases = found ? phasesFor(templateOf(allTemplates, found), found.repairTypes) : [];
    return {
      id: row.id,
      kind: row.itemKind as TWorkflowKind,
      itemId: row.itemId,
      number: found?.number ?? '',
      phaseKey: row.phaseKey,
      phaseName: phases.find((phase) => phase.key === row.phaseKey)?.name ?? row.phaseKey,
      assignee: personOf(persons, row.assigneeId) ?? { id: row.assigneeId, name: 'Former user' },
      assignedBy: personOf(persons, row.assignedBy),
      dueAt: row.dueAt?.toISOString() ?? null,
      status: row.status as TWorkflowAssignment['status'],
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      nudgeCount: row.nudgeCount,
      lastNudgedAt: row.lastNudgedAt?.toISOString() ?? null,
      snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
      snoozeReason: row.snoozeReason,
    };
  }

  /** Someone unknown is not found, for anyone; someone else's hours are the managers' business. */
  async function assertMayManageHours(actor: TWorkflowActor, userId: string): Promise<void> {
    const person = await workflow.findActiveUser(userId);
    if (!person) throw new AppError('NOT_FOUND', 'There is no such member of staff.');
    if (person.id !== actor.id && !isManager(actor)) throw forbidden();
  }

  const assignments = {
    toAssignment,
    /** Gives a job's phase (its current one by default) to a person; assigning it again hands it over. */
    async assign(actor: TWorkflowActor, input: TCreateAssignmentInput): Promise<TWorkflowAssignment> {
      if (!mayAssign(actor)) throw forbidden();
      // Read before the transaction: on PGlite's one connection a read outside it would wait for it.
      const workingCalendar = await calendar();
      const assigneeHours = (await options.personHours?.(input.assigneeId)) ?? null;
      return inWorkflowTransaction(options, async (repo, pending) => {
        const job = await requireJob(repo, input.kind, input.itemId);
        const assignee = await repo.findActiveUser(input.assigneeId);
        if (!assignee) {
          throw fieldError('assigneeId', 'Choose an active member of staff');
        }
        // Work goes to someone who can open the job: My Tasks and the bell would hide it from anyone else.
        if (!canViewJob({ role: roleFromProfile(assignee.role) }, input.kind)) {
          throw fieldError(
            'assigneeId',
            `${personName(assignee)} cannot open ${input.kind}s: choose someone who can`,
          );
        }
        const phases = phasesFor(templateOf(await templates(repo), job), job.repairTypes);
        const state = stateOf((await repo.workflowStates(input.kind, [job.id])).get(job.id), phases, job);
        const phaseKey = input.phaseKey ?? state.phaseKey;
        const index = phases.findIndex((phase) => phase.key === phaseKey);
        const phase = phases[index];
        if (!phase) {
          throw fieldError('phaseKey', 'Choose a phase of this job’s workflow');
        }
        const now = clock();
        // The phase's target from now in the assignee's hours; later when the promised date's plan leaves more
        // time. Never earlier: work given out late is not overdue the moment it is given (issue 32).
        const fromNow = addWorkingHours(now, phase.targetHours, calendarFor(workingCalendar, assigneeHours));
        const planned = job.promisedDate
          ? phaseDueTimes(job.promisedDate, phases.slice(index), workingCalendar).get(phase.key)
          : undefined;
        const dueAt = planned !== undefined && planned.getTime() > fromNow.getTime() ? planned : fromNow;
        const existing = (await repo.openAssignmentsOf(input.kind, [job.id])).find(
          (row) => row.phaseKey === phase.key,
        );
        const row = existing
          ? await repo.updateAssignment(existing.id, {
              assigneeId: assignee.id,
              assignedBy: actor.id,
              createdAt: now,
              nudgeCount: 0,
              lastNudgedAt: null,
            })
          : await repo.insertAssignment({
              itemKind: input.kind,
              itemId: job.id,
              phaseKey: phase.key,
              assigneeId: assignee.id,
              assignedBy: actor.id,
              dueAt,
              createdAt: now,
            });
        if (!row) throw new Error('the assignment vanished while it was being handed over');
        await repo.recordChanges([
          {
            kind: input.kind,
            itemId: job.id,
            at: now,
            actorId: actor.id,
            action: 'phase-assigned',
            changes: {
              assignee: { from: null, to: personName(assignee) },
              phase: { from: null, to: phase.name },
            },
          },
        ]);
        pending.push(() =>
          events.publish(
            'workflow:assignment-created',
            {
              assignmentId: row.id,
              itemType: input.kind,
              itemId: job.id,
              assigneeId: assignee.id,
              phase: phase.key,
              createdAt: now.toISOString(),
            },
            { rooms: [userRoom(assignee.id), itemRoom(input.kind, job.id)] },
          ),
        );
        return toAssignment(repo, row, job);
      });
    },
    /** Hands an open assignment to someone else: the same as assigning its phase again. */
    async reassign(actor: TWorkflowActor, id: string, assigneeId: string): Promise<TWorkflowAssignment> {
      const row = await openAssignment(workflow, id);
      return assignments.assign(actor, {
        kind: row.itemKind as TWorkflowKind,
        itemId: row.itemId,
        assigneeId,
        phaseKey: row.phaseKey,
      });
    },
    /** Marks an assignment done: when its phase is the job's current one, the job moves on. */
    async completeAssignment(actor: TWorkflowActor, id: string): Promise<TWorkflowAssignment> {
      const row = await openAssignment(workflow, id);
      if (row.assigneeId !== actor.id && !mayAssign(actor)) throw forbidden();
      const kind = row.itemKind as TWorkflowKind;
      const repo = workflow;
      const [job] = await repo.listOpenJobs(kind, [row.itemId]);
      const state = (await repo.workflowStates(kind, [row.itemId])).get(row.itemId);
      const phases = job ? phasesFor(templateOf(await templates(repo), job), job.repairTypes) : [];
      const current = job ? stateOf(state, phases, job).phaseKey : null;
      if (current === row.phaseKey) {
        await deps.advance(actor, kind, row.itemId, {});
      } else {
        await inWorkflowTransaction(options, async (tx) => {
          await tx.closeAssignments(kind, row.itemId, [row.phaseKey], {
            status: 'completed',
            at: clock(),
            by: actor.id,
          });
        });
      }
      const done = await repo.findAssignment(id);
      if (!done) throw new AppError('NOT_FOUND', 'There is no such assignment.');
      return toAssignment(repo, done);
    },
    /** Takes an assignment back: nobody has the phase any more. */
    async unassign(actor: TWorkflowActor, id: string): Promise<void> {
      const repo = workflow;
      if (!mayAssign(actor)) throw forbidden();
      await openAssignment(repo, id);
      await repo.updateAssignment(id, { status: 'cancelled', completedAt: clock(), completedBy: actor.id });
    },
    /** Holds off nudges until a time, with the reason kept on the assignment. */
    async snooze(
      actor: TWorkflowActor,
      id: string,
      input: { until: string; reason: string },
    ): Promise<TWorkflowAssignment> {
      const repo = workflow;
      const row = await openAssignment(repo, id);
      if (row.assigneeId !== actor.id && !mayAssign(actor)) throw forbidden();
      const until = new Date(input.until);
      if (until.getTime() <= clock().getTime()) {
        throw fieldError('until', 'Choose a time still to come');
      }
      const updated = await repo.updateAssignment(id, { snoozedUntil: until, snoozeReason: input.reason });
      if (!updated) throw new AppError('NOT_FOUND', 'There is no such assignment.');
      return toAssignment(repo, updated);
    },
    /** A person's own working hours: their own, or anyone's for the floor's managers. */
    async personHours(actor: TWorkflowActor, userId: string): Promise<TPersonHours | null> {
      await assertMayManageHours(actor, userId);
      return (await options.personHours?.(userId)) ?? null;
    },
    async setPersonHours(
      actor: TWorkflowActor,
      userId: string,
      hours: TPersonHours | null,
      context: TRequestContext,
    ): Promise<TPersonHours | null> {
      await assertMayManageHours(actor, userId);
      if (!options.savePersonHours) throw new Error('no store for personal working hours');
      return options.savePersonHours(actor.id, userId, hours, context);
    },
    /** Who work can be given to, for those who give it out; names sorted, load alongside. */
    async staff(actor: TWorkflowActor): Promise<TWorkflowStaff[]> {
      if (!mayAssign(actor)) throw forbidden();
      const rows = await workflow.staff();
      return rows
        .map((row) => ({
          id: row.id,
          name: personName(row),
          role: row.role,
          openAssignments: row.openAssignments,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    /**
     * Called inside the transaction that finished a job by hand (delivered, picked up, cancelled): its open
     * assignments close with it, done or taken back, so nobody's load still counts work that has left.
     */
    async afterJobFinished(tx: TDatabase, change: TJobStatusChange): Promise<void> {
      const repo = workflow.within(tx);
      const open = await repo.openAssignmentsOf(change.kind, [change.itemId]);
      await repo.closeAssignments(
        change.kind,
        change.itemId,
        open.map((row) => row.phaseKey),
        {
          status: change.status === 'cancelled' ? 'cancelled' : 'completed',
          at: change.at,
          by: change.actorId,
        },
      );
    },
  };
  return assignments;
}
