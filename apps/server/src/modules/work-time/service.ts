import { AppError } from '@loupe/domain/errors/errors';
import { personName } from '@loupe/domain/users/user';
import {
  isUndoable,
  labourSeconds,
  sessionsToSwitch,
  type TJobLabour,
  type TMyWorkTime,
  type TStationWork,
  type TWorkAction,
  type TWorkActionResult,
  type TWorkSession,
  undoUntil,
  WORK_TIME_MESSAGES,
  WORK_TIME_NOTES,
} from '@loupe/domain/workflow/work-time';
import { phasesFor, type TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { forbidden, isUniqueViolation } from '../../lib/service-errors.ts';
import { workflowStateOf as stateOf, jobTemplate as templateOf } from '../jobs/job-states.ts';
import type { TAssignmentRow } from '../workflow/assignment-repository.ts';
import { mayAssign, mayView, type TWorkflowActor } from '../workflow/common.ts';
import type { TJobWorkflowRow } from '../workflow/job-workflow-repository.ts';
import { loadTemplates } from '../workflow/templates.ts';
import type { TWorkTimeRepository } from './repository.ts';
import { describeJobs, toSessions } from './session-views.ts';
import { STOPPED_BY_ITSELF, stationWork } from './station-work.ts';
import { createWorkTimeStops, type TWorkTimeStopsOptions } from './stops.ts';
import { committedTimerChanges } from './timer-events.ts';

export type TWorkTimeServiceOptions = TWorkTimeStopsOptions & {
  /** Marks an assignment done as My Tasks always has (the workflow's own rule and its phase move). */
  readonly completeAssignment: (actor: TWorkflowActor, id: string) => Promise<unknown>;
};

/** What "done" replaced, kept on the action so that an undo puts it back. */
type TRestore = {
  readonly before: TStoredState | null;
  readonly after: TStoredState | null;
  readonly statusBefore: string | null;
  readonly statusAfter: string | null;
};
type TStoredState = Omit<TJobWorkflowRow, 'phaseStartedAt' | 'completedAt' | 'lastNudgedAt'> & {
  phaseStartedAt: string;
  completedAt: string | null;
  lastNudgedAt: string | null;
};

const storeState = (row: TJobWorkflowRow): TStoredState => ({
  ...row,
  phaseStartedAt: row.phaseStartedAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  lastNudgedAt: row.lastNudgedAt?.toISOString() ?? null,
});
const loadState = (row: TStoredState): TJobWorkflowRow => ({
  ...row,
  phaseStartedAt: new Date(row.phaseStartedAt),
  completedAt: row.completedAt === null ? null : new Date(row.completedAt),
  lastNudgedAt: row.lastNudgedAt === null ? null : new Date(row.lastNudgedAt),
});
const sameState = (a: TStoredState | null, b: TStoredState | null) =>
  a !== null &&
  b !== null &&
  a.phaseKey === b.phaseKey &&
  a.phaseStartedAt === b.phaseStartedAt &&
  a.completedAt === b.completedAt;

const notYours = () =>
  new AppError('WORK_NOT_YOURS', 'Only whoever has this step, or a manager, starts and stops its timer.');
const undoExpired = (why = 'It is too late to undo that.') => new AppError('WORK_UNDO_EXPIRED', why);

/**
 * Work time (issue 37 §3): timers on assigned steps, one running per person; each tap undoable for a few
 * seconds; stopped by a read at another station or by the workshop's closing.
 */
export function createWorkTimeService(options: TWorkTimeServiceOptions) {
  const { workTime, clock, events } = options;

  const committed = committedTimerChanges(workTime, events, options.logger);

  /** The open assignment, locked, and whether the actor may work its timer: its assignee or a manager. */
  async function ownAssignment(
    repo: TWorkTimeRepository,
    actor: TWorkflowActor,
    id: string,
  ): Promise<TAssignmentRow> {
    const row = await repo.findAssignment(id, { forUpdate: true });
    if (row?.status !== 'open') throw new AppError('NOT_FOUND', 'There is no such open assignment.');
    if (!mayView(actor, row.itemKind as TWorkflowKind)) throw forbidden();
    if (row.assigneeId !== actor.id && !mayAssign(actor)) throw notYours();
    return row;
  }

  async function result(
    repo: TWorkTimeRepository,
    action: { id: string; action: string; at: Date },
    userId: string,
    message: string,
  ): Promise<TWorkActionResult> {
    const [running] = await repo.runningOf(userId);
    const [session] = running ? await toSessions(repo, [running], action.at) : [];
    return {
      actionId: action.id,
      action: action.action as TWorkAction,
      undoUntil: undoUntil(action.at).toISOString(),
      message,
      running: session ?? null,
    };
  }

  async function jobNumber(repo: TWorkTimeRepository, row: { itemKind: string; itemId: string }) {
    const [job] = await repo.listOpenJobs(row.itemKind as TWorkflowKind, [row.itemId]);
    return job?.number ?? 'The job';
  }

  const taps = {
    /** Starts (or resumes) the timer on an assigned step; the person's timer on another step pauses. */
    async start(
      actor: TWorkflowActor,
      assignmentId: string,
      input: { stationId?: string | undefined },
    ): Promise<TWorkActionResult> {
      return committed(async (repo, changed) => {
        const row = await ownAssignment(repo, actor, assignmentId);
        const now = clock();
        const { stop, alreadyRunning } = sessionsToSwitch(await repo.runningOf(row.assigneeId), row.id);
        if (alreadyRunning) throw new AppError('CONFLICT', 'This timer is already running.');
        for (const session of stop) {
          await repo.endSession(session.id, { endedAt: now, endReason: 'switched' });
          changed({ session, state: 'stopped', reason: 'switched', at: now });
        }
        const [job] = await repo.listOpenJobs(row.itemKind as TWorkflowKind, [row.itemId]);
        const station =
          input.stationId !== undefined
            ? {
                id: input.stationId,
                name: (await repo.stationNames([input.stationId])).get(input.stationId) ?? null,
              }
            : { id: job?.stationId ?? null, name: job?.stationName ?? null };
        const session = await repo.insertSession({
          itemKind: row.itemKind,
          itemId: row.itemId,
          phaseKey: row.phaseKey,
          assignmentId: row.id,
          userId: row.assigneeId,
          stationId: station.id,
          stationName: station.name,
          startedAt: now,
        });
        changed({ session, state: 'running', reason: null, at: now, stationIds: [job?.stationId ?? null] });
        const switched = stop[0] ?? null;
        const action = await repo.insertAction({
          action: 'start',
          userId: row.assigneeId,
          actorId: actor.id,
          assignmentId: row.id,
          sessionId: session.id,
          switchedSessionId: switched?.id ?? null,
          at: now,
        });
        const number = job?.number ?? 'The job';
        const message = switched
          ? WORK_TIME_MESSAGES.switched(number, await jobNumber(repo, switched))
          : WORK_TIME_MESSAGES.started(number);
        return result(repo, action, row.assigneeId, message);
      });
    },

    /** Pauses the running timer of an assigned step. */
    async pause(actor: TWorkflowActor, assignmentId: string): Promise<TWorkActionResult> {
      return committed(async (repo, changed) => {
        const row = await ownAssignment(repo, actor, assignmentId);
        const running = (await repo.runningOf(row.assigneeId)).find((s) => s.assignmentId === row.id);
        if (!running) throw new AppError('CONFLICT', 'This timer is not running.');
        const now = clock();
        await repo.endSession(running.id, { endedAt: now, endReason: 'paused' });
        changed({ session: running, state: 'stopped', reason: 'paused', at: now });
        const action = await repo.insertAction({
          action: 'pause',
          userId: row.assigneeId,
          actorId: actor.id,
          assignmentId: row.id,
          sessionId: running.id,
          at: now,
        });
        return result(repo, action, row.assigneeId, WORK_TIME_MESSAGES.paused(await jobNumber(repo, row)));
      });
    },

    /** The step is done: its timer stops and the assignment completes as My Tasks always did (the job moves on). */
    async done(actor: TWorkflowActor, assignmentId: string): Promise<TWorkActionResult> {
      // Checked and remembered first, and the timer stopped as "done" before the completion (the workflow's
      // own, in its own transaction): the phase it completes then finds no timer to stop as "phase completed".
      const before = await workTime.withTransaction(async (repo) => {
        const row = await ownAssignment(repo, actor, assignmentId);
        const kind = row.itemKind as TWorkflowKind;
        const [job] = await repo.listOpenJobs(kind, [row.itemId]);
        const phases = job ? phasesFor(templateOf(await loadTemplates(repo), job), job.repairTypes) : [];
        const state = job
          ? stateOf((await repo.workflowStates(kind, [row.itemId])).get(row.itemId), phases, job)
          : null;
        const now = clock();
        const running = (await repo.runningOf(row.assigneeId)).find((s) => s.assignmentId === row.id);
        if (running) await repo.endSession(running.id, { endedAt: now, endReason: 'done' });
        return { row, job, phases, state, running, now };
      });
      try {
        await options.completeAssignment(actor, assignmentId);
      } catch (error) {
        // Not done after all: the timer runs on as if never stopped (unless another has started since).
        if (before.running) {
          await workTime.reopenSession(before.running.id).catch((reopenError: unknown) => {
            options.logger?.error(
              { err: reopenError, sessionId: before.running?.id },
              'work time: a timer stopped for a failed "done" could not run again',
            );
          });
        }
        throw error;
      }
      return committed(async (repo, changed) => {
        const { row, job, phases, state, running, now } = before;
        const kind = row.itemKind as TWorkflowKind;
        if (running) changed({ session: running, state: 'stopped', reason: 'done', at: now });
        const [jobAfter] = await repo.listOpenJobs(kind, [row.itemId]);
        const stateAfter =
          job && state
            ? stateOf((await repo.workflowStates(kind, [row.itemId])).get(row.itemId), phases, job)
            : null;
        const restore: TRestore = {
          before: state ? storeState(state) : null,
          after: stateAfter ? storeState(stateAfter) : null,
          statusBefore: job?.status ?? null,
          statusAfter: jobAfter?.status ?? null,
        };
        const action = await repo.insertAction({
          action: 'done',
          userId: row.assigneeId,
          actorId: actor.id,
          assignmentId: row.id,
          sessionId: running?.id ?? null,
          restore,
          at: now,
        });
        return result(repo, action, row.assigneeId, WORK_TIME_MESSAGES.done(job?.number ?? 'The job'));
      });
    },

    /** Hands the step back: the assignment is taken back (the phase waits for a manager again), the timer stops. */
    async handBack(
      actor: TWorkflowActor,
      assignmentId: string,
      input: { note?: string | undefined },
    ): Promise<TWorkActionResult> {
      return committed(async (repo, changed) => {
        const row = await ownAssignment(repo, actor, assignmentId);
        const now = clock();
        const note = input.note?.trim() || null;
        const running = (await repo.runningOf(row.assigneeId)).find((s) => s.assignmentId === row.id);
        if (running) {
          await repo.endSession(running.id, {
            endedAt: now,
            endReason: 'handed-back',
            note: WORK_TIME_NOTES.handedBack(note),
          });
          changed({ session: running, state: 'stopped', reason: 'handed-back', at: now });
        }
        await repo.updateAssignment(row.id, { status: 'cancelled', completedAt: now, completedBy: actor.id });
        const persons = await repo.personsById([row.assigneeId]);
        const assignee = persons.get(row.assigneeId);
        await repo.recordChanges([
          {
            kind: row.itemKind as TWorkflowKind,
            itemId: row.itemId,
            at: now,
            actorId: actor.id,
            action: 'phase-assigned',
            changes: {
              assignee: { from: assignee ? personName(assignee) : null, to: null },
              reason: { from: null, to: WORK_TIME_NOTES.handedBack(note) },
            },
          },
        ]);
        const action = await repo.insertAction({
          action: 'hand-back',
          userId: row.assigneeId,
          actorId: actor.id,
          assignmentId: row.id,
          sessionId: running?.id ?? null,
          at: now,
        });
        return result(
          repo,
          action,
          row.assigneeId,
          WORK_TIME_MESSAGES.handedBack(await jobNumber(repo, row)),
        );
      });
    },

    /** Reverts exactly one tap, within the undo window, by whoever made it (or a manager). */
    async undo(actor: TWorkflowActor, actionId: string): Promise<{ message: string }> {
      try {
        return await committed(async (repo, changed) => {
          const action = await repo.lockAction(actionId);
          if (!action) throw new AppError('NOT_FOUND', 'There is no such action.');
          if (action.userId !== actor.id && action.actorId !== actor.id && !mayAssign(actor))
            throw notYours();
          const now = clock();
          if (!isUndoable(action, now)) throw undoExpired();
          const othersRunning = async (except: string | null) =>
            (await repo.runningOf(action.userId)).some((session) => session.id !== except);
          const reopenIfFree = async (sessionId: string | null) => {
            if (sessionId === null || (await othersRunning(sessionId))) return;
            const session = await repo.reopenSession(sessionId);
            if (session) changed({ session, state: 'running', reason: 'undone', at: now });
          };
          const kind = action.action as TWorkAction;
          switch (kind) {
            case 'start': {
              const started =
                action.sessionId === null ? undefined : await repo.findSession(action.sessionId);
              if (started) {
                await repo.deleteSession(started.id);
                changed({ session: started, state: 'stopped', reason: 'undone', at: now });
              }
              await reopenIfFree(action.switchedSessionId);
              break;
            }
            case 'pause': {
              if (action.sessionId !== null && (await othersRunning(action.sessionId))) {
                throw undoExpired('Another timer runs now: pause it first.');
              }
              await reopenIfFree(action.sessionId);
              break;
            }
            case 'done': {
              const assignment = action.assignmentId
                ? await repo.findAssignment(action.assignmentId)
                : undefined;
              if (!assignment) throw undoExpired();
              const restore = action.restore as TRestore | null;
              const itemKind = assignment.itemKind as TWorkflowKind;
              if (restore?.before && restore.after && restore.before.phaseKey !== restore.after.phaseKey) {
                const current = (await repo.lockWorkflowState(itemKind, assignment.itemId)) ?? null;
                if (!sameState(current ? storeState(current) : null, restore.after)) {
                  throw undoExpired('The job has moved on since: ask a manager to move it back.');
                }
                await repo.saveWorkflowStates([loadState(restore.before)]);
                if (
                  restore.statusBefore &&
                  restore.statusAfter &&
                  restore.statusBefore !== restore.statusAfter
                ) {
                  await repo.setJobStatuses([
                    { kind: itemKind, id: assignment.itemId, status: restore.statusBefore, at: now },
                  ]);
                }
                await repo.recordChanges([
                  {
                    kind: itemKind,
                    itemId: assignment.itemId,
                    at: now,
                    actorId: actor.id,
                    action: 'phase-changed',
                    changes: {
                      phase: { from: restore.after.phaseKey, to: restore.before.phaseKey },
                      reason: { from: null, to: 'Done undone' },
                    },
                  },
                ]);
              }
              await repo.updateAssignment(assignment.id, {
                status: 'open',
                completedAt: null,
                completedBy: null,
              });
              await reopenIfFree(action.sessionId);
              break;
            }
            case 'hand-back': {
              if (!action.assignmentId) throw undoExpired();
              await repo.updateAssignment(action.assignmentId, {
                status: 'open',
                completedAt: null,
                completedBy: null,
              });
              await reopenIfFree(action.sessionId);
              break;
            }
            default: {
              const never: never = kind;
              throw new Error(`an unknown work action ${String(never)}`);
            }
          }
          await repo.markUndone(action.id, now);
          return { message: WORK_TIME_MESSAGES.undone };
        });
      } catch (error) {
        // Someone gave the step out again, or another timer took over: the undo no longer fits.
        if (isUniqueViolation(error)) throw undoExpired('Someone has taken that step since.');
        throw error;
      }
    },

    /** My running timer and the labour so far on each of my open assignments. */
    async mine(actor: TWorkflowActor): Promise<TMyWorkTime> {
      const repo = workTime;
      const now = clock();
      const open = (await repo.assignmentsOf(actor.id, null)).filter((row) => row.status === 'open');
      const sessions = await repo.sessionsOfAssignments(open.map((row) => row.id));
      const runningRow = (await repo.sessionsOfUserRunning(actor.id))[0];
      const [running] = runningRow ? await toSessions(repo, [runningRow], now) : [];
      return {
        running: running ?? null,
        byAssignment: open.map((row) => {
          const own = sessions.filter((session) => session.assignmentId === row.id);
          const last = own.at(-1);
          const stopped = last && STOPPED_BY_ITSELF.includes(last.endReason ?? '') ? last.note : null;
          return {
            assignmentId: row.id,
            seconds: labourSeconds(own, now),
            hasStarted: own.length > 0,
            isRunning: own.some((session) => session.endedAt === null),
            stoppedNote: stopped,
          };
        }),
      };
    },

    /** The pieces at a station, for its kiosk (station-work.ts). */
    async stationWork(actor: TWorkflowActor, stationId: string): Promise<TStationWork> {
      return stationWork(workTime, actor, stationId, clock());
    },

    /** A job's labour: per step and person, in the order of its workflow, with the sessions behind it. */
    async jobLabour(actor: TWorkflowActor, kind: TWorkflowKind, id: string): Promise<TJobLabour> {
      if (!mayView(actor, kind)) throw forbidden();
      const repo = workTime;
      const now = clock();
      const rows = await repo.sessionsOfJobs(kind, [id]);
      const names = await describeJobs(repo, rows);
      const sessions = await toSessions(repo, rows, now);
      const groups = new Map<string, TWorkSession[]>();
      for (const session of sessions) {
        const key = `${session.phaseKey}\u0000${session.person.id}`;
        groups.set(key, [...(groups.get(key) ?? []), session]);
      }
      const labourRows = [...groups.values()].map((group) => {
        const first = group[0] as TWorkSession;
        return {
          phaseKey: first.phaseKey,
          phaseName: first.phaseName,
          person: first.person,
          seconds: labourSeconds(
            rows.filter((row) => row.phaseKey === first.phaseKey && row.userId === first.person.id),
            now,
          ),
          isRunning: group.some((session) => session.endedAt === null),
        };
      });
      labourRows.sort(
        (a, b) =>
          names.phaseIndex(id, a.phaseKey) - names.phaseIndex(id, b.phaseKey) ||
          a.person.name.localeCompare(b.person.name),
      );
      return {
        rows: labourRows,
        totalSeconds: labourRows.reduce((sum, row) => sum + row.seconds, 0),
        sessions,
      };
    },
  };
  return { ...taps, ...createWorkTimeStops(options) };
}

export type TWorkTimeService = ReturnType<typeof createWorkTimeService>;
