import { XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import { SelectField, type TSelectOption } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { useAllDepartments } from '@/lib/registry-api/get-all-departments';
import { useLocations } from '@/lib/registry-api/get-locations';
import {
  hasNarrowingFilters,
  isIsoDay,
  type TAnalyticsFilters,
  type TFilterParam,
} from '../analytics-filters';
import { useProductTypeOptions } from '../api/get-product-type-options';
import { useSalespeople } from '../api/get-salespeople';

/** Select items cannot carry '' or null: this value stands for "any". */
export const ANY = 'any';

export const KIND_OPTIONS: readonly TSelectOption[] = [
  { value: 'all', label: 'Orders and repairs' },
  { value: 'order', label: 'Orders' },
  { value: 'repair', label: 'Repairs' },
];

export type TFilterBarProps = {
  readonly filters: TAnalyticsFilters;
  /** Sets filters; several at once where one choice clears another. */
  readonly onChange: (values: Partial<Record<TFilterParam, string | null>>) => void;
  readonly onClear: () => void;
  /** A screen's own controls (the comparison's second period, the capacity's weeks). */
  readonly children?: ReactNode;
  /** Hides the date range where a screen looks ahead instead (capacity). */
  readonly hasDateRange?: boolean;
  /** Hides the filters of the jobs (kind, department, product type, salesperson) where a screen counts bags. */
  readonly hasJobFilters?: boolean;
};

function withAny(label: string, options: readonly TSelectOption[]): TSelectOption[] {
  return [{ value: ANY, label }, ...options];
}

/**
 * The analytics filters (issue 13 §2): date range, orders or repairs, location, department, product type and
 * salesperson. Each change goes to the address, so a view can be shared by its link.
 */
export function FilterBar({
  filters,
  onChange,
  onClear,
  children,
  hasDateRange = true,
  hasJobFilters = true,
}: TFilterBarProps) {
  const locations = useLocations();
  const departments = useAllDepartments();
  const productTypes = useProductTypeOptions();
  const salespeople = useSalespeople();

  const departmentOptions = (departments.data?.items ?? [])
    .filter((department) => !filters.locationId || department.locationId === filters.locationId)
    .map((department) => ({ value: department.id, label: department.name }));
  const select = (name: TFilterParam) => (value: string) =>
    onChange({ [name]: value === ANY ? null : value });
  const date = (name: 'from' | 'to') => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    if (value === '' || isIsoDay(value)) onChange({ [name]: value || null });
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and to jsdom).
    <section role="search" aria-label="Filters" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
        {hasDateRange ? (
          <>
            <FormField
              label="From"
              type="date"
              value={filters.from}
              max={filters.to}
              onChange={date('from')}
            />
            <FormField label="To" type="date" value={filters.to} min={filters.from} onChange={date('to')} />
          </>
        ) : null}
        {hasJobFilters ? (
          <SelectField
            label="Jobs"
            value={filters.kind}
            onValueChange={select('kind')}
            options={KIND_OPTIONS}
          />
        ) : null}
        <SelectField
          label="Location"
          value={filters.locationId ?? ANY}
          // A department of another location would leave nothing to show.
          onValueChange={(value) =>
            onChange({ locationId: value === ANY ? null : value, departmentId: null })
          }
          options={withAny(
            'All locations',
            (locations.data?.items ?? []).map((location) => ({ value: location.id, label: location.name })),
          )}
        />
        {hasJobFilters ? (
          <>
            <SelectField
              label="Department"
              value={filters.departmentId ?? ANY}
              onValueChange={select('departmentId')}
              options={withAny('All departments', departmentOptions)}
            />
            <SelectField
              label="Product type"
              value={filters.productTypeId ?? ANY}
              onValueChange={select('productTypeId')}
              options={withAny(
                'All product types',
                (productTypes.data ?? []).map((type) => ({ value: type.id, label: type.name })),
              )}
            />
            <SelectField
              label="Salesperson"
              value={filters.salespersonId ?? ANY}
              onValueChange={select('salespersonId')}
              options={withAny(
                'All salespeople',
                (salespeople.data ?? []).map((person) => ({
                  value: person.id,
                  label: `${person.name} (${person.roleLabel})`,
                })),
              )}
            />
          </>
        ) : null}
      </div>
      {children ? <div className="flex flex-wrap items-end gap-3 border-t pt-3">{children}</div> : null}
      {hasNarrowingFilters(filters) ? (
        <div>
          <Button type="button" variant="ghost" size="sm" onClick={onClear}>
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </section>
  );
}
