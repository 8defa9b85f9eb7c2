import { type TTransferDetail, ZTransferDetailSchema } from '@loupe/domain/transfers/transfers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { transfersQueryKeys } from './transfers-query-keys';

/** GET /transfers/{id}: one bag and its manifest, live while it travels ('transfer:changed' refetches it). */
export async function getTransfer(id: string): Promise<TTransferDetail> {
  return parseData(ZTransferDetailSchema, await apiClient.get(`transfers/${encodeURIComponent(id)}`));
}

export const transferQueryOptions = (id: string) =>
  queryOptions({ queryKey: transfersQueryKeys.one(id), queryFn: () => getTransfer(id) });

export function useTransfer(id: string) {
  return useQuery(transferQueryOptions(id));
}
