import { listPageSchema } from '@loupe/domain/api/list';
import type { TTransferItemRef } from '@loupe/domain/transfers/transfers';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { z } from 'zod';
import { type TPickerItem, usePickerQuery } from '@/components/search-picker';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { transfersQueryKeys } from './transfers-query-keys';

/** Matches per kind: enough to find a job by its number, few enough to read. */
const JOB_SEARCH_LIMIT = 8;

// Only what the picker shows; the lists' answers carry much more, which parsing leaves out.
const ZOrderHitSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    orderNumber: z.string(),
    customer: z.object({ name: z.string() }),
    description: z.string(),
  }),
);
const ZRepairHitSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    repairNumber: z.string(),
    customer: z.object({ name: z.string() }),
    itemDescription: z.string(),
  }),
);

export type TJobHit = TTransferItemRef & {
  readonly number: string;
  readonly customerName: string;
  readonly description: string;
};

/** GET /orders?q= and GET /repairs?q=: the jobs whose number (or customer) matches, orders first. */
export async function searchTransferJobs(q: string, signal?: AbortSignal): Promise<TJobHit[]> {
  const options = {
    searchParams: { q: q || undefined, limit: JOB_SEARCH_LIMIT },
    ...(signal ? { signal } : {}),
  };
  // Not everyone may list repairs (production): a kind the server refuses is left out, unless both are.
  const [orders, repairs] = await Promise.allSettled([
    apiClient.get('orders', options).then((body) => parseData(listPageSchema(ZOrderHitSchema), body).items),
    apiClient.get('repairs', options).then((body) => parseData(listPageSchema(ZRepairHitSchema), body).items),
  ]);
  if (orders.status === 'rejected' && repairs.status === 'rejected') throw orders.reason;
  const orderHits = orders.status === 'fulfilled' ? orders.value : [];
  const repairHits = repairs.status === 'fulfilled' ? repairs.value : [];
  return [
    ...orderHits.map((order) => ({
      itemKind: 'order' as const,
      itemId: order.id,
      number: order.orderNumber,
      customerName: order.customer.name,
      description: order.description,
    })),
    ...repairHits.map((repair) => ({
      itemKind: 'repair' as const,
      itemId: repair.id,
      number: repair.repairNumber,
      customerName: repair.customer.name,
      description: repair.itemDescription,
    })),
  ];
}

/** A picker item's id carries the job's kind and id, so the choice can be put in a bag as it is. */
export const jobHitId = (hit: TTransferItemRef) => `${hit.itemKind}:${hit.itemId}`;

export function jobRefOf(pickerId: string): TTransferItemRef | null {
  const [itemKind, itemId] = pickerId.split(':');
  if ((itemKind !== 'order' && itemKind !== 'repair') || !itemId) return null;
  return { itemKind, itemId };
}

export function useSearchTransferJobs(q: string, enabled: boolean) {
  return usePickerQuery({
    queryKey: transfersQueryKeys.jobSearch(q),
    search: (signal) => searchTransferJobs(q, signal),
    enabled,
    select: (hits): TPickerItem[] =>
      hits.map((hit) => ({
        id: jobHitId(hit),
        label: hit.number,
        detail: [hit.customerName, hit.description].filter(Boolean).join(' · '),
      })),
  });
}
