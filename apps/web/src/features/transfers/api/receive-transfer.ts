import { type TReceiveTransferInput, ZTransferDetailSchema } from '@loupe/domain/transfers/transfers';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useTransferMutation } from './use-transfer-mutation';

export type TReceiveTransfer = { readonly transferId: string; readonly input: TReceiveTransferInput };

/** POST /transfers/{id}/receive: one envelope scanned at the destination, by its EPC or its job. */
export async function receiveTransfer({ transferId, input }: TReceiveTransfer) {
  return parseData(
    ZTransferDetailSchema,
    await apiClient.post(`transfers/${encodeURIComponent(transferId)}/receive`, input),
  );
}

export function useReceiveTransfer() {
  return useTransferMutation(receiveTransfer);
}
