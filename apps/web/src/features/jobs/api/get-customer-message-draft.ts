import {
  type TCustomerMessageEvent,
  ZCustomerMessageDraftSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import type { TPublicLinkJob } from './get-tracking-link';

/** Where the job page's "Send message to customer" (issue 15 §5) drafts and sends, for orders and repairs. */
export const customerMessagePath = (job: TPublicLinkJob) =>
  `${job.kind}s/${encodeURIComponent(job.id)}/customer-message`;

export async function getCustomerMessageDraft(
  job: TPublicLinkJob,
  event: TCustomerMessageEvent | null,
  signal?: AbortSignal,
) {
  const body = await apiClient.get(customerMessagePath(job), {
    ...(event ? { searchParams: { event } } : {}),
    ...(signal ? { signal } : {}),
  });
  return parseData(ZCustomerMessageDraftSchema, body);
}

export function useCustomerMessageDraft(
  job: TPublicLinkJob,
  event: TCustomerMessageEvent | null,
  enabled: boolean,
) {
  return useQuery(
    queryOptions({
      queryKey: ['customer-message-draft', job.kind, job.id, event ?? 'default'],
      queryFn: ({ signal }) => getCustomerMessageDraft(job, event, signal),
      enabled,
    }),
  );
}
