import { type TCreateTransferInput, ZTransferDetailSchema } from '@loupe/domain/transfers/transfers';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useTransferMutation } from './use-transfer-mutation';

/** POST /transfers: a new bag, packing, from one location to another, with the envelopes chosen so far. */
export async function createTransfer(input: TCreateTransferInput) {
  return parseData(ZTransferDetailSchema, await apiClient.post('transfers', input));
}

export function useCreateTransfer() {
  return useTransferMutation(createTransfer);
}
