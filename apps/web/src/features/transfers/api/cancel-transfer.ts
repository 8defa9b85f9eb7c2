import { ZTransferDetailSchema } from '@loupe/domain/transfers/transfers';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useTransferMutation } from './use-transfer-mutation';

/** POST /transfers/{id}/cancel: a bag that never left is called off (managers). */
export async function cancelTransfer(transferId: string) {
  return parseData(
    ZTransferDetailSchema,
    await apiClient.post(`transfers/${encodeURIComponent(transferId)}/cancel`),
  );
}

export function useCancelTransfer() {
  return useTransferMutation(cancelTransfer);
}
