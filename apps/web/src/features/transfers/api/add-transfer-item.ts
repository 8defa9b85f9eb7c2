import { type TTransferItemRef, ZTransferDetailSchema } from '@loupe/domain/transfers/transfers';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useTransferMutation } from './use-transfer-mutation';

export type TAddTransferItem = { readonly transferId: string; readonly item: TTransferItemRef };

/** POST /transfers/{id}/items: puts a job's envelope in a bag that is still packing. */
export async function addTransferItem({ transferId, item }: TAddTransferItem) {
  return parseData(
    ZTransferDetailSchema,
    await apiClient.post(`transfers/${encodeURIComponent(transferId)}/items`, item),
  );
}

export function useAddTransferItem() {
  return useTransferMutation(addTransferItem);
}
