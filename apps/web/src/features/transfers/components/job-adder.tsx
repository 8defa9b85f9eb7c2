import type { TTransferItemRef } from '@loupe/domain/transfers/transfers';
import { SearchPicker, type TPickerItem } from '@/components/search-picker';
import { jobRefOf, useSearchTransferJobs } from '../api/search-transfer-jobs';

export type TChosenJob = TTransferItemRef & { readonly label: string; readonly detail?: string | undefined };

/** Finds an order or a repair by its number and hands it over; the box stays open for the next one. */
export function JobAdder({
  onAdd,
  disabled = false,
  hint,
}: {
  readonly onAdd: (job: TChosenJob) => void;
  readonly disabled?: boolean;
  readonly hint?: string;
}) {
  const onChange = (item: TPickerItem | null) => {
    const ref = item ? jobRefOf(item.id) : null;
    if (item && ref) onAdd({ ...ref, label: item.label, detail: item.detail });
  };
  return (
    <SearchPicker
      label="Add a job"
      searchLabel="Search orders and repairs"
      placeholder="ORD-00012, REP-00034 or a customer"
      value={null}
      onChange={onChange}
      useSearch={useSearchTransferJobs}
      noMatchText={(q) => (q ? `No order or repair matches “${q}”.` : 'No open orders or repairs.')}
      disabled={disabled}
      {...(hint ? { hint } : {})}
    />
  );
}
