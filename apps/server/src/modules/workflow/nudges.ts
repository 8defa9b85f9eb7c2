import { AppError } from '@loupe/domain/errors/errors';
import { userRoom } from '@loupe/domain/realtime/events';
import { NUDGE_DEFAULTS, nudgeDecision, type TNudgePolicy } from '@loupe/domain/workflow/nudges';
import { phasesFor, type TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { forbidden } from '../../lib/service-errors.ts';
import { workflowStateOf as stateOf, jobTemplate as templateOf } from '../jobs/job-states.ts';
import { isManager, type TWorkflowActor, type TWorkflowServiceOptions } from './common.ts';
import type { TJobRow } from './job-workflow-repository.ts';
import { loadTemplates as templates } from './templates.ts';

/** Reminders: by hand to whoever has a job, and the sweep that nudges overdue work once per interval. */
export function createNudges(options: TWorkflowServiceOptions) {
  const { workflow, clock, events, jobStates } = options;

  const nudges = {
    /** A reminder by hand to whoever has the job's current phase. */
    async nudgeJob(
      actor: TWorkflowActor,
      kind: TWorkflowKind,
      id: string,
      message?: string,
    ): Promise<{ nudged: number }> {
      if (!isManager(actor)) throw forbidden();
      const [card] = await jobStates.cards({ kinds: [kind], ids: [id] });
      if (!card) throw new AppError('NOT_FOUND', `There is no open ${kind} ${id}.`);
      if (!card.assignment) {
        throw new AppError('CONFLICT', 'Nobody has this phase yet: assign it first.');
      }
      const at = clock();
      events.publish(
        'workflow:nudge-triggered',
        {
          nudgeId: `${card.assignment.id}:manual:${at.getTime()}`,
          userId: card.assignment.assignee.id,
          message: message?.trim() || `${card.number} (${card.workflow.phaseName}) needs your attention.`,
          itemType: kind,
          itemId: id,
          triggeredAt: at.toISOString(),
        },
        { rooms: [userRoom(card.assignment.assignee.id)] },
      );
      return { nudged: 1 };
    },
    /** The nudge sweep: each overdue assignment reminds its assignee once per interval, then the managers. */
    async sweepNudges(): Promise<number> {
      const repo = workflow;
      const now = clock();
      const allTemplates = await templates(repo);
      const managers = await repo.managers();
      /** The phase's own nudge interval, else the workshop's. */
      const policyOf = (job: TJobRow, phaseKey: string): TNudgePolicy => {
        const phase = phasesFor(templateOf(allTemplates, job), job.repairTypes).find(
          (p) => p.key === phaseKey,
        );
        return { ...NUDGE_DEFAULTS, intervalHours: phase?.nudgeEveryHours ?? NUDGE_DEFAULTS.intervalHours };
      };
      const nudge = (userId: string, rooms: readonly string[], id: string, message: string, job: TJobRow) =>
        events.publish(
          'workflow:nudge-triggered',
          {
            nudgeId: id,
            userId,
            message,
            itemType: job.kind,
            itemId: job.id,
            triggeredAt: now.toISOString(),
          },
          { rooms },
        );
      let sent = 0;

      // Assignments past their due time: the assignee, then the managers too.
      for (const row of await repo.overdueAssignments(now)) {
        if (row.dueAt === null) continue;
        const [job] = await repo.listOpenJobs(row.itemKind as TWorkflowKind, [row.itemId]);
        if (!job) continue;
        const decision = nudgeDecision(
          {
            dueAt: row.dueAt,
            lastNudgedAt: row.lastNudgedAt,
            nudgeCount: row.nudgeCount,
            snoozedUntil: row.snoozedUntil,
          },
          now,
          policyOf(job, row.phaseKey),
        );
        if (decision.kind === 'none') continue;
        // Claimed against the state it was read in, so that two instances sweeping at once nudge once.
        if (!(await repo.claimNudge(row, { lastNudgedAt: now, nudgeCount: decision.count }))) continue;
        const rooms = [userRoom(row.assigneeId)];
        if (decision.escalate) rooms.push(...managers.map((manager) => userRoom(manager.id)));
        const reminder = decision.count > 1 ? ` (reminder ${decision.count})` : '';
        nudge(
          row.assigneeId,
          rooms,
          `${row.id}:${decision.count}`,
          `${job.number} is past its due time${reminder}.`,
          job,
        );
        sent += 1;
      }

      // Jobs past their phase's target with nobody assigned: the managers, who give the work out.
      for (const kind of ['order', 'repair'] as const) {
        const records = await jobStates.records({ kinds: [kind] });
        const states = await repo.workflowStates(
          kind,
          records.map(({ card }) => card.id),
        );
        for (const { card, row: job } of records) {
          if (card.assignment !== null || !card.state.isOverPhaseTarget) continue;
          const state = states.get(card.id);
          const decision = nudgeDecision(
            {
              dueAt: new Date(0),
              lastNudgedAt: state?.lastNudgedAt ?? null,
              nudgeCount: state?.nudgeCount ?? 0,
              snoozedUntil: null,
            },
            now,
            policyOf(job, card.workflow.phaseKey),
          );
          if (decision.kind === 'none') continue;
          const claimed = await repo.claimJobNudge(
            stateOf(state, phasesFor(templateOf(allTemplates, job), job.repairTypes), job),
            { lastNudgedAt: now, nudgeCount: decision.count },
            state !== undefined,
          );
          if (!claimed) continue;
          const message = `${card.number} has been in ${card.workflow.phaseName} longer than its ${card.workflow.targetHours} h target, and nobody has it.`;
          for (const manager of managers)
            nudge(
              manager.id,
              [userRoom(manager.id)],
              `${kind}:${card.id}:${decision.count}:${manager.id}`,
              message,
              job,
            );
          sent += 1;
        }
      }
      return sent;
    },
  };
  return nudges;
}
