import { listPageSchema } from '@loupe/domain/api/list';
import { type TCustomer, ZCustomerSchema } from '@loupe/domain/customers/customer';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { usePickerQuery } from '@/components/search-picker';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** How many matches the picker shows: enough to choose from, few enough to read. */
export const CUSTOMER_PICKER_LIMIT = 8;

/** The picker's queries; prefixed so no screen's customer list shares (and overwrites) these entries. */
export const customerPickerQueryKeys = {
  all: ['customer-picker'] as const,
  search: (q: string) => ['customer-picker', 'search', q] as const,
};

const ZCustomersPageSchema = lazySchema(() => listPageSchema(ZCustomerSchema));

/** GET /customers?q=: name, e-mail or phone digits. */
export async function searchCustomers(q: string, signal?: AbortSignal): Promise<TCustomer[]> {
  const body = await apiClient.get('customers', {
    searchParams: { q: q || undefined, limit: CUSTOMER_PICKER_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZCustomersPageSchema, body).items;
}

/** The customer picker's search, each answer shown as `select` makes it. */
export function useSearchCustomers<T>(q: string, enabled: boolean, select: (customers: TCustomer[]) => T) {
  const search = (signal: AbortSignal) => searchCustomers(q, signal);
  return usePickerQuery({ queryKey: customerPickerQueryKeys.search(q), search, enabled, select });
}
