import { AppError } from '@loupe/domain/errors/errors';
import { labourSeconds, type TStationWork } from '@loupe/domain/workflow/work-time';
import { mayView, type TWorkflowActor } from '../workflow/common.ts';
import type { TWorkTimeRepository } from './repository.ts';
import { describeJobs, toSessions } from './session-views.ts';

/** Why a timer stopped without its person's tap: its note shows until it starts again. */
export const STOPPED_BY_ITSELF: readonly string[] = ['closing', 'read-elsewhere', 'phase-finished'];

/**
 * The pieces at a station, for its kiosk (issue 37 §3): the actor's open step on each (to start, pause or
 * finish in one tap) with its labour so far, and who is working on it now.
 */
export async function stationWork(
  repo: TWorkTimeRepository,
  actor: TWorkflowActor,
  stationId: string,
  now: Date,
): Promise<TStationWork> {
  if ((await repo.stationNames([stationId])).size === 0) {
    throw new AppError('NOT_FOUND', `There is no station ${stationId}.`);
  }
  const here = (await repo.piecesAt(stationId)).filter((piece) => mayView(actor, piece.kind));
  const ids = here.map((piece) => piece.itemId);
  const [running, jobs] = await Promise.all([
    repo.runningOn(ids),
    Promise.all((['order', 'repair'] as const).map((kind) => repo.listOpenJobs(kind, ids))),
  ]);
  const open = (
    await Promise.all(
      (['order', 'repair'] as const).map((kind) =>
        repo.openAssignmentsOf(
          kind,
          here.filter((piece) => piece.kind === kind).map((piece) => piece.itemId),
        ),
      ),
    )
  )
    .flat()
    .filter((row) => row.assigneeId === actor.id);
  const mine = await repo.sessionsOfAssignments(open.map((row) => row.id));
  const runningSessions = await toSessions(repo, running, now);
  const jobOf = new Map(jobs.flat().map((job) => [`${job.kind}:${job.id}`, job]));
  const names = await describeJobs(repo, [...running, ...open]);
  return {
    stationId,
    pieces: here.flatMap((piece) => {
      const job = jobOf.get(`${piece.kind}:${piece.itemId}`);
      if (!job) return [];
      const step = open.find((row) => row.itemKind === piece.kind && row.itemId === piece.itemId);
      const own = step ? mine.filter((session) => session.assignmentId === step.id) : [];
      const last = own.at(-1);
      return [
        {
          kind: piece.kind,
          itemId: piece.itemId,
          number: job.number,
          customerName: job.customerName,
          mine: step
            ? {
                assignmentId: step.id,
                phaseName: names.phaseName(step.itemId, step.phaseKey),
                seconds: labourSeconds(own, now),
                hasStarted: own.length > 0,
                isRunning: own.some((session) => session.endedAt === null),
                stoppedNote:
                  last && last.endedAt !== null && STOPPED_BY_ITSELF.includes(last.endReason ?? '')
                    ? last.note
                    : null,
              }
            : null,
          running: runningSessions
            .filter((session) => session.kind === piece.kind && session.itemId === piece.itemId)
            .map((session) => ({
              person: session.person,
              phaseName: session.phaseName,
              startedAt: session.startedAt,
            })),
        },
      ];
    }),
  };
}
