import {
  DUE_WINDOWS,
  JOB_STATUSES,
  type TJobQuery,
  type TJobStatusKey,
} from '@loupe/domain/assistant/job-query';
import { JOB_VIEWS, type TJobView, ZJobViewSchema } from '@loupe/domain/jobs/job-views';
import type { TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import { z } from 'zod';

/** The inputs of the tools about jobs, as the engines fill them, and how the tools read them. */

const ZKind = z.enum(['order', 'repair']).optional();
const ZViews = z.array(ZJobViewSchema).max(JOB_VIEWS.length).default([]);
const ZStatus = z.enum(JOB_STATUSES as [TJobStatusKey, ...TJobStatusKey[]]).optional();
const ZDue = z.enum(DUE_WINDOWS).optional();

export const ZFindJobsInput = z.object({
  kind: ZKind,
  number: z.string().trim().max(40).optional(),
  epc: z.string().trim().max(64).optional(),
  customer: z.string().trim().max(120).optional(),
  text: z.string().trim().max(200).optional(),
});
export const ZJobInput = z.object({ number: z.string().trim().min(1).max(40) });
export const ZListJobsInput = z.object({
  kind: ZKind,
  views: ZViews,
  status: ZStatus,
  due: ZDue,
  mine: z.boolean().default(false),
});
export const ZPlaceInput = z.object({
  station: z.string().trim().max(100).optional(),
  department: z.string().trim().max(100).optional(),
  since: z.string().trim().max(40).optional(),
  kind: ZKind,
  views: ZViews,
  status: ZStatus,
  due: ZDue,
});
export const ZOffsiteInput = z.object({ kind: ZKind });

export const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
export const normalizeNumber = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/^([A-Z]+)\s*-?\s*(\d+)$/, '$1-$2');

/** The jobs the user sells or is assigned: "my orders". */
export const isMine = (job: TWorkflowJob, actorId: string) =>
  job.salesperson?.id === actorId || job.assignment?.assignee.id === actorId;

/** The query of a tool's input; the kinds are filtered apart (those the user may see and asked for). */
export function queryOf(input: {
  readonly views: readonly TJobView[];
  readonly status?: string | undefined;
  readonly due?: TJobQuery['due'] | undefined;
}): TJobQuery {
  return { kind: null, views: input.views, status: input.status ?? null, due: input.due ?? null };
}
