import { ZDesignApprovalLinkSchema } from '@loupe/domain/designs/design-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { parseSuccess } from '@/lib/api-result';
import { designQueryKeys } from './design-query-keys';

type TRevisionRef = { requestId: string; revisionId: string };

const linkPath = ({ requestId, revisionId }: TRevisionRef) =>
  `design-requests/${encodeURIComponent(requestId)}/revisions/${encodeURIComponent(revisionId)}/approval-link`;

/** POST …/approval-link: send the revision for approval; the customer's link comes back. */
export async function sendForApproval(revision: TRevisionRef) {
  return parseData(ZDesignApprovalLinkSchema, await apiClient.post(linkPath(revision)));
}

/** DELETE …/approval-link: the link stops working. */
export async function revokeApprovalLink(revision: TRevisionRef) {
  return parseSuccess(await apiClient.delete(linkPath(revision)));
}

export function useSendForApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendForApproval,
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.all }),
  });
}

export function useRevokeApprovalLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApprovalLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.all }),
  });
}
