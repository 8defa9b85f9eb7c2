import type { TAssistantAction } from '@loupe/domain/assistant/assistant-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * A one-click action from an answer (issue 16 §4), through the same API calls the workflow and tracking
 * screens use: POST /workflow/assignments, POST /workflow/jobs/{kind}/{id}/nudge and
 * POST /tracking/{orders|repairs}/{id}/expected-offsite. The server checks each as for any other caller.
 */
export async function runAssistantAction(action: TAssistantAction): Promise<string> {
  const id = encodeURIComponent(action.itemId);
  switch (action.kind) {
    case 'assign':
      await apiClient.post('workflow/assignments', {
        kind: action.itemKind,
        itemId: action.itemId,
        assigneeId: action.assigneeId,
      });
      return 'Assigned.';
    case 'nudge':
      await apiClient.post(`workflow/jobs/${action.itemKind}/${id}/nudge`, {});
      return 'Nudge sent.';
    case 'expect-offsite':
      await apiClient.post(
        `tracking/${action.itemKind === 'order' ? 'orders' : 'repairs'}/${id}/expected-offsite`,
        {
          expectedOffsite: true,
        },
      );
      return 'Marked as expected offsite.';
    case 'open':
      return '';
  }
}

export function useRunAssistantAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAssistantAction,
    // Boards, task lists and tracking screens show the change.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
