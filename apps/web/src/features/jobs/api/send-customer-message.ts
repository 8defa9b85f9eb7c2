import {
  type TCustomerMessageEvent,
  ZOutboxMessageSchema,
} from '@loupe/domain/customer-messages/customer-messages';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { customerMessagePath } from './get-customer-message-draft';
import type { TPublicLinkJob } from './get-tracking-link';

/** POST: the message of `event` goes to the job's customer (queued in the outbox). */
export async function sendCustomerMessage(job: TPublicLinkJob, event: TCustomerMessageEvent) {
  const body = await apiClient.post(customerMessagePath(job), { event });
  return {
    messages: parseData(z.array(ZOutboxMessageSchema), body),
    message: z.object({ message: z.string().optional() }).parse(body).message ?? 'Message queued.',
  };
}

export function useSendCustomerMessage(job: TPublicLinkJob) {
  return useMutation({ mutationFn: (event: TCustomerMessageEvent) => sendCustomerMessage(job, event) });
}
