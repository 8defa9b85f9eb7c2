import { AppError } from '@loupe/domain/errors/errors';
import {
  defaultJobLocationId,
  jobLocationProblem,
  type TJobLocationField,
} from '@loupe/domain/jobs/job-locations';
import { transitWorkingDays } from '@loupe/domain/registry/effective-location-settings';
import type { TLocationSettings } from '@loupe/domain/registry/location-settings';
import type { TWorkingDays } from '@loupe/domain/settings/order-settings';

/** What the jobs module asks of the registry about locations (issue 39 §2). */
export type TJobLocations = {
  readonly homeLocationOf: (userId: string) => Promise<string | null>;
  readonly find: (
    id: string,
  ) => Promise<{ readonly kind: string; readonly own: TLocationSettings } | undefined>;
  /** The workshop calendar's open days and closed dates: transit counts in them. */
  readonly workingDays: () => Promise<TWorkingDays>;
};

/** Where a new job is taken in and collected, and the transit its intake location adds to its promise. */
export type TJobPlace = {
  readonly intakeLocationId: string;
  readonly pickupLocationId: string;
  readonly transitWorkingDays: number;
  readonly workingDays: TWorkingDays;
};

type TLocationChoice = Partial<Record<TJobLocationField, string | undefined>>;

/** 422 JOB_LOCATION_INVALID naming the field, shaped like a validation error so a form shows it in place. */
function invalidLocation(field: TJobLocationField, message: string): AppError {
  return new AppError('JOB_LOCATION_INVALID', `${field}: ${message}`, {
    details: { issues: [{ field, message }] },
  });
}

/** Each named location must exist and not be an outside vendor; answers the found ones by id. */
export async function checkJobLocations(locations: TJobLocations, choice: TLocationChoice) {
  const found = new Map<string, NonNullable<Awaited<ReturnType<TJobLocations['find']>>>>();
  for (const field of ['intakeLocationId', 'pickupLocationId'] as const) {
    const id = choice[field];
    if (id === undefined) continue;
    const location = found.get(id) ?? (await locations.find(id));
    const problem = jobLocationProblem(location);
    if (problem !== null || location === undefined) throw invalidLocation(field, problem ?? '');
    found.set(id, location);
  }
  return found;
}

/** A new job's place: what the input names, else the creator's home location, else LOC001. */
export async function newJobPlace(
  locations: TJobLocations,
  input: TLocationChoice,
  actorId: string,
): Promise<TJobPlace> {
  const needsHome = input.intakeLocationId === undefined || input.pickupLocationId === undefined;
  const homeId = needsHome ? await locations.homeLocationOf(actorId) : null;
  // A home location that cannot take jobs in (an outside vendor) defaults to LOC001 instead of refusing.
  const isUsable = homeId !== null && jobLocationProblem(await locations.find(homeId)) === null;
  const home = defaultJobLocationId(isUsable ? homeId : null);
  const choice = {
    intakeLocationId: input.intakeLocationId ?? home,
    pickupLocationId: input.pickupLocationId ?? home,
  };
  const found = await checkJobLocations(locations, choice);
  const intake = found.get(choice.intakeLocationId);
  const transit = intake === undefined ? 0 : transitWorkingDays({ kind: intake.kind, settings: intake.own });
  return {
    ...choice,
    transitWorkingDays: transit,
    workingDays: transit > 0 ? await locations.workingDays() : { openDays: [], closedDates: [] },
  };
}
