import { jobPath, jobStateReasons } from '@loupe/domain/assistant/answer-format';
import type {
  TAssistantAction,
  TAssistantCell,
  TAssistantChart,
  TAssistantCitation,
  TAssistantTable,
} from '@loupe/domain/assistant/assistant-api';
import { jobStatusLabel } from '@loupe/domain/assistant/job-query';
import { isAllowed, REPAIR_VIEWER_ROLES } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import type { TJobSummary } from '@loupe/domain/jobs/job-views';
import { jobPlaceText, jobStateText, type TJobKind } from '@loupe/domain/jobs/job-views';
import type { TAntennaLastRead, TReader } from '@loupe/domain/registry/readers';
import type { TLocationHistoryEntry } from '@loupe/domain/tracking/location-history';
import type { TOffsiteItem, TStationItem } from '@loupe/domain/tracking/tracking-api';
import type { TWorkflowJob, TWorkflowStaff } from '@loupe/domain/workflow/workflow-api';
import type { z } from 'zod';
import type { TJobStates } from '../jobs/job-states.ts';

/**
 * What the assistant's tools share (issue 16 §1, issue 32 §4): their context and result, the services they
 * read through (each with its own permission check), and the pieces every job answer is made of.
 */

export type TAssistantActor = TActor & { readonly id: string };

export type TToolContext = {
  readonly actor: TAssistantActor;
  readonly now: Date;
  readonly timeZone: string;
  /** Reads the tools of one answer share: the job read model is evaluated once per answer, not per tool. */
  readonly memo?: Map<string, Promise<unknown>>;
};

/** `read()` once per answer (per context with a memo). */
export function memoized<T>(context: TToolContext, key: string, read: () => Promise<T>): Promise<T> {
  if (context.memo === undefined) return read();
  let found = context.memo.get(key) as Promise<T> | undefined;
  if (found === undefined) {
    found = read();
    context.memo.set(key, found);
  }
  return found;
}

export type TToolResult = {
  /** One line for the steps list. */
  readonly summary: string;
  /** What a model reads: plain JSON, only what the user may see. */
  readonly data: unknown;
  readonly citations: TAssistantCitation[];
  readonly table: TAssistantTable | null;
  readonly chart: TAssistantChart | null;
  readonly actions: TAssistantAction[];
  /** The jobs behind the answer, for the built-in engine's sentences. */
  readonly jobs: TWorkflowJob[];
  /** Set when the user may not see this: the engines say so instead of answering. */
  readonly denied: string | null;
};

export type TStationRef = {
  id: string;
  name: string;
  departmentId: string;
  departmentName: string;
  /** Who works at it: an assignment suggestion prefers them for work in its department. */
  jewelerName: string | null;
};

/** What the tools read through: the services' own methods, each with its permission check. */
export type TAssistantToolsOptions = {
  /** The job read model (issue 32): every open job the tools name, count or list, with its state. */
  readonly jobStates: Pick<TJobStates, 'records'>;
  /**
   * Finished jobs of a status, as the orders and repairs lists count them (GET /orders?status=delivered): the
   * read model holds open jobs only. The caller checks that the user may see the kind.
   */
  readonly finishedJobs: (
    actor: TActor,
    kind: TJobKind,
    status: string,
  ) => Promise<{ total: number; jobs: { id: string; number: string }[] }>;
  readonly locationHistory: (
    actor: TActor,
    kind: 'order' | 'repair',
    id: string,
  ) => Promise<{ isTracked: boolean; locationHistory: TLocationHistoryEntry[] }>;
  readonly epcOwners: (actor: TActor) => Promise<{ kind: 'order' | 'repair'; id: string; epc: string }[]>;
  readonly itemsAtStation: (actor: TActor, stationId: string) => Promise<TStationItem[]>;
  readonly offsiteItems: (actor: TActor) => Promise<TOffsiteItem[]>;
  readonly staff: (actor: TAssistantActor) => Promise<TWorkflowStaff[]>;
  readonly summary: (actor: TAssistantActor) => Promise<TJobSummary>;
  readonly readers: (actor: TActor) => Promise<TReader[]>;
  readonly lastReads: (actor: TActor) => Promise<TAntennaLastRead[]>;
  readonly stations: () => Promise<TStationRef[]>;
};

export type TToolDefinition<S extends z.ZodType> = {
  readonly name: string;
  readonly description: string;
  readonly input: S;
  readonly run: (context: TToolContext, input: z.output<S>) => Promise<TToolResult>;
};

export function tool<S extends z.ZodType>(definition: TToolDefinition<S>): TToolDefinition<S> {
  return definition;
}

export const empty = {
  citations: [],
  table: null,
  chart: null,
  actions: [],
  jobs: [],
  denied: null,
} satisfies Omit<TToolResult, 'summary' | 'data'>;

export function deniedResult(message: string): TToolResult {
  return { ...empty, summary: message, data: { error: message }, denied: message };
}

/** The words for a kind the user may not see, whatever was asked of it: nothing tells whether it exists. */
export const REPAIRS_DENIED = 'You do not have permission to see repairs.';

/** The kinds this user sees through the API: orders for everyone, repairs for their viewers. */
export function visibleKinds(actor: TActor): TJobKind[] {
  return isAllowed(actor, REPAIR_VIEWER_ROLES) ? ['order', 'repair'] : ['order'];
}

export const jobLink = (job: Pick<TWorkflowJob, 'kind' | 'id' | 'number'>): TAssistantCell => ({
  text: job.number,
  href: jobPath(job.kind, job.id),
});

export const jobCitation = (job: Pick<TWorkflowJob, 'kind' | 'id' | 'number'>): TAssistantCitation => ({
  kind: job.kind,
  id: job.id,
  label: job.number,
  href: jobPath(job.kind, job.id),
});

/** Rows a table shows at most; the sentence gives the whole count. */
export const TABLE_ROWS_MAX = 100;
/** Jobs a model is given in full; the count is always the whole one. */
export const MODEL_JOBS_MAX = 30;

/** A job as a model reads it. */
export const jobData = (job: TWorkflowJob, timeZone: string) => ({
  kind: job.kind,
  number: job.number,
  customer: job.customerName,
  status: jobStatusLabel(job.status),
  promisedDate: job.promisedDate,
  phase: job.workflow.phaseName,
  where: jobPlaceText(job),
  state: jobStateText(job.state),
  reasons: jobStateReasons(job, timeZone),
});

/** The table of a set of jobs, with why each one is behind. */
export function jobsTable(jobs: readonly TWorkflowJob[], timeZone: string): TAssistantTable | null {
  if (jobs.length === 0) return null;
  return {
    columns: ['Job', 'Customer', 'Status', 'Promised', 'Where', 'State', 'Why'],
    rows: jobs
      .slice(0, TABLE_ROWS_MAX)
      .map((job) => [
        jobLink(job),
        job.customerName,
        jobStatusLabel(job.status),
        job.promisedDate ?? '—',
        jobPlaceText(job),
        jobStateText(job.state),
        jobStateReasons(job, timeZone).join('; ') || '—',
      ]),
  };
}
