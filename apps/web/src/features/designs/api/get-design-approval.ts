import {
  type TPublicDesignRevision,
  ZPublicDesignRevisionSchema,
} from '@loupe/domain/designs/design-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { designQueryKeys } from './design-query-keys';

/** The page's answer: the revision to approve, or 'not-found' for a token unknown or revoked. */
export type TDesignApprovalResult =
  | { kind: 'found'; revision: TPublicDesignRevision }
  | { kind: 'not-found' };

export const ZPublicRevisionEnvelopeSchema = z.object({ data: ZPublicDesignRevisionSchema });

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
