import type { TCatalogType } from '@loupe/domain/catalog/catalog';
import { XIcon } from 'lucide-react';
import type { TSelectOption } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import type { TDesignFilters } from '../api/design-filters';

export const NO_DESIGN_FILTERS: TDesignFilters = { productTypeId: null, metalTypeId: null, tag: null };

export function hasDesignFilters(filters: TDesignFilters): boolean {
  return filters.productTypeId !== null || filters.metalTypeId !== null || filters.tag !== null;
}

const SELECT_CLASS =
  'h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Product type and metal as selects, the tag as a chip (chosen from a design's tags), and a way to clear them. */
export function DesignFilters(props: {
  productTypes: readonly TCatalogType[];
  metalTypes: readonly TCatalogType[];
  tags: readonly string[];
  value: TDesignFilters;
  onChange: (filters: TDesignFilters) => void;
}) {
  const { value, onChange } = props;
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Filter designs</legend>
      <AnyOfSelect
        label="Product type"
        anyLabel="Any product type"
        value={value.productTypeId}
        options={props.productTypes.map((type) => ({ value: type.id, label: type.name }))}
        onChange={(productTypeId) => onChange({ ...value, productTypeId })}
      />
      <AnyOfSelect
        label="Metal"
        anyLabel="Any metal"
        value={value.metalTypeId}
        options={props.metalTypes.map((type) => ({ value: type.id, label: type.name }))}
        onChange={(metalTypeId) => onChange({ ...value, metalTypeId })}
      />
      <AnyOfSelect
        label="Tag"
        anyLabel="Any tag"
        value={value.tag}
        options={withCurrent(props.tags, value.tag).map((tag) => ({ value: tag, label: tag }))}
        onChange={(tag) => onChange({ ...value, tag })}
      />
      {hasDesignFilters(value) ? (
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange(NO_DESIGN_FILTERS)}>
          <XIcon aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
}

/** A native select whose first option, '', means "any" (null). */
function AnyOfSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: string | null;
  options: readonly TSelectOption[];
  onChange: (value: string | null) => void;
}) {
  return (
    <select
      aria-label={label}
      className={SELECT_CLASS}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The tag chosen stays an option even when the designs shown no longer carry others. */
function withCurrent(tags: readonly string[], current: string | null): string[] {
  const all = current === null ? [...tags] : [...tags, current];
  return [...new Set(all)].sort((a, b) => a.localeCompare(b));
}
