import type { TActor } from '@loupe/domain/auth/roles';
import type { TJobKind } from '@loupe/domain/jobs/job-views';
import type { ComponentType } from 'react';
import type {
  TJobListItemOf,
  TJobOf,
  TJobSortOf,
  TJobStatusOf,
  TTrackedJobOf,
  TUpdateJobInputOf,
} from '../api/job-endpoints';
import type { TChangeFormatter } from '../components/history/describe-change';
import type { TJobListLabels } from '../components/list/job-list';
import type { TJobListChoices } from '../components/list/job-list-filters';
import type { TJobTicketData } from '../components/ticket/job-ticket';
import type { TJobNoun } from '../job-noun';

/**
 * What is an order's or a repair's own on the shared job screens: its words, paths, permissions, fields and
 * form. Everything else (routes, API calls, photos, history, tracking, the list) is written once for both.
 */
export type TJobKindUi<K extends TJobKind> = {
  readonly noun: TJobNoun;
  readonly paths: {
    readonly list: string;
    readonly new: string;
    /** The route parameter naming the job: 'orderId'. */
    readonly param: string;
    readonly detail: (jobId: string) => string;
    readonly edit: (jobId: string) => string;
  };
  /** Who writes up, edits and moves the status of this kind (the server decides; this hides what it would refuse). */
  readonly canWrite: (user: TActor | null) => boolean;
  /** Who flags an expected trip offsite and brings a job back. */
  readonly canManageOffsite: (user: TActor | null) => boolean;
  /** What a role that may not write sees on the form's address. */
  readonly notAllowed: {
    readonly text: string;
    /** 'create orders', 'take in repairs'. */
    readonly create: string;
    readonly edit: string;
  };
  readonly newPage: { readonly title: string; readonly description: string };
  readonly statusLabels: Readonly<Record<TJobStatusOf<K>, string>>;
  readonly statusTransitions: Readonly<Record<TJobStatusOf<K>, readonly TJobStatusOf<K>[]>>;
  readonly StatusBadge: ComponentType<{ status: TJobStatusOf<K> }>;
  readonly statusChange: (status: TJobStatusOf<K>) => TUpdateJobInputOf<K>;
  readonly changeFormatter: TChangeFormatter;
  readonly detail: {
    readonly numberOf: (job: TJobOf<K>) => string;
    readonly statusOf: (job: TJobOf<K>) => TJobStatusOf<K>;
    /** 'Created' for an order, 'Taken in' for a repair. */
    readonly createdLabel: string;
    /** The kind's own facts, between the promise and the dates. */
    readonly Facts: ComponentType<{ job: TJobOf<K> }>;
    /** What the ticket says the piece is, and the lines the bench needs (metal, repair types…). */
    readonly ticket: (job: TJobOf<K>) => Pick<TJobTicketData, 'description' | 'details'>;
    /** What the envelope adds (issue 37 §4): the condition the piece came in, and the estimate or price. */
    readonly envelope: (job: TJobOf<K>) => { conditionNotes: string; estimate: string };
    /** Whether the newest timeline entry is where the job still is (each kind's record says so its own way). */
    readonly isAtNewest: (tracked: TTrackedJobOf<K>) => boolean;
  };
  readonly Form: ComponentType<{ job: TJobOf<K> | null; now?: () => Date }>;
  readonly list: {
    readonly labels: TJobListLabels;
    readonly choices: TJobListChoices<TJobStatusOf<K>, TJobSortOf<K>>;
    readonly numberOf: (item: TJobListItemOf<K>) => string;
    readonly statusOf: (item: TJobListItemOf<K>) => TJobStatusOf<K>;
    /** The line under the customer's name: what the piece is. */
    readonly summaryOf: (item: TJobListItemOf<K>) => string;
    /** The money column: an order's balance, a repair's estimate. */
    readonly amountOf: (item: TJobListItemOf<K>) => number;
  };
};
