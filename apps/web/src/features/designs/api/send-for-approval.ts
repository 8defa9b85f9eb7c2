import { ZDesignApprovalLinkSchema } from '@loupe/domain/designs/design-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { approvalLinkPath, type TRevisionRef } from './design-paths';
import { designQueryKeys } from './design-query-keys';

/** POST …/approval-link: send the revision for approval; the customer's link comes back. */
export async function sendForApproval(revision: TRevisionRef) {
  return parseData(ZDesignApprovalLinkSchema, await apiClient.post(approvalLinkPath(revision)));
}

export function useSendForApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendForApproval,
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.all }),
  });
}
