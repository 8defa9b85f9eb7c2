import { canViewAnalytics } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import type { TPersonHours, TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TJobStates } from '../jobs/job-states.ts';
import type { TComparisonAnalyticsRepository } from './comparison-repository.ts';
import type { TOnTimeAnalyticsRepository } from './on-time-repository.ts';
import type { TProductTypeAnalyticsRepository } from './product-types-repository.ts';
import type { TAnalyticsReferenceRepository } from './reference-repository.ts';
import type { TRootCauseAnalyticsRepository } from './root-cause-repository.ts';
import type { TStationBucketsRepository } from './station-buckets-repository.ts';
import type { TTransitAnalyticsRepository } from './transit-repository.ts';
import type { TWorkflowAnalyticsRepository } from './workflow-repository.ts';

/** Lists on the screens stop here; the CSV of a longer list comes from a narrower filter. */
export const LIST_LIMIT = 500;

/** The SQL of the analytics screens, one repository a screen, as the composition root makes them. */
export type TAnalyticsRepositories = {
  /** The stations, templates and names every screen labels its figures with. */
  readonly reference: TAnalyticsReferenceRepository;
  readonly workflow: TWorkflowAnalyticsRepository;
  readonly stationBuckets: TStationBucketsRepository;
  readonly rootCause: TRootCauseAnalyticsRepository;
  readonly onTime: TOnTimeAnalyticsRepository;
  readonly comparison: TComparisonAnalyticsRepository;
  readonly productTypes: TProductTypeAnalyticsRepository;
  /** Bags between locations (issue 39 §4), read from the transfers tables. */
  readonly transit: TTransitAnalyticsRepository;
};

export type TAnalyticsServiceOptions = {
  readonly repositories: TAnalyticsRepositories;
  readonly clock: TClock;
  readonly calendar: () => Promise<TWorkingCalendar>;
  /** The job read model: the open jobs a capacity plan lays out and the predictions the lists show. */
  readonly jobStates: Pick<TJobStates, 'records' | 'phaseDurations' | 'durationOf'>;
  /** A person's own working hours (null: the workshop's): a station's capacity when its jeweler has them. */
  readonly personHours?: (userId: string) => Promise<TPersonHours | null>;
};

/** What each analytics screen is made from: the service's options and the stations, templates and names. */
export type TAnalyticsContext = TAnalyticsServiceOptions & {
  readonly reference: TAnalyticsReferenceRepository;
};

export function createAnalyticsContext(options: TAnalyticsServiceOptions): TAnalyticsContext {
  return { ...options, reference: options.repositories.reference };
}

/** The analytics screens' access check (predictions have their own: the job lists show them). */
export function assertMayViewAnalytics(actor: TActor): void {
  if (!canViewAnalytics(actor)) throw forbidden();
}
