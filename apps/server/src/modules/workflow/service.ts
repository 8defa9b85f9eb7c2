import {
  canAssignWork,
  canViewRepairs,
  isAllowed,
  REGISTRY_MANAGER_ROLES,
} from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { phaseAfterDesignApproval } from '@loupe/domain/designs/design-requests';
import { AppError } from '@loupe/domain/errors/errors';
import { phaseForStatus, statusAfterPhaseChange, statusWhenWorkStarts } from '@loupe/domain/jobs/job-status';
import { isInJobView, type TJobSummary } from '@loupe/domain/jobs/job-views';
import { roomName, userRoom } from '@loupe/domain/realtime/events';
import { customerFirstName, type TStationScreenPiece } from '@loupe/domain/tv/tv-displays';
import { personName } from '@loupe/domain/users/user';
import { NUDGE_DEFAULTS, nudgeDecision, type TNudgePolicy } from '@loupe/domain/workflow/nudges';
import {
  type TAdvancePhaseInput,
  type TCreateAssignmentInput,
  type TDepartmentWorkload,
  type TMyTasks,
  type TWorkflowAssignment,
  type TWorkflowBoard,
  type TWorkflowBoardQuery,
  type TWorkflowJob,
  type TWorkflowStaff,
  ZWorkflowBoardQuerySchema,
} from '@loupe/domain/workflow/workflow-api';
import {
  nextPhaseKey,
  phaseChangeForRead,
  phasesFor,
  type TWorkflowKind,
  type TWorkflowPhase,
  type TWorkflowTemplate,
  type TWorkflowTemplateChanges,
  ZWorkflowPhasesSchema,
} from '@loupe/domain/workflow/workflow-template';
import {
  addWorkingHours,
  calendarFor,
  phaseDueTimes,
  type TPersonHours,
  type TWorkingCalendar,
} from '@loupe/domain/workflow/working-calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TRequestContext } from '../auth/service.ts';
import {
  personRef as personOf,
  workflowStateOf as stateOf,
  type TJobStates,
  jobTemplate as templateOf,
} from '../jobs/job-states.ts';
import type { TJobStatusChange } from '../jobs/status-change.ts';
import type { TDepartmentChange } from '../registry/service.ts';
import type { TJobMoved } from '../tracking/location-moves.ts';
import {
  createWorkflowRepository,
  type TAssignmentRow,
  type TJobRow,
  type TJobWorkflowRow,
  type TWorkflowRepository,
} from './repository.ts';
import { followDepartment, loadTemplates as templates, toTemplate } from './templates.ts';

export type TWorkflowActor = TActor & { readonly id: string };

export type TWorkflowServiceOptions = {
  readonly db: TDatabase;
  readonly clock: TClock;
  readonly events: TEventBus;
  /** The job read model: every card, filter and count the workflow shows comes from it. */
  readonly jobStates: TJobStates;
  /** The workshop's opening days and hours (Settings › general), read when due times are worked out. */
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** A person's own working hours (null: the workshop's), for the due time of work given to them. */
  readonly personHours?: (userId: string) => Promise<TPersonHours | null>;
  /** Stores them (Settings); the workflow decides who may. */
  readonly savePersonHours?: (
    actorId: string,
    userId: string,
    hours: TPersonHours | null,
    context: TRequestContext,
  ) => Promise<TPersonHours | null>;
  readonly logger?: Pick<FastifyBaseLogger, 'error' | 'info'> | undefined;
};

export type TAnnounce = () => void;

/** Who runs the workflow board: admins and managers (spec §2 /workflow-dashboard). */
const BOARD_ROLES = REGISTRY_MANAGER_ROLES;
/** A TV lists at most this many pieces coming its way: the next few, not the whole workshop. */
const STATION_DUE_NEXT_MAX = 6;

function forbidden(): AppError {
  return new AppError('FORBIDDEN', 'You do not have permission to do this.');
}

/** A refused value, shown under its field (the one validation details shape). */
function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: { issues: [{ field, message }] } });
}

function isManager(actor: TActor): boolean {
  return isAllowed(actor, BOARD_ROLES);
}

