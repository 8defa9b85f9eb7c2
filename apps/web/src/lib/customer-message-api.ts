import {
  type TCustomerMessageEvent,
  ZCustomerMessageDraftSchema,
  ZOutboxMessageSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client';
import { parseData } from './api-envelope';
import type { TPublicLinkJob } from './public-links-api';

/** The job page's "Send message to customer" (issue 15 §5), shared by orders and repairs. */
const pathOf = (job: TPublicLinkJob) => `${job.kind}s/${encodeURIComponent(job.id)}/customer-message`;

export async function getCustomerMessageDraft(
  job: TPublicLinkJob,
  event: TCustomerMessageEvent | null,
  signal?: AbortSignal,
) {
  const body = await apiClient.get(pathOf(job), {
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

export async function sendCustomerMessage(job: TPublicLinkJob, event: TCustomerMessageEvent) {
  const body = await apiClient.post(pathOf(job), { event });
  return {
    messages: parseData(z.array(ZOutboxMessageSchema), body),
    message: z.object({ message: z.string().optional() }).parse(body).message ?? 'Message queued.',
  };
}

export function useSendCustomerMessage(job: TPublicLinkJob) {
  return useMutation({ mutationFn: (event: TCustomerMessageEvent) => sendCustomerMessage(job, event) });
}
