import { type TCreateCustomerInput, type TCustomer, ZCustomerSchema } from '@loupe/domain/customers/customer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { customerPickerQueryKeys } from './search-customers';

/** POST /customers. */
export async function createCustomer(input: TCreateCustomerInput): Promise<TCustomer> {
  return parseData(ZCustomerSchema, await apiClient.post('customers', input));
}

/** A new customer; the pickers search again, so they find it. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerPickerQueryKeys.all }),
  });
}
