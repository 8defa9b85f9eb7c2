import { canEditCustomers } from '@loupe/domain/auth/permissions';
import type { TCustomer } from '@loupe/domain/customers/customer';
import { SearchPicker, type TPickerItem } from '@/components/search-picker';
import { useAuth } from '@/lib/auth/auth-context';
import { useSearchCustomers } from '../../api/search-customers';
import { customerDetail } from './customer-detail';
import { NewCustomerDialog } from './new-customer-dialog';

export type TCustomerPickerProps = {
  readonly value: TPickerItem | null;
  readonly onChange: (customer: TPickerItem | null) => void;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
};

const toItems = (customers: TCustomer[]): TPickerItem[] =>
  customers.map((customer) => ({ id: customer.id, label: customer.name, detail: customerDetail(customer) }));

const useCustomerItems = (q: string, enabled: boolean) => useSearchCustomers(q, enabled, toItems);

/** The customer of an order or repair: searched on the server, or taken in on the spot. */
export function CustomerPicker({ value, onChange, error, disabled }: TCustomerPickerProps) {
  const { user } = useAuth();
  return (
    <SearchPicker
      label="Customer"
      searchLabel="Search customers"
      placeholder="Name, phone or e-mail"
      value={value}
      onChange={onChange}
      useSearch={useCustomerItems}
      noMatchText={(q) => (q ? `No customer matches "${q}".` : 'No customers yet.')}
      error={error}
      disabled={disabled}
      labelAside={
        canEditCustomers(user) && !disabled ? (
          <NewCustomerDialog
            onCreated={(customer) =>
              onChange({ id: customer.id, label: customer.name, detail: customerDetail(customer) })
            }
          />
        ) : null
      }
    />
  );
}
