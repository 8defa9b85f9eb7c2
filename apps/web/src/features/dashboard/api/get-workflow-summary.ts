import { ZWorkflowSummarySchema } from '@loupe/domain/workflow/workflow-api';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** Under the 'workflow' root: workflow, tracking and job events refresh the tiles. */
export const workflowSummaryQueryKey = ['workflow', 'summary'] as const;

/** GET /workflow/summary: the dashboard's tiles over the jobs this user may see. */
export async function getWorkflowSummary(signal?: AbortSignal) {
  return parseData(ZWorkflowSummarySchema, await apiClient.get('workflow/summary', signal ? { signal } : {}));
}

export function useWorkflowSummary() {
  return useQuery({ queryKey: workflowSummaryQueryKey, queryFn: ({ signal }) => getWorkflowSummary(signal) });
}
