import { type TSendTransferInput, ZTransferDetailSchema } from '@loupe/domain/transfers/transfers';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useTransferMutation } from './use-transfer-mutation';

export type TSendTransfer = { readonly transferId: string; readonly input: TSendTransferInput };

/** POST /transfers/{id}/send: the bag leaves with its carrier; its manifest is fixed from here on. */
export async function sendTransfer({ transferId, input }: TSendTransfer) {
  return parseData(
    ZTransferDetailSchema,
    await apiClient.post(`transfers/${encodeURIComponent(transferId)}/send`, input),
  );
}

export function useSendTransfer() {
  return useTransferMutation(sendTransfer);
}
