import { type TTransferItemRef, ZTransferDetailSchema } from '@loupe/domain/transfers/transfers';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useTransferMutation } from './use-transfer-mutation';

export type TRemoveTransferItem = { readonly transferId: string; readonly item: TTransferItemRef };

/** DELETE /transfers/{id}/items/{kind}/{itemId}: takes an envelope back out of a bag that is still packing. */
export async function removeTransferItem({ transferId, item }: TRemoveTransferItem) {
  const path = [transferId, 'items', item.itemKind, item.itemId].map(encodeURIComponent).join('/');
  return parseData(ZTransferDetailSchema, await apiClient.delete(`transfers/${path}`));
}

export function useRemoveTransferItem() {
  return useTransferMutation(removeTransferItem);
}
