import { ZJobSummarySchema } from '@loupe/domain/jobs/job-views';
import { useQuery } from '@tanstack/react-query';
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

export function useWorkflowSummary() {
  return useQuery({
    queryKey: workflowSummaryQueryKey,
    queryFn: ({ signal }) => getWorkflowSummary(signal),
    refetchInterval: WORKFLOW_SUMMARY_REFRESH_MS,
  });
}
