import { z } from 'zod';
import { DEFAULT_LOCATION_ID } from '../registry/departments';
import { ZLocationIdSchema } from '../registry/locations';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Issue 39 §2: where a job was taken in, where its customer collects it, and where it stands now (the
 * location of its current station's department; null while untagged or unplaced).
 */
export const jobLocationViewFields = {
  intakeLocationId: lazySchema(() => z.string()),
  pickupLocationId: lazySchema(() => z.string()),
  currentLocationId: lazySchema(() => z.string().nullable()),
};

/** What a create or an edit may name: a location that exists and is not an outside vendor. */
export const jobLocationInputFields = {
  intakeLocationId: lazySchema(() => ZLocationIdSchema.optional()),
  pickupLocationId: lazySchema(() => ZLocationIdSchema.optional()),
};

export type TJobLocationField = keyof typeof jobLocationInputFields;

/** The labels the forms and the job page give the two (quoted once here). */
export const JOB_LOCATION_LABELS = {
  intakeLocationId: 'Taken in at',
  pickupLocationId: 'Pickup at',
} as const satisfies Record<TJobLocationField, string>;

export const JOB_LOCATION_MESSAGES = {
  unknown: 'This location does not exist.',
  vendor: 'An outside vendor cannot take in or hand over a job: choose the workshop or a store.',
  /** The job page's warning when a ready job is not where its customer will come for it. */
  readyAway: (at: string, pickup: string) =>
    `Ready, but at ${at}: send it to ${pickup} before the customer comes`,
} as const;

/** A new job's intake and pickup location when none is named: the creator's home location, else LOC001. */
export function defaultJobLocationId(homeLocationId: string | null | undefined): string {
  return homeLocationId ?? DEFAULT_LOCATION_ID;
}

/** Why a location cannot be a job's intake or pickup location, or null when it can. */
export function jobLocationProblem(location: { readonly kind: string } | undefined): string | null {
  if (location === undefined) return JOB_LOCATION_MESSAGES.unknown;
  return location.kind === 'vendor' ? JOB_LOCATION_MESSAGES.vendor : null;
}

/**
 * A job ready for pickup (the 'ready' status of both kinds) whose piece stands at another location than
 * the one its customer collects it from: it must travel before the customer comes.
 */
export function isReadyAwayFromPickup(job: {
  readonly status: string;
  readonly pickupLocationId: string;
  readonly currentLocationId: string | null;
}): boolean {
  return (
    job.status === 'ready' && job.currentLocationId !== null && job.currentLocationId !== job.pickupLocationId
  );
}
