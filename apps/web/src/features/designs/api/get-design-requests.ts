import { ZDesignRequestSummarySchema } from '@loupe/domain/designs/design-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { designQueryKeys } from './design-query-keys';

/** GET /design-requests: the queue, by due date (the server narrows a salesperson to their customers'). */
export async function getDesignRequests(signal?: AbortSignal) {
  const body = await apiClient.get('design-requests', signal ? { signal } : {});
  return parseData(z.array(ZDesignRequestSummarySchema), body);
}

export const designRequestsQueryOptions = () =>
  queryOptions({
    queryKey: designQueryKeys.requests(null),
    queryFn: ({ signal }) => getDesignRequests(signal),
  });

/** GET /design-requests?orderId=: one order's request (none, or one), also once the order is finished. */
export async function getOrderDesignRequests(orderId: string, signal?: AbortSignal) {
  const body = await apiClient.get('design-requests', {
    searchParams: { orderId },
    ...(signal ? { signal } : {}),
  });
  return parseData(z.array(ZDesignRequestSummarySchema), body);
}

export const orderDesignRequestQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: designQueryKeys.ofOrder(orderId),
    queryFn: ({ signal }) => getOrderDesignRequests(orderId, signal),
  });

/** One order's design request, asked for only by those who may see design requests. */
export function useOrderDesignRequests(orderId: string, { enabled }: { readonly enabled: boolean }) {
  return useQuery({ ...orderDesignRequestQueryOptions(orderId), enabled });
}

export function useDesignRequests() {
  return useQuery(designRequestsQueryOptions());
}
