import type { TJobKind } from '@loupe/domain/jobs/job-views';

/** A status set by hand on an order or a repair, for what follows it in the same transaction. */
export type TJobStatusChange = {
  readonly kind: TJobKind;
  readonly itemId: string;
  readonly status: string;
  readonly at: Date;
  readonly actorId: string;
};
