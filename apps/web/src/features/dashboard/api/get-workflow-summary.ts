import { ZJobSummarySchema } from '@loupe/domain/jobs/job-views';
import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** Under the 'workflow' root: workflow, tracking and job events refresh the tiles. */
export const workflowSummaryQueryKey = ['workflow', 'summary'] as const;

/** GET /workflow/summary: how many orders and repairs this user may see are in each job view. */
export async function getWorkflowSummary(signal?: AbortSignal) {
  return parseData(ZJobSummarySchema, await apiClient.get('workflow/summary', signal ? { signal } : {}));
}

/**
 * Time alone moves jobs between views (a promised day passes, a phase outlasts its target) and no event says
 * so: the tiles ask again each minute besides refreshing on events.
 */
export const WORKFLOW_SUMMARY_REFRESH_MS = 60_000;

export const workflowSummaryQueryOptions = () =>
  queryOptions({
    queryKey: workflowSummaryQueryKey,
    queryFn: ({ signal }) => getWorkflowSummary(signal),
    refetchInterval: WORKFLOW_SUMMARY_REFRESH_MS,
  });

export function useWorkflowSummary() {
  return useQuery(workflowSummaryQueryOptions());
}

/**
 * Starts fetching the summary without waiting for its tiles to render (they render once the tracking figures
 * are in): the two requests go together instead of one after the other (issue 35 §4).
 */
export function usePrefetchWorkflowSummary() {
  usePrefetchQuery(workflowSummaryQueryOptions());
}
