import {
  APPROVAL_LINK_EXPIRY_REASONS,
  type TApprovalLinkExpiryReason,
} from '@loupe/domain/designs/design-approval-link';
import {
  type TPublicDesignRevision,
  ZPublicDesignRevisionSchema,
} from '@loupe/domain/designs/design-requests';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { designQueryKeys } from './design-query-keys';

/**
 * The page's answer: the revision to approve, 'not-found' for a token unknown or revoked, or 'expired' with its
 * reason once the order is finished or a newer revision was sent (issue 35 §7).
 */
export type TDesignApprovalResult =
  | { kind: 'found'; revision: TPublicDesignRevision }
  | { kind: 'not-found' }
  | { kind: 'expired'; reason: TApprovalLinkExpiryReason };

export const ZPublicRevisionEnvelopeSchema = lazySchema(() =>
  z.object({ data: ZPublicDesignRevisionSchema }),
);

const ZExpiredBodySchema = lazySchema(() =>
  z.object({
    code: z.literal('DESIGN_APPROVAL_LINK_EXPIRED'),
    details: z.object({ reason: z.enum(APPROVAL_LINK_EXPIRY_REASONS) }),
  }),
);

/** The reason of a DESIGN_APPROVAL_LINK_EXPIRED answer (its body or its ApiError), or null for anything else. */
export function expiryReasonOf(body: unknown): TApprovalLinkExpiryReason | null {
  const parsed = ZExpiredBodySchema.safeParse(body);
  return parsed.success ? parsed.data.details.reason : null;
}

/**
 * GET /public/design-approvals/{token}: a plain fetch, not the app's API client — the customer carries no
 * one's credentials and the page stays small.
 */
export async function getDesignApproval(token: string, signal?: AbortSignal): Promise<TDesignApprovalResult> {
  const response = await fetch(`/api/v1/public/design-approvals/${encodeURIComponent(token)}`, {
    headers: { accept: 'application/json' },
    credentials: 'omit',
    ...(signal ? { signal } : {}),
  });
  if (response.status === 404) return { kind: 'not-found' };
  if (response.status === 410) {
    const reason = expiryReasonOf(await response.json().catch(() => null));
    if (reason) return { kind: 'expired', reason };
  }
  if (!response.ok) throw new Error(`approval page answered ${response.status}`);
  return { kind: 'found', revision: ZPublicRevisionEnvelopeSchema.parse(await response.json()).data };
}

export const designApprovalQueryOptions = (token: string) =>
  queryOptions({
    queryKey: designQueryKeys.approval(token),
    queryFn: ({ signal }) => getDesignApproval(token, signal),
    retry: 1,
  });

export function useDesignApproval(token: string) {
  return useQuery(designApprovalQueryOptions(token));
}
