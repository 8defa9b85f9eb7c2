import { canViewJob } from '@loupe/domain/auth/permissions';
import { roleFromProfile } from '@loupe/domain/auth/roles';
import type { LoupeClient } from './loupe-client.ts';
import { chance, seededRandom } from './random.ts';

/** More hands at the benches than the one demo account per role, so the board shows who has what. */
export const BENCH_STAFF = [
  { firstName: 'Hannah', lastName: 'Okafor' },
  { firstName: 'Yuki', lastName: 'Tanaka' },
  { firstName: 'Priya', lastName: 'Nair' },
  { firstName: 'Grace', lastName: 'Mensah' },
] as const;

type TBoardCard = { id: string; kind: 'order' | 'repair'; workflow: { phaseKey: string } };
type TBoardAnswer = { columns: { jobs: TBoardCard[] }[] };

/**
 * Gives out the current phase of about two jobs in three, as a manager would on a Monday morning: design
 * and CAD to designers, customer approval to salespeople, the bench phases to production staff (the least
 * loaded first). Returns how many were assigned.
 */
export async function assignDemoWork(client: LoupeClient, options: { seed?: number } = {}): Promise<number> {
  const random = seededRandom(options.seed ?? 7);
  const people = await client.data<{ id: string; role: string; openAssignments: number }[]>(
    'GET',
    '/workflow/people',
  );
  const load = new Map(people.map((person) => [person.id, person.openAssignments]));
  const byRole = (role: string) => people.filter((person) => person.role === role).map((person) => person.id);
  const roleFor = (phase: string) =>
    ['design', 'cad'].includes(phase)
      ? 'designer'
      : phase === 'approval' || phase === 'ready'
        ? 'salesperson'
        : phase === 'qa'
          ? 'qa'
          : 'production';
  let assigned = 0;
  for (const kind of ['order', 'repair'] as const) {
    const board = await client.data<TBoardAnswer>('GET', `/workflow/board?kind=${kind}`);
    for (const job of board.columns.flatMap((column) => column.jobs)) {
      if (!chance(random, 0.66)) continue;
      // A repair's steps go to someone who can open repairs: its QA to production, not to QA (spec §6).
      const role = roleFor(job.workflow.phaseKey);
      const candidates = byRole(canViewJob({ role: roleFromProfile(role) }, kind) ? role : 'production');
      if (candidates.length === 0) continue;
      const assigneeId = [...candidates].sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0))[0];
      if (assigneeId === undefined) continue;
      await client.request('POST', '/workflow/assignments', { kind, itemId: job.id, assigneeId });
      load.set(assigneeId, (load.get(assigneeId) ?? 0) + 1);
      assigned += 1;
    }
  }
  return assigned;
}
