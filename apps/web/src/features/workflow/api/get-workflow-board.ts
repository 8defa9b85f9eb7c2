import { type TWorkflowBoardQuery, ZWorkflowBoardSchema } from '@loupe/domain/workflow/workflow-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { workflowQueryKeys } from './workflow-query-keys';

/** GET /workflow/board: the open jobs of a kind by phase, with the Command Center's filters. */
export async function getWorkflowBoard(query: TWorkflowBoardQuery, signal?: AbortSignal) {
  return parseData(
    ZWorkflowBoardSchema,
    await apiClient.get('workflow/board', { searchParams: query, ...(signal ? { signal } : {}) }),
  );
}

export const workflowBoardQueryOptions = (query: TWorkflowBoardQuery) =>
  queryOptions({
    queryKey: workflowQueryKeys.board(query),
    queryFn: ({ signal }) => getWorkflowBoard(query, signal),
    // Changing a filter keeps the board on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useWorkflowBoard(query: TWorkflowBoardQuery) {
  return useQuery(workflowBoardQueryOptions(query));
}
