import { ZWorkflowPhasesSchema } from '@loupe/domain/workflow/workflow-template';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../src/db/client.ts';
import { workSessions } from '../src/db/schema/workflow.ts';
import type { LoupeClient } from './loupe-client.ts';
import { chance, pick, seededRandom } from './random.ts';

const MINUTE_MS = 60_000;
/** Nobody sits at one step longer than this in one go; a longer stretch is two sessions with a break. */
const LONGEST_SESSION_MINUTES = 4 * 60;
const BATCH = 500;

/**
 * Work time for the demo (issue 37 §3): finished timer sessions on the phases jobs went through, so the job
 * page's labour table and workflow analytics' labour against dwell show believable figures. A phase's labour is
 * a part of the time the job sat in it (a piece waits far longer than anyone works on it), by the people whose
 * role does that step. Written straight into the database while Loupe is stopped, after the delivered history.
 */
export async function seedWorkSessions(
  db: TDatabase,
  options: { readonly now: Date; readonly seed?: number },
): Promise<{ sessions: number; hours: number }> {
  const random = seededRandom(options.seed ?? 37);
  const rows = async <T extends z.ZodRawShape>(statement: ReturnType<typeof sql>, shape: T) =>
    z.array(z.object(shape)).parse(((await db.execute(statement)) as { rows: unknown[] }).rows);
  const people = await rows(sql`select id, role from users where not disabled`, {
    id: z.string(),
    role: z.string(),
  });
  const byRole = (role: string) => people.filter((person) => person.role === role).map((person) => person.id);
  const bench = byRole('production');
  const designers = byRole('designer');
  if (bench.length === 0) return { sessions: 0, hours: 0 };
  const templates = await rows(
    sql`select kind, phases from workflow_templates where product_type_id is null`,
    { kind: z.string(), phases: z.unknown() },
  );
  const phaseOrder = new Map(
    templates.map((template) => [
      template.kind,
      ZWorkflowPhasesSchema.parse(template.phases).map((phase) => phase.key),
    ]),
  );
  const steps = await rows(
    sql`select j.item_kind as kind, j.item_id as "itemId", j.first_arrival_at as "firstArrivalAt",
          s.step_key as "phaseKey", s.minutes::float8 as minutes
        from analytics_jobs j
        join analytics_job_steps s on s.item_kind = j.item_kind and s.item_id = j.item_id and s.step_kind = 'phase'
        where j.first_arrival_at is not null and s.minutes > 0`,
    {
      kind: z.string(),
      itemId: z.string(),
      firstArrivalAt: z.coerce.date(),
      phaseKey: z.string(),
      minutes: z.number(),
    },
  );
  const jobs = new Map<string, typeof steps>();
  for (const step of steps)
    jobs.set(`${step.kind}:${step.itemId}`, [...(jobs.get(`${step.kind}:${step.itemId}`) ?? []), step]);

  const sessions: (typeof workSessions.$inferInsert)[] = [];
  let minutesTotal = 0;
  for (const jobSteps of jobs.values()) {
    const first = jobSteps[0];
    if (first === undefined) continue;
    const order = phaseOrder.get(first.kind) ?? [];
    jobSteps.sort((a, b) => order.indexOf(a.phaseKey) - order.indexOf(b.phaseKey));
    // The phases one after another from the first read, each as long as the job sat in it.
    let phaseStart = first.firstArrivalAt.getTime();
    for (const step of jobSteps) {
      const phaseMinutes = step.minutes;
      const start = phaseStart;
      phaseStart += phaseMinutes * MINUTE_MS;
      // Not every step is timed: people forget, and some steps (customer approval) are nobody's bench work.
      if (step.phaseKey === 'approval' || step.phaseKey === 'ready' || !chance(random, 0.8)) continue;
      const people = ['design', 'cad'].includes(step.phaseKey) && designers.length > 0 ? designers : bench;
      const userId = pick(random, people);
      // Between a fifth and a half of the dwell, at most two long sittings.
      let labour = Math.min(phaseMinutes * (0.2 + random() * 0.3), 2 * LONGEST_SESSION_MINUTES);
      let at = start + phaseMinutes * MINUTE_MS * random() * 0.2;
      while (labour >= 5) {
        const minutes = Math.min(labour, LONGEST_SESSION_MINUTES);
        const endedAt = Math.min(at + minutes * MINUTE_MS, options.now.getTime() - MINUTE_MS);
        if (endedAt <= at) break;
        sessions.push({
          itemKind: step.kind,
          itemId: step.itemId,
          phaseKey: step.phaseKey,
          userId,
          startedAt: new Date(at),
          endedAt: new Date(endedAt),
          endReason: labour - minutes >= 5 ? 'paused' : 'done',
        });
        minutesTotal += (endedAt - at) / MINUTE_MS;
        labour -= minutes;
        // A break (lunch, another job) before the next sitting.
        at = endedAt + (30 + random() * 90) * MINUTE_MS;
      }
    }
  }
  for (let index = 0; index < sessions.length; index += BATCH) {
    await db.insert(workSessions).values(sessions.slice(index, index + BATCH));
  }
  return { sessions: sessions.length, hours: Math.round(minutesTotal / 60) };
}

type TDemoBoard = {
  columns: {
    jobs: {
      number: string;
      location: { stationId: string; stationName: string } | null;
      assignment: { id: string; assignee: { id: string; name: string } } | null;
    }[];
  }[];
};

/**
 * A couple of timers running as the demo starts (issue 37 §3), so the station kiosk and its TV show who is
 * working on what: production staff's assigned orders at one station, started there by the manager on their
 * behalf (as a manager may). Returns the timers started, in words.
 */
export async function startDemoTimers(client: LoupeClient, options: { count?: number } = {}) {
  const people = await client.data<{ id: string; role: string }[]>('GET', '/workflow/people');
  const production = new Set(people.filter((p) => p.role === 'production').map((p) => p.id));
  const board = await client.data<TDemoBoard>('GET', '/workflow/board?kind=order');
  const candidates = board.columns
    .flatMap((column) => column.jobs)
    .filter((job) => job.location !== null && job.assignment && production.has(job.assignment.assignee.id));
  // The station with the most candidates: one kiosk and one TV show them side by side.
  const byStation = new Map<string, typeof candidates>();
  for (const job of candidates) {
    const station = job.location?.stationId ?? '';
    byStation.set(station, [...(byStation.get(station) ?? []), job]);
  }
  const busiest = [...byStation.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const started: string[] = [];
  const busy = new Set<string>();
  for (const job of busiest) {
    if (started.length >= (options.count ?? 2) || !job.assignment || !job.location) continue;
    // One timer runs per person: a second start would pause the first.
    if (busy.has(job.assignment.assignee.id)) continue;
    await client.request('POST', `/work-time/assignments/${job.assignment.id}/start`, {
      stationId: job.location.stationId,
    });
    busy.add(job.assignment.assignee.id);
    started.push(`${job.assignment.assignee.name} on ${job.number} at ${job.location.stationName}`);
  }
  return started;
}
