import { phaseAfterDesignApproval } from '@loupe/domain/designs/design-requests';
import { AppError } from '@loupe/domain/errors/errors';
import { phaseForStatus, statusAfterPhaseChange, statusWhenWorkStarts } from '@loupe/domain/jobs/job-status';
import { userRoom } from '@loupe/domain/realtime/events';
import type { TAdvancePhaseInput, TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import {
  nextPhaseKey,
  phaseChangeForRead,
  phasesFor,
  type TWorkflowKind,
  type TWorkflowPhase,
} from '@loupe/domain/workflow/workflow-template';
import type { TDatabase } from '../../db/client.ts';
import { fieldError, forbidden } from '../../lib/service-errors.ts';
import { workflowStateOf as stateOf, jobTemplate as templateOf } from '../jobs/job-states.ts';
import type { TJobStatusChange } from '../jobs/status-change.ts';
import type { TJobMoved } from '../tracking/location-moves.ts';
import {
  inWorkflowTransaction,
  isManager,
  itemRoom,
  LABEL,
  mayView,
  requireJob,
  type TAnnounce,
  type TWorkflowActor,
  type TWorkflowServiceOptions,
} from './common.ts';
import type { TJobRow, TJobWorkflowRow } from './job-workflow-repository.ts';
import type { TWorkflowRepository } from './repository.ts';
import { loadTemplates as templates } from './templates.ts';

/** Phases that follow reads and hands, and the status that follows each phase (issue 12, issue 32). */
export function createPhaseMoves(options: TWorkflowServiceOptions) {
  const { workflow, clock, events, jobStates } = options;

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

  /** One click: the job's current phase is done (or it jumps to `to`); the history says who did it. */
  async function advance(
    actor: TWorkflowActor,
    kind: TWorkflowKind,
    id: string,
    input: TAdvancePhaseInput,
  ): Promise<TWorkflowJob> {
    if (!mayView(actor, kind)) throw forbidden();
    await inWorkflowTransaction(options, async (repo, pending) => {
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
        throw forbidden('Only managers move a job to another phase; complete the current one.');
      }
      if (state.completedAt !== null && input.to === undefined) {
        throw new AppError('CONFLICT', `${LABEL[kind]} ${job.number} has finished its workflow.`);
      }
      const to = input.to ?? nextPhaseKey(phases, state.phaseKey);
      if (to !== null && !phases.some((p) => p.key === to)) {
        throw fieldError('to', 'Choose a phase of this job’s workflow');
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

  const phaseMoves = {
    advance,
    /**
     * Called by tracking inside the transaction that applied a batch of reads: a read at a later phase's
     * department advances the job, one at an earlier phase's is rework. Returns the announcements to make
     * after commit.
     */
    async afterMoves(tx: TDatabase, moved: readonly TJobMoved[]): Promise<TAnnounce[]> {
      if (moved.length === 0) return [];
      const repo = workflow.within(tx);
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
      const repo = workflow.within(tx);
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
    /**
     * Called by the orders and repairs services inside the transaction that changed a job's status by hand:
     * the job moves to the phase that stands for its new status, so the board and the status agree.
     */
    async afterStatusChanged(tx: TDatabase, change: TJobStatusChange): Promise<TAnnounce[]> {
      const repo = workflow.within(tx);
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
  };
  return phaseMoves;
}
