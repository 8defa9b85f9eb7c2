import { myFloor, myStationDepartments } from '@loupe/domain/workflow/my-floor';
import type { TMyFloor, TMyTasks, TWorkflowAssignment } from '@loupe/domain/workflow/workflow-api';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import type { TAssignmentRow } from './assignment-repository.ts';
import { mayView, type TWorkflowActor, type TWorkflowServiceOptions } from './common.ts';
import type { TJobRow } from './job-workflow-repository.ts';
import type { TWorkflowRepository } from './repository.ts';

/** An assignment as the API answers it (assignments.ts). */
type TToAssignment = (
  repo: TWorkflowRepository,
  row: TAssignmentRow,
  job?: TJobRow,
) => Promise<TWorkflowAssignment>;

/** My Tasks: one person's open assignments with their jobs, the jobs they answer for, and what changed. */
export function createMyTasks(
  options: TWorkflowServiceOptions,
  deps: { readonly toAssignment: TToAssignment },
) {
  const { workflow, jobStates } = options;

  const tasks = {
    /** My Tasks: my open assignments with their jobs, the jobs I answer for, and what changed since I looked. */
    async myTasks(actor: TWorkflowActor, since: Date | null): Promise<TMyTasks> {
      const repo = workflow;
      const rows = await repo.assignmentsOf(actor.id, since);
      const open = rows.filter(
        (row) => row.status === 'open' && mayView(actor, row.itemKind as TWorkflowKind),
      );
      const assignments: TMyTasks['assignments'] = [];
      for (const kind of ['order', 'repair'] as const) {
        const ofKind = open.filter((row) => row.itemKind === kind);
        const ids = [...new Set(ofKind.map((row) => row.itemId))];
        const cards = ids.length === 0 ? [] : await jobStates.cards({ kinds: [kind], ids });
        for (const row of ofKind) {
          const job = cards.find((card) => card.id === row.itemId);
          if (job) assignments.push({ ...(await deps.toAssignment(repo, row)), job });
        }
      }
      assignments.sort((a, b) => (a.dueAt ?? '9999').localeCompare(b.dueAt ?? '9999'));
      const mine = (await jobStates.cards({ kinds: ['order'] })).filter(
        (job) =>
          job.salesperson?.id === actor.id && (job.status === 'ready' || job.status === 'awaiting_approval'),
      );
      const changes = rows
        .filter(
          (row) =>
            since !== null &&
            ((row.createdAt > since && row.status === 'open') ||
              (row.completedAt !== null && row.completedAt > since)),
        )
        .map((row) => ({
          at: (row.status === 'open' ? row.createdAt : (row.completedAt ?? row.createdAt)).toISOString(),
          text: row.status === 'open' ? 'Given to you' : row.status === 'completed' ? 'Done' : 'Taken back',
          itemId: row.itemId,
          kind: row.itemKind as TWorkflowKind,
        }));
      return {
        assignments,
        responsibleFor: mine,
        changedSince: since?.toISOString() ?? null,
        changes,
      };
    },

    /**
     * Under My work (issue 37 §1): the pieces at my stations and what comes there next. My stations are the
     * departments of the phases of my open steps (domain workflow/my-floor.ts); all from the job read model.
     */
    async myFloor(actor: TWorkflowActor): Promise<TMyFloor> {
      const open = (await workflow.assignmentsOf(actor.id, null)).filter(
        (row) => row.status === 'open' && mayView(actor, row.itemKind as TWorkflowKind),
      );
      if (open.length === 0) return { atMyStations: [], comingNext: [] };
      const kinds = (['order', 'repair'] as const).filter((kind) => mayView(actor, kind));
      const records = await jobStates.records({ kinds });
      const byJob = new Map(records.map((record) => [`${record.card.kind}:${record.card.id}`, record]));
      const departments = myStationDepartments(
        open.flatMap((row) => {
          const record = byJob.get(`${row.itemKind}:${row.itemId}`);
          return record ? [{ phaseKey: row.phaseKey, phases: record.phases }] : [];
        }),
      );
      const floor = myFloor(
        records.map((record) => ({
          record,
          number: record.card.number,
          promisedDate: record.card.promisedDate,
          state: record.card.state,
          phaseIndex: record.card.workflow.phaseIndex,
          isComplete: record.card.workflow.isComplete,
          location: record.card.location,
          phases: record.phases,
        })),
        departments,
      );
      return {
        atMyStations: floor.atMyStations.map(({ record }) => ({
          job: record.card,
          arrivedAt: record.row.arrivedAt?.toISOString() ?? null,
        })),
        comingNext: floor.comingNext.map(({ job, nextPhaseName }) => ({
          job: job.record.card,
          nextPhaseName,
        })),
      };
    },
  };
  return tasks;
}
