import { personName } from '@loupe/domain/users/user';
import { sessionSeconds, type TWorkEndReason, type TWorkSession } from '@loupe/domain/workflow/work-time';
import { phasesFor, type TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { jobTemplate as templateOf } from '../jobs/job-states.ts';
import { loadTemplates } from '../workflow/templates.ts';
import type { TWorkSessionRow, TWorkTimeRepository } from './repository.ts';

// How sessions read on screens: the job's number and the step's name beside each, its person by name.

/** The job numbers and step names sessions and labour show. */
export async function describeJobs(
  repo: TWorkTimeRepository,
  rows: readonly { itemKind: string; itemId: string }[],
) {
  const templates = await loadTemplates(repo);
  const jobs = new Map<string, { number: string; phases: { key: string; name: string }[] }>();
  for (const kind of ['order', 'repair'] as const) {
    const ids = [...new Set(rows.filter((row) => row.itemKind === kind).map((row) => row.itemId))];
    for (const job of await repo.listOpenJobs(kind, ids)) {
      jobs.set(job.id, {
        number: job.number,
        phases: phasesFor(templateOf(templates, job), job.repairTypes),
      });
    }
  }
  return {
    number: (itemId: string) => jobs.get(itemId)?.number ?? '',
    phaseName: (itemId: string, phaseKey: string) =>
      jobs.get(itemId)?.phases.find((phase) => phase.key === phaseKey)?.name ?? phaseKey,
    phaseIndex: (itemId: string, phaseKey: string) =>
      jobs.get(itemId)?.phases.findIndex((phase) => phase.key === phaseKey) ?? -1,
  };
}

export async function toSessions(repo: TWorkTimeRepository, rows: readonly TWorkSessionRow[], now: Date) {
  const [names, persons] = await Promise.all([
    describeJobs(repo, rows),
    repo.personsById(rows.map((row) => row.userId)),
  ]);
  return rows.map(
    (row): TWorkSession => ({
      id: row.id,
      kind: row.itemKind as TWorkflowKind,
      itemId: row.itemId,
      number: names.number(row.itemId),
      phaseKey: row.phaseKey,
      phaseName: names.phaseName(row.itemId, row.phaseKey),
      assignmentId: row.assignmentId,
      person: (() => {
        const person = persons.get(row.userId);
        return person ? { id: person.id, name: personName(person) } : { id: row.userId, name: 'Former user' };
      })(),
      stationName: row.stationName,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      endReason: row.endReason as TWorkEndReason | null,
      note: row.note,
      seconds: sessionSeconds(row, now),
    }),
  );
}
