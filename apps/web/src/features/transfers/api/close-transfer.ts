import { ZTransferDetailSchema } from '@loupe/domain/transfers/transfers';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useTransferMutation } from './use-transfer-mutation';

/** POST /transfers/{id}/close: the bag is opened and done; what was not seen is missing (received short). */
export async function closeTransfer(transferId: string) {
  return parseData(
    ZTransferDetailSchema,
    await apiClient.post(`transfers/${encodeURIComponent(transferId)}/close`),
  );
}

export function useCloseTransfer() {
  return useTransferMutation(closeTransfer);
}
