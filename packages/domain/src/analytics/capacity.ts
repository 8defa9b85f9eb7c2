import { addDays, round, weekStartOf } from './statistics';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const WEEK_HOURS = 7 * 24;

/** One step an open job still has to go through: a station (of a department) and its typical hours there. */
export type TPlannedStep = {
  readonly stationId: string;
  readonly departmentId: string;
  readonly hours: number;
};

export type TPlannedJob = {
  readonly id: string;
  /** When it is due (end of the promised day); null sorts last. */
  readonly dueAt: Date | null;
  readonly steps: readonly TPlannedStep[];
};

/**
 * Lays each open job's remaining steps end to end from `now`, at their typical hours, and adds each step's
 * hours to the week it starts in: the load a station will see. A simple forward plan: it does not queue jobs
 * behind each other, which is what capacity (load against hours) is there to show.
 */
export function weeklyLoad(
  jobs: readonly TPlannedJob[],
  now: Date,
  weeks: readonly string[],
): Map<string, Map<string, number>> {
  const byStation = new Map<string, Map<string, number>>();
  const first = weeks[0];
  const last = weeks.at(-1);
  if (first === undefined || last === undefined) return byStation;
  // Tens of thousands of steps start on a few dozen days: each day's week is worked out once.
  const weekOfDay = new Map<number, string>();
  for (const job of jobs) {
    let at = now.getTime();
    for (const step of job.steps) {
      const day = Math.floor(at / DAY_MS);
      let week = weekOfDay.get(day);
      if (week === undefined) {
        week = weekStartOf(new Date(day * DAY_MS).toISOString().slice(0, 10));
        weekOfDay.set(day, week);
      }
      at += step.hours * HOUR_MS;
      if (week > last) continue;
      const key = week < first ? first : week;
      const station = byStation.get(step.stationId) ?? new Map<string, number>();
      station.set(key, (station.get(key) ?? 0) + step.hours);
      byStation.set(step.stationId, station);
    }
  }
  return byStation;
}

/** The Mondays of the next `count` weeks, this one first. */
export function comingWeeks(today: string, count: number): string[] {
  const first = weekStartOf(today);
  return Array.from({ length: count }, (_, index) => addDays(first, index * 7));
}

/**
 * What-if for a rush job worked before everything else: each open job is held up, at every station it still
 * has to pass that the rush job also needs, by the rush job's hours there stretched by how busy the station
 * is (a week of calendar time holds `weeklyCapacityHours` of work). Returns each job's predicted completion
 * after the insertion.
 */
export function delayByRushJob(input: {
  readonly rushSteps: readonly TPlannedStep[];
  readonly jobs: readonly {
    readonly id: string;
    readonly predicted: Date;
    readonly steps: readonly TPlannedStep[];
  }[];
  readonly weeklyCapacityHours: (stationId: string) => number;
}): Map<string, Date> {
  const rushHours = new Map<string, number>();
  for (const step of input.rushSteps)
    rushHours.set(step.stationId, (rushHours.get(step.stationId) ?? 0) + step.hours);
  const after = new Map<string, Date>();
  for (const job of input.jobs) {
    let delayHours = 0;
    for (const stationId of new Set(job.steps.map((step) => step.stationId))) {
      const hours = rushHours.get(stationId);
      if (hours === undefined) continue;
      const capacity = input.weeklyCapacityHours(stationId);
      delayHours += capacity > 0 ? (hours * WEEK_HOURS) / capacity : hours;
    }
    after.set(job.id, new Date(job.predicted.getTime() + round(delayHours, 4) * HOUR_MS));
  }
  return after;
}
