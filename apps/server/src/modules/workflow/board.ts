import { AppError } from '@loupe/domain/errors/errors';
import { isInJobView, type TJobSummary } from '@loupe/domain/jobs/job-views';
import { customerFirstName, type TStationScreenPiece } from '@loupe/domain/tv/tv-displays';
import {
  type TDepartmentWorkload,
  type TWorkflowBoard,
  type TWorkflowBoardQuery,
  type TWorkflowJob,
  type TWorkflowStaff,
  ZWorkflowBoardQuerySchema,
} from '@loupe/domain/workflow/workflow-api';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { forbidden } from '../../lib/service-errors.ts';
import { isManager, mayView, type TWorkflowActor, type TWorkflowServiceOptions } from './common.ts';
import { loadTemplates as templates } from './templates.ts';

/** A TV lists at most this many pieces coming its way: the next few, not the whole workshop. */
const STATION_DUE_NEXT_MAX = 6;

/** What the floor sees: the Command Center, a department's stations, a station TV's pieces and the dashboard's tiles, all from the job read model. */
export function createBoard(
  options: TWorkflowServiceOptions,
  deps: { readonly staff: (actor: TWorkflowActor) => Promise<TWorkflowStaff[]> },
) {
  const { workflow, clock, jobStates } = options;

  const views = {
    /** The Command Center: open jobs of a kind by phase, each column in priority order (jobs/job-state.ts). */
    async board(actor: TWorkflowActor, query: TWorkflowBoardQuery): Promise<TWorkflowBoard> {
      if (!isManager(actor)) throw forbidden();
      const filters = ZWorkflowBoardQuerySchema.parse(query);
      const [allTemplates, records] = await Promise.all([
        templates(workflow),
        jobStates.records({ kinds: [filters.kind] }),
      ]);
      const cards = records
        .filter(
          ({ row }) =>
            (filters.locationId === undefined || row.locationId === filters.locationId) &&
            (filters.departmentId === undefined || row.departmentId === filters.departmentId) &&
            (filters.productTypeId === undefined || row.productTypeId === filters.productTypeId) &&
            (filters.salespersonId === undefined || row.salespersonId === filters.salespersonId),
        )
        .map(({ card }) => card)
        .filter((card) => filters.view === undefined || isInJobView(filters.view, card));
      const base = allTemplates.find((t) => t.kind === filters.kind && t.productTypeId === null);
      const columns = (base?.phases ?? []).map((phase) => ({
        key: phase.key,
        name: phase.name,
        targetHours: phase.targetHours,
        jobs: [] as TWorkflowJob[],
      }));
      // The read model gives the jobs in priority order; each column keeps it.
      for (const card of cards) {
        let column = columns.find((c) => c.key === card.workflow.phaseKey);
        if (!column) {
          column = {
            key: card.workflow.phaseKey,
            name: card.workflow.phaseName,
            targetHours: card.workflow.targetHours,
            jobs: [],
          };
          columns.push(column);
        }
        column.jobs.push(card);
      }
      return { kind: filters.kind, columns, generatedAt: clock().toISOString() };
    },
    /**
     * /manager-department: a department's stations with what stands at each (load in working hours against a
     * day, what is stuck), what is on its way in, and who can take work.
     */
    async departmentWorkload(actor: TWorkflowActor, departmentId: string): Promise<TDepartmentWorkload> {
      if (!isManager(actor)) throw forbidden();
      const repo = workflow;
      const department = await repo.findDepartment(departmentId);
      if (!department) throw new AppError('NOT_FOUND', `There is no department ${departmentId}.`);
      const allTemplates = await templates(repo);
      const kinds = (['order', 'repair'] as const).filter((kind) => mayView(actor, kind));
      // In priority order already: each station's list and what comes next keep it.
      const cards = await jobStates.cards({ kinds });
      const phasesHere = new Set(
        allTemplates.flatMap((t) =>
          t.phases.filter((p) => p.departmentIds.includes(departmentId)).map((p) => `${t.kind}:${p.key}`),
        ),
      );
      const stationRows = await repo.stationsOf(departmentId);
      const stationList = stationRows.map((station) => {
        const jobs = cards.filter((card) => card.location?.stationId === station.id);
        const loadHours = jobs.reduce(
          (sum, job) => sum + Math.max(0, job.workflow.targetHours - job.workflow.hoursInPhase),
          0,
        );
        return {
          ...station,
          jobs,
          loadHours: Math.round(loadHours * 10) / 10,
          overPhaseTarget: jobs.filter((job) => job.state.isOverPhaseTarget).length,
        };
      });
      const incoming = cards.filter(
        (card) =>
          card.location?.departmentId !== departmentId &&
          phasesHere.has(`${card.kind}:${card.workflow.phaseKey}`),
      );
      return {
        department,
        stations: stationList,
        incoming,
        people: await deps.staff(actor),
      };
    },
    /**
     * A station TV's pieces (issue 14): those at the station now, and those due here next: elsewhere, in a phase
     * that happens in this station's department or whose next phase does. Customers by first name only; the
     * caller decides which kinds the screen may show.
     */
    async stationPieces(
      station: { id: string; departmentId: string },
      kinds: readonly TWorkflowKind[],
    ): Promise<{ here: TStationScreenPiece[]; dueNext: TStationScreenPiece[] }> {
      const here: TStationScreenPiece[] = [];
      const dueNext: TStationScreenPiece[] = [];
      // In priority order (rush, overdue, at risk…): the screen lists them as the read model ranks them.
      for (const { card, row: job, phases } of await jobStates.records({ kinds })) {
        if (card.workflow.isComplete) continue;
        const phase = phases[card.workflow.phaseIndex];
        const next = phases[card.workflow.phaseIndex + 1] ?? null;
        const piece: TStationScreenPiece = {
          kind: card.kind,
          id: card.id,
          number: card.number,
          customerFirstName: customerFirstName(card.customerName),
          product: job.productTypeName ?? card.description,
          metal: job.metalName,
          promisedDate: card.promisedDate,
          isRush: card.isRush,
          arrivedAt: job.arrivedAt?.toISOString() ?? null,
          stationName: card.location?.stationName ?? null,
          phaseName: card.workflow.phaseName,
          nextPhaseName: next?.name ?? null,
          state: card.state,
        };
        const location = card.location;
        if (location?.stationId === station.id && location.trackingStatus !== 'offsite') {
          here.push(piece);
          continue;
        }
        if (location?.departmentId === station.departmentId) continue;
        const happensHere = (candidate: { departmentIds: readonly string[] } | null | undefined) =>
          candidate?.departmentIds.includes(station.departmentId) ?? false;
        if (happensHere(phase) || happensHere(next)) dueNext.push(piece);
      }
      return { here, dueNext: dueNext.slice(0, STATION_DUE_NEXT_MAX) };
    },
    /** The dashboard's tiles: how many open jobs the user may see are in each view (jobs/job-state.ts). */
    async summary(actor: TWorkflowActor): Promise<TJobSummary> {
      const kinds = (['order', 'repair'] as const).filter((kind) => mayView(actor, kind));
      return jobStates.summary(kinds);
    },
  };
  return views;
}