/**
 * Who may give out a job's phases, hand them over or take them back: the floor's managers (issue 34 §5,
 * WORKFLOW_ASSIGNER_ROLES); the assignee completes and snoozes their own.
 */
function mayAssign(actor: TActor): boolean {
  return canAssignWork(actor);
}

function mayView(actor: TActor, kind: TWorkflowKind): boolean {
  return kind === 'order' || canViewRepairs(actor);
}

const LABEL: Readonly<Record<TWorkflowKind, string>> = { order: 'Order', repair: 'Repair' };

export function createWorkflowService(options: TWorkflowServiceOptions) {
  const { db, clock, events, calendar, jobStates } = options;

  function publishAll(announcements: readonly TAnnounce[]): void {
    for (const announce of announcements) {
      try {
        announce();
      } catch (error) {
        options.logger?.error({ err: error }, 'workflow: announcing a change failed');
      }
    }
  }

  const itemRoom = (kind: TWorkflowKind, id: string) => roomName({ kind, id });

  function phaseCompletedAnnouncement(
    kind: TWorkflowKind,
    itemId: string,
    phase: string,
    by: string | null,
    at: Date,
    extraRooms: readonly string[] = [],
  ): TAnnounce {
    return () =>
      events.publish(
        'workflow:phase-completed',
        { itemType: kind, itemId, phase, completedBy: by, completedAt: at.toISOString() },
        { rooms: [itemRoom(kind, itemId), ...extraRooms] },
      );
  }

  /** A job's phase change worked out in memory: its new state, its history line and the phases it leaves. */
  type TPhaseMove = {
    readonly job: TJobRow;
    /** The job's phases: its status follows the phase it ends in. */
    readonly phases: readonly TWorkflowPhase[];
    readonly next: TJobWorkflowRow;
    readonly changes: Record<string, { from: unknown; to: unknown }>;
    /** The phases it completes (none for rework): their open assignments close. */
    readonly completes: readonly string[];
    readonly at: Date;
    readonly actorId: string | null;
  };

  function planPhaseMove(
    job: TJobRow,
    phases: readonly TWorkflowPhase[],
    state: TJobWorkflowRow,
    change: {
      to: string | null;
      rework: boolean;
      at: Date;
      actorId: string | null;
      reason: string;
      skipped?: readonly string[];
    },
  ): TPhaseMove {
    const nameOf = (key: string | null) => phases.find((phase) => phase.key === key)?.name ?? 'Done';
    const next: TJobWorkflowRow =
      change.to === null
        ? { ...state, completedAt: change.at }
        : {
            ...state,
            phaseKey: change.to,
            phaseStartedAt: change.at,
            reworkCount: state.reworkCount + (change.rework ? 1 : 0),
            completedAt: null,
            // A new phase starts with a clean slate of nudges.
            nudgeCount: 0,
            lastNudgedAt: null,
          };
    return {
      job,
      phases,
      next,
      changes: {
        phase: { from: nameOf(state.phaseKey), to: change.to === null ? 'Done' : nameOf(change.to) },
        ...(change.rework ? { rework: { from: false, to: true } } : {}),
        reason: { from: null, to: change.reason },
      },
      completes: change.rework ? [] : [state.phaseKey, ...(change.skipped ?? [])],
      at: change.at,
      actorId: change.actorId,
    };
  }

  /**
   * Writes phase changes inside `repo`'s transaction, in a few statements however many (a batch of reads
   * moves many jobs): each job's last state, every history line, and each completed phase's assignments,
   * closed by the first change that completed it. Returns what to announce once it committed.
   */
  async function savePhaseMoves(
    repo: TWorkflowRepository,
    moves: readonly TPhaseMove[],
  ): Promise<TAnnounce[]> {
    if (moves.length === 0) return [];
    const jobKey = (kind: string, id: string) => `${kind}:${id}`;
    const latest = new Map<string, TPhaseMove>();
    for (const move of moves) latest.set(jobKey(move.next.itemKind, move.next.itemId), move);
    await repo.saveWorkflowStates([...latest.values()].map((move) => move.next));
    // The status follows the phase each job ends in (domain jobs/job-status.ts); finished jobs keep theirs.
    await repo.recordChanges(
      moves.map((move) => ({
        kind: move.job.kind,
        itemId: move.job.id,
        at: move.at,
        actorId: move.actorId,
        action: 'phase-changed' as const,
        changes: move.changes,
      })),
    );
    const statusAnnouncements = await saveStatusMoves(
      repo,
      [...latest.values()].flatMap((move) => {
        if (move.next.completedAt !== null) return [];
        const to = statusAfterPhaseChange(move.job.kind, move.job.status, move.phases, move.next.phaseKey);
        return to === null ? [] : [{ job: move.job, to, at: move.at, actorId: move.actorId }];
      }),
    );
    // Each job's phase closes at the first change that completed it.
    const closedBy = new Map<string, { move: TPhaseMove; phaseKey: string }>();
    for (const move of moves) {
      for (const phaseKey of move.completes) {
        const id = JSON.stringify([move.job.kind, move.job.id, phaseKey]);
        if (!closedBy.has(id)) closedBy.set(id, { move, phaseKey });
      }
    }
    const closed = await repo.completeAssignments(
      [...closedBy.values()].map(({ move, phaseKey }) => ({
        kind: move.job.kind,
        itemId: move.job.id,
        phaseKey,
        at: move.at,
        by: move.actorId,
      })),
    );
    // The people whose assignments a change completed hear of it.
    const assigneeRooms = new Map<TPhaseMove, string[]>();
    for (const row of closed) {
      const move = closedBy.get(JSON.stringify([row.itemKind, row.itemId, row.phaseKey]))?.move;
      if (move) assigneeRooms.set(move, [...(assigneeRooms.get(move) ?? []), userRoom(row.assigneeId)]);
    }
    return [
      ...moves.flatMap((move) =>
        move.completes.map((key) =>
          phaseCompletedAnnouncement(
            move.job.kind,
            move.job.id,
            key,
            move.actorId,
            move.at,
            assigneeRooms.get(move) ?? [],
          ),
        ),
      ),
      ...statusAnnouncements,
    ];
  }

  /** A status move the workflow makes: the job (with its status before) and its new status. */
  type TStatusMove = {
    readonly job: TJobRow;
    readonly to: string;
    readonly at: Date;
    readonly actorId: string | null;
  };

  /**
   * Writes status moves the workflow makes (a job's status follows its phase), each with its history line, in
   * `repo`'s transaction. Returns what to announce once it committed.
   */
  async function saveStatusMoves(
    repo: TWorkflowRepository,
    moves: readonly TStatusMove[],
  ): Promise<TAnnounce[]> {
    if (moves.length === 0) return [];
    await repo.setJobStatuses(
      moves.map((move) => ({ kind: move.job.kind, id: move.job.id, status: move.to, at: move.at })),
    );
    await repo.recordChanges(
      moves.map((move) => ({
        kind: move.job.kind,
        itemId: move.job.id,
        at: move.at,
        actorId: move.actorId,
        action: 'status-changed' as const,
        changes: { status: { from: move.job.status, to: move.to } },
      })),
    );
    return moves.map((move) => () => announceStatus(move.job, move.job.status, move.to, move.at));
  }

  /** What the orders and repairs services announce when a status changes, for a change the workflow made. */
  function announceStatus(job: TJobRow, previousStatus: string, status: string, at: Date): void {
    const timestamp = at.toISOString();
    const rooms = [itemRoom(job.kind, job.id)];
    if (job.kind === 'order') {
      const payload = { orderId: job.id, orderNumber: job.number, status, timestamp };
      events.publish('order:updated', payload, { rooms });
      events.publish('order:status-changed', { ...payload, previousStatus }, { rooms });
    } else {
      const payload = { repairId: job.id, repairNumber: job.number, status, timestamp };
      events.publish('repair:updated', payload, { rooms });
      events.publish('repair:status-changed', { ...payload, previousStatus }, { rooms });
    }
  }

  async function requireJob(repo: TWorkflowRepository, kind: TWorkflowKind, id: string): Promise<TJobRow> {
    const [job] = await repo.listOpenJobs(kind, [id]);
    if (!job) throw new AppError('NOT_FOUND', `There is no open ${kind} ${id}.`);
    return job;
  }

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
    const person = await createWorkflowRepository(db).findActiveUser(userId);
    if (!person) throw new AppError('NOT_FOUND', 'There is no such member of staff.');
    if (person.id !== actor.id && !isManager(actor)) throw forbidden();
  }

  async function openAssignment(repo: TWorkflowRepository, id: string): Promise<TAssignmentRow> {
    const row = await repo.findAssignment(id);
    if (row?.status !== 'open') throw new AppError('NOT_FOUND', 'There is no such open assignment.');
    return row;
  }

  async function assignmentInTransaction<T>(
    work: (repo: TWorkflowRepository, pending: TAnnounce[]) => Promise<T>,
  ): Promise<T> {
    const pending: TAnnounce[] = [];
    const result = await db.transaction((tx) => work(createWorkflowRepository(tx), pending));
    publishAll(pending);
    return result;
  }

  /** One click: the job's current phase is done (or it jumps to `to`); the history says who did it. */
  async function advance(
    actor: TWorkflowActor,
    kind: TWorkflowKind,
    id: string,
    input: TAdvancePhaseInput,
  ): Promise<TWorkflowJob> {
    if (!mayView(actor, kind)) throw forbidden();
    await assignmentInTransaction(async (repo, pending) => {
      const job = await requireJob(repo, kind, id);
      const phases = phasesFor(templateOf(await templates(repo), job), job.repairTypes);
      const state = stateOf(await repo.lockWorkflowState(kind, id), phases, job);
      const phase = phases.find((p) => p.key === state.phaseKey);
      const assigned = (await repo.openAssignmentsOf(kind, [id])).some(
        (row) => row.phaseKey === state.phaseKey && row.assigneeId === actor.id,
      );
      const mayComplete =
        isManager(actor) || assigned || (phase?.completerRoles.includes(actor.role) ?? false);
      if (!mayComplete) throw forbidden();
      // Skipping phases or sending a job back is the managers' call; whoever does the work finishes its phase.
      if (input.to !== undefined && !isManager(actor)) {
        throw new AppError(
          'FORBIDDEN',
          'Only managers move a job to another phase; complete the current one.',
        );
      }
      if (state.completedAt !== null && input.to === undefined) {
        throw new AppError('CONFLICT', `${LABEL[kind]} ${job.number} has finished its workflow.`);
      }
      const to = input.to ?? nextPhaseKey(phases, state.phaseKey);
      if (to !== null && !phases.some((p) => p.key === to)) {
        throw invalid('to', 'Choose a phase of this job’s workflow');
      }
      const from = phases.findIndex((p) => p.key === state.phaseKey);
      const target = to === null ? phases.length : phases.findIndex((p) => p.key === to);
      const move = planPhaseMove(job, phases, state, {
        to,
        rework: target < from,
        skipped: target > from + 1 ? phases.slice(from + 1, target).map((p) => p.key) : [],
        at: clock(),
        actorId: actor.id,
        reason: input.note ? `Completed by hand: ${input.note}` : 'Completed by hand',
      });
      pending.push(...(await savePhaseMoves(repo, [move])));
    });
    const [card] = await jobStates.cards({ kinds: [kind], ids: [id] });
    if (!card) throw new AppError('NOT_FOUND', `There is no open ${kind} ${id}.`);
    return card;
  }

  const service = {
    /**
     * Called by tracking inside the transaction that applied a batch of reads: a read at a later phase's
     * department advances the job, one at an earlier phase's is rework. Returns the announcements to make
     * after commit.
     */
    async afterMoves(tx: TDatabase, moved: readonly TJobMoved[]): Promise<TAnnounce[]> {
      if (moved.length === 0) return [];
      const repo = createWorkflowRepository(tx);
      const allTemplates = await templates(repo);
      // Worked out in memory in read order, each job's state carried from one read to the next, then
      // written at once: a batch costs the same few statements however many jobs it moves.
      const changes: TPhaseMove[] = [];
      const workStarts: TStatusMove[] = [];
      for (const kind of ['order', 'repair'] as const) {
        const ofKind = moved.filter((move) => move.kind === kind);
        if (ofKind.length === 0) continue;
        const jobs = new Map(
          (await repo.listOpenJobs(kind, [...new Set(ofKind.map((m) => m.itemId))])).map((job) => [
            job.id,
            job,
          ]),
        );
        const states = await repo.workflowStates(kind, [...jobs.keys()]);
        for (const move of ofKind) {
          const job = jobs.get(move.itemId);
          if (!job) continue;
          const phases = phasesFor(templateOf(allTemplates, job), job.repairTypes);
          const state = stateOf(states.get(job.id), phases, job);
          if (state.completedAt !== null) continue;
          const change = phaseChangeForRead(phases, state.phaseKey, move.departmentId);
          if (change.kind === 'none') {
            // Read where its current phase happens: a job not started yet has started (New → In design).
            const inPhase = phases.find((phase) => phase.key === state.phaseKey);
            const to = inPhase?.departmentIds.includes(move.departmentId)
              ? statusWhenWorkStarts(kind, job.status, phases, state.phaseKey)
              : null;
            if (to !== null) {
              workStarts.push({ job, to, at: move.at, actorId: null });
              jobs.set(job.id, { ...job, status: to });
            }
            continue;
          }
          const planned = planPhaseMove(job, phases, state, {
            to: change.to,
            rework: change.kind === 'rework',
            skipped: change.kind === 'advance' ? change.skipped : [],
            at: move.at,
            actorId: null,
            reason: `Read at ${move.stationName}`,
          });
          changes.push(planned);
          states.set(job.id, planned.next);
        }
      }
      return [...(await saveStatusMoves(repo, workStarts)), ...(await savePhaseMoves(repo, changes))];
    },

    /**
     * Called by the designs module inside the transaction that kept a customer's approval (issue 17 §3): an
     * order in its template's design phase moves past it. Returns the announcements to make after commit.
     */
    async afterDesignApproved(
      tx: TDatabase,
      approved: { orderId: string; at: Date; reason: string },
    ): Promise<TAnnounce[]> {
      const repo = createWorkflowRepository(tx);
      const [job] = await repo.listOpenJobs('order', [approved.orderId]);
      if (!job) return [];
      const phases = phasesFor(templateOf(await templates(repo), job), job.repairTypes);
      const state = stateOf(await repo.lockWorkflowState('order', job.id), phases, job);
      if (state.completedAt !== null) return [];
      const move = phaseAfterDesignApproval(phases, state.phaseKey);
      if (!move) return [];
      return savePhaseMoves(repo, [
        planPhaseMove(job, phases, state, {
          to: move.to,
          rework: false,
          skipped: move.skipped,
          at: approved.at,
          actorId: null,
          reason: approved.reason,
        }),
      ]);
    },

    async listTemplates(actor: TWorkflowActor): Promise<TWorkflowTemplate[]> {
      if (!isManager(actor)) throw forbidden();
      return templates(createWorkflowRepository(db));
    },

    /** A product type's own workflow, starting as a copy of the order default; one per product type. */
    async createTemplate(actor: TWorkflowActor, productTypeId: string): Promise<TWorkflowTemplate> {
      if (!isManager(actor)) throw forbidden();
      const repo = createWorkflowRepository(db);
      const productType = await repo.findProductType(productTypeId);
      if (!productType) throw invalid('productTypeId', 'Choose a product type of the catalog');
      const base = (await templates(repo)).find((t) => t.kind === 'order' && t.productTypeId === null);
      if (!base) throw new Error('no default order workflow');
      const row = await repo.insertTemplate({
        kind: 'order',
        productTypeId,
        name: productType.name,
        phases: base.phases,
        repairTypeSteps: [],
      });
      if (!row) throw new AppError('CONFLICT', `${productType.name} already has a workflow of its own.`);
      return toTemplate(row);
    },

    /** A product type's workflow goes; its jobs follow the default again. The defaults stay. */
    async deleteTemplate(actor: TWorkflowActor, id: string): Promise<void> {
      if (!isManager(actor)) throw forbidden();
      const repo = createWorkflowRepository(db);
      const row = await repo.findTemplate(id);
      if (!row) throw new AppError('NOT_FOUND', 'There is no such workflow template.');
      if (row.productTypeId === null)
        throw new AppError('CONFLICT', 'The default workflows cannot be removed.');
      await repo.deleteTemplate(id);
    },

    async updateTemplate(
      actor: TWorkflowActor,
      id: string,
      changes: TWorkflowTemplateChanges,
    ): Promise<TWorkflowTemplate> {
      if (!isManager(actor)) throw forbidden();
      const repo = createWorkflowRepository(db);
      const existing = await repo.findTemplate(id);
      if (!existing) throw new AppError('NOT_FOUND', 'There is no such workflow template.');
      const phases = ZWorkflowPhasesSchema.parse(changes.phases);
      const departments = new Set((await repo.listDepartments()).map((department) => department.id));
      const unknown = phases
        .flatMap((phase) => phase.departmentIds)
        .find((departmentId) => !departments.has(departmentId));
      if (unknown !== undefined) {
        throw invalid('phases', `There is no department ${unknown}.`);
      }
      const row = await repo.updateTemplate(id, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        phases,
        ...(changes.repairTypeSteps !== undefined ? { repairTypeSteps: changes.repairTypeSteps } : {}),
        updatedAt: clock(),
      });
      if (!row) throw new AppError('NOT_FOUND', 'There is no such workflow template.');
      return toTemplate(row);
    },

    /** The Command Center: open jobs of a kind by phase, each column in priority order (jobs/job-state.ts). */
    async board(actor: TWorkflowActor, query: TWorkflowBoardQuery): Promise<TWorkflowBoard> {
      if (!isManager(actor)) throw forbidden();
      const filters = ZWorkflowBoardQuerySchema.parse(query);
      const [allTemplates, records] = await Promise.all([
        templates(createWorkflowRepository(db)),
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

    advance,

    /** Gives a job's phase (its current one by default) to a person; assigning it again hands it over. */
    async assign(actor: TWorkflowActor, input: TCreateAssignmentInput): Promise<TWorkflowAssignment> {
      if (!mayAssign(actor)) throw forbidden();
      // Read before the transaction: on PGlite's one connection a read outside it would wait for it.
      const workingCalendar = await calendar();
      const assigneeHours = (await options.personHours?.(input.assigneeId)) ?? null;
      return assignmentInTransaction(async (repo, pending) => {
        const job = await requireJob(repo, input.kind, input.itemId);
        const assignee = await repo.findActiveUser(input.assigneeId);
        if (!assignee) {
          throw invalid('assigneeId', 'Choose an active member of staff');
        }
        const phases = phasesFor(templateOf(await templates(repo), job), job.repairTypes);
        const state = stateOf((await repo.workflowStates(input.kind, [job.id])).get(job.id), phases, job);
        const phaseKey = input.phaseKey ?? state.phaseKey;
        const index = phases.findIndex((phase) => phase.key === phaseKey);
        const phase = phases[index];
        if (!phase) {
          throw invalid('phaseKey', 'Choose a phase of this job’s workflow');
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
      const row = await openAssignment(createWorkflowRepository(db), id);
      return service.assign(actor, {
        kind: row.itemKind as TWorkflowKind,
        itemId: row.itemId,
        assigneeId,
        phaseKey: row.phaseKey,
      });
    },

    /** Marks an assignment done: when its phase is the job's current one, the job moves on. */
    async completeAssignment(actor: TWorkflowActor, id: string): Promise<TWorkflowAssignment> {
      const row = await openAssignment(createWorkflowRepository(db), id);
      if (row.assigneeId !== actor.id && !mayAssign(actor)) throw forbidden();
      const kind = row.itemKind as TWorkflowKind;
      const repo = createWorkflowRepository(db);
      const [job] = await repo.listOpenJobs(kind, [row.itemId]);
      const state = (await repo.workflowStates(kind, [row.itemId])).get(row.itemId);
      const phases = job ? phasesFor(templateOf(await templates(repo), job), job.repairTypes) : [];
      const current = job ? stateOf(state, phases, job).phaseKey : null;
      if (current === row.phaseKey) {
        await advance(actor, kind, row.itemId, {});
      } else {
        await assignmentInTransaction(async (tx) => {
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
      const repo = createWorkflowRepository(db);
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
      const repo = createWorkflowRepository(db);
      const row = await openAssignment(repo, id);
      if (row.assigneeId !== actor.id && !mayAssign(actor)) throw forbidden();
      const until = new Date(input.until);
      if (until.getTime() <= clock().getTime()) {
        throw invalid('until', 'Choose a time still to come');
      }
      const updated = await repo.updateAssignment(id, { snoozedUntil: until, snoozeReason: input.reason });
      if (!updated) throw new AppError('NOT_FOUND', 'There is no such assignment.');
      return toAssignment(repo, updated);
    },

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
      const repo = createWorkflowRepository(db);
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

    /** My Tasks: my open assignments with their jobs, the jobs I answer for, and what changed since I looked. */
    async myTasks(actor: TWorkflowActor, since: Date | null): Promise<TMyTasks> {
      const repo = createWorkflowRepository(db);
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
          if (job) assignments.push({ ...(await toAssignment(repo, row)), job });
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
      const rows = await createWorkflowRepository(db).staff();
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
     * /manager-department: a department's stations with what stands at each (load in working hours against a
     * day, what is stuck), what is on its way in, and who can take work.
     */
    async departmentWorkload(actor: TWorkflowActor, departmentId: string): Promise<TDepartmentWorkload> {
      if (!isManager(actor)) throw forbidden();
      const repo = createWorkflowRepository(db);
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
        people: await service.staff(actor),
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

    /**
     * Called inside the transaction that finished a job by hand (delivered, picked up, cancelled): its open
     * assignments close with it, done or taken back, so nobody's load still counts work that has left.
     */
    async afterJobFinished(tx: TDatabase, change: TJobStatusChange): Promise<void> {
      const repo = createWorkflowRepository(tx);
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

    /**
     * Called by the orders and repairs services inside the transaction that changed a job's status by hand:
     * the job moves to the phase that stands for its new status, so the board and the status agree.
     */
    async afterStatusChanged(tx: TDatabase, change: TJobStatusChange): Promise<TAnnounce[]> {
      const repo = createWorkflowRepository(tx);
      const [job] = await repo.listOpenJobs(change.kind, [change.itemId]);
      if (!job) return [];
      const phases = phasesFor(templateOf(await templates(repo), job), job.repairTypes);
      const state = stateOf(await repo.lockWorkflowState(change.kind, job.id), phases, job);
      const to = phaseForStatus(change.kind, phases, state.phaseKey, change.status);
      if (to === null) return [];
      const from = phases.findIndex((p) => p.key === state.phaseKey);
      const target = phases.findIndex((p) => p.key === to);
      return savePhaseMoves(repo, [
        planPhaseMove({ ...job, status: change.status }, phases, state, {
          to,
          rework: target < from,
          skipped: target > from + 1 ? phases.slice(from + 1, target).map((p) => p.key) : [],
          at: change.at,
          actorId: change.actorId,
          reason: 'Status set by hand',
        }),
      ]);
    },

    /**
     * Templates follow the registry (issue 32): called by the registry when a department is made, renamed or
     * removed, before it answers, so that a read there moves jobs at once.
     */
    async followDepartment(change: TDepartmentChange): Promise<void> {
      await db.transaction((tx) => followDepartment(createWorkflowRepository(tx), change, clock()));
    },

    /**
     * Once at start: what changed in the registry while no instance followed it. Departments made after a
     * template was last saved, and named by none of its phases, are placed; departments gone leave the phases.
     * (A template saved by hand after a department was made keeps what the manager chose.)
     */
    async followRegistry(): Promise<void> {
      await templates(createWorkflowRepository(db));
      await db.transaction(async (tx) => {
        const repo = createWorkflowRepository(tx);
        const departments = await repo.listDepartmentsWithCreation();
        const known = new Set(departments.map((department) => department.id));
        for (const row of await repo.lockTemplates()) {
          const named = toTemplate(row).phases.flatMap((phase) => phase.departmentIds);
          for (const departmentId of new Set(named.filter((id) => !known.has(id)))) {
            await followDepartment(repo, { kind: 'removed', departmentId }, clock());
          }
          for (const department of departments) {
            if (department.createdAt.getTime() <= row.updatedAt.getTime()) continue;
            await followDepartment(repo, { kind: 'saved', department }, clock());
          }
        }
      });
    },
  };
  return service;
}

export type TWorkflowService = ReturnType<typeof createWorkflowService>;
