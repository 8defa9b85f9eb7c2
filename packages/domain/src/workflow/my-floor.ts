import { compareJobPriority, type TJobState } from '../jobs/job-views';

/**
 * "My work" on a bench person's dashboard (issue 37 §1): the pieces at their stations and what comes their
 * way next. Their stations are the departments of the phases of the steps given to them; none given, none.
 */

/** The dashboard lists at most this many jobs coming next: the next few, not the whole workshop. */
export const COMING_NEXT_MAX = 5;

/** A phase as the rule reads it: where it happens. */
type TFloorPhase = { readonly key: string; readonly name: string; readonly departmentIds: readonly string[] };

/** An open job as the rule reads it: where its tag was last read and the phases it goes through. */
export type TFloorJob = {
  readonly number: string;
  readonly promisedDate: string | null;
  readonly state: TJobState;
  readonly phaseIndex: number;
  readonly isComplete: boolean;
  readonly location: { readonly departmentId: string; readonly trackingStatus: string } | null;
  readonly phases: readonly TFloorPhase[];
};

/**
 * The departments I work in: those of the phases of my open steps (each step names its job's phase by key).
 * Empty when nothing is given to me.
 */
export function myStationDepartments(
  steps: readonly { readonly phaseKey: string; readonly phases: readonly TFloorPhase[] }[],
): ReadonlySet<string> {
  const departments = new Set<string>();
  for (const step of steps) {
    const phase = step.phases.find((candidate) => candidate.key === step.phaseKey);
    for (const id of phase?.departmentIds ?? []) departments.add(id);
  }
  return departments;
}

/**
 * What stands at my stations (its tag last read in one of my departments, not gone offsite) and what comes
 * next (its next phase happens in one of my departments, and it is not there yet), both most urgent first;
 * the coming ones at most `max`.
 */
export function myFloor<J extends TFloorJob>(
  jobs: readonly J[],
  departments: ReadonlySet<string>,
  max: number = COMING_NEXT_MAX,
): { atMyStations: J[]; comingNext: { job: J; nextPhaseName: string }[] } {
  if (departments.size === 0) return { atMyStations: [], comingNext: [] };
  const ranked = [...jobs].sort(compareJobPriority);
  const atMyStations: J[] = [];
  const comingNext: { job: J; nextPhaseName: string }[] = [];
  for (const job of ranked) {
    if (job.isComplete) continue;
    const location = job.location;
    if (location !== null && departments.has(location.departmentId)) {
      if (location.trackingStatus !== 'offsite') atMyStations.push(job);
      continue;
    }
    const next = job.phases[job.phaseIndex + 1];
    if (next?.departmentIds.some((id) => departments.has(id)) && comingNext.length < max) {
      comingNext.push({ job, nextPhaseName: next.name });
    }
  }
  return { atMyStations, comingNext };
}
