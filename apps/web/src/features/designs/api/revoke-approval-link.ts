import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseSuccess } from '@/lib/api-result';
import { approvalLinkPath, type TRevisionRef } from './design-paths';
import { designQueryKeys } from './design-query-keys';

/** DELETE …/approval-link: the link stops working. */
export async function revokeApprovalLink(revision: TRevisionRef) {
  return parseSuccess(await apiClient.delete(approvalLinkPath(revision)));
}

export function useRevokeApprovalLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApprovalLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.all }),
  });
}
