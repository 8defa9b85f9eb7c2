import type { TCatalogType } from '@loupe/domain/catalog/catalog';
import { XIcon } from 'lucide-react';
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
      <select
        aria-label="Product type"
        className={SELECT_CLASS}
        value={value.productTypeId ?? ''}
        onChange={(event) => onChange({ ...value, productTypeId: event.target.value || null })}
      >
        <option value="">Any product type</option>
        {props.productTypes.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Metal"
        className={SELECT_CLASS}
        value={value.metalTypeId ?? ''}
        onChange={(event) => onChange({ ...value, metalTypeId: event.target.value || null })}
      >
        <option value="">Any metal</option>
        {props.metalTypes.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Tag"
        className={SELECT_CLASS}
        value={value.tag ?? ''}
        onChange={(event) => onChange({ ...value, tag: event.target.value || null })}
      >
        <option value="">Any tag</option>
        {withCurrent(props.tags, value.tag).map((tag) => (
          <option key={tag} value={tag}>
            {tag}
          </option>
        ))}
      </select>
      {hasDesignFilters(value) ? (
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange(NO_DESIGN_FILTERS)}>
          <XIcon aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
}

/** The tag chosen stays an option even when the designs shown no longer carry others. */
function withCurrent(tags: readonly string[], current: string | null): string[] {
  const all = current === null ? [...tags] : [...tags, current];
  return [...new Set(all)].sort((a, b) => a.localeCompare(b));
}
