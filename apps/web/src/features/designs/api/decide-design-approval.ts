import type { TDesignDecisionInput } from '@loupe/domain/designs/design-requests';
import { ERROR_MESSAGES, normalizeApiError } from '@loupe/domain/errors/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CSRF_TOKEN_URL } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { designQueryKeys } from './design-query-keys';
import {
  expiryReasonOf,
  type TDesignApprovalResult,
  ZPublicRevisionEnvelopeSchema,
} from './get-design-approval';

/**
 * POST /public/design-approvals/{token}/decision: the customer's answer. A mutating request needs the CSRF
 * token (spec §7), fetched first with the cookie it is bound to; nothing else of the app's client is needed.
 */
export async function decideDesignApproval({ token, ...input }: { token: string } & TDesignDecisionInput) {
  const csrf = await fetch(CSRF_TOKEN_URL, { credentials: 'same-origin' });
  const { token: csrfToken } = (await csrf.json()) as { token: string };
  const response = await fetch(`/api/v1/public/design-approvals/${encodeURIComponent(token)}/decision`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify(input),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(
      normalizeApiError({ serverBody: body, status: response.status, clientMessage: ERROR_MESSAGES.generic }),
    );
  }
  return ZPublicRevisionEnvelopeSchema.parse(body).data;
}

export function useDecideDesignApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideDesignApproval,
    onSuccess: (revision, input) =>
      queryClient.setQueryData(designQueryKeys.approval(input.token), { kind: 'found' as const, revision }),
    // The link expired while the page was open: the page says so, as it would on opening it now.
    onError: (error, input) => {
      const reason = expiryReasonOf(error);
      if (reason) {
        const expired: TDesignApprovalResult = { kind: 'expired', reason };
        queryClient.setQueryData(designQueryKeys.approval(input.token), expired);
      }
    },
  });
}
