import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /workflow/jobs/{kind}/{id}/nudge: remind whoever has the job's current phase. */
export async function nudgeJob({ kind, id }: { kind: TWorkflowKind; id: string }): Promise<void> {
  await apiClient.post(`workflow/jobs/${kind}/${encodeURIComponent(id)}/nudge`, {});
}

export function useNudgeJob() {
  return useMutation({ mutationFn: nudgeJob });
}
