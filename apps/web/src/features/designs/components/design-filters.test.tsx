import type { TCatalogType } from '@loupe/domain/catalog/catalog';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TDesignFilters } from '../api/design-filters';
import { DesignFilters, hasDesignFilters, NO_DESIGN_FILTERS } from './design-filters';

const type = (id: string, name: string): TCatalogType => ({
  id,
  name,
  isActive: true,
  createdAt: '2030-01-01T00:00:00.000Z',
});
const PRODUCT_TYPES = [type('p-ring', 'Ring'), type('p-pendant', 'Pendant')];
const METAL_TYPES = [type('m-gold', '18k yellow gold'), type('m-plat', 'Platinum')];

function renderFilters(value: TDesignFilters, tags: string[] = ['vintage', 'halo']) {
  const onChange = vi.fn();
  render(
    <DesignFilters
      productTypes={PRODUCT_TYPES}
      metalTypes={METAL_TYPES}
      tags={tags}
      value={value}
      onChange={onChange}
    />,
  );
  return onChange;
}

const optionsOf = (name: string) =>
  Array.from(screen.getByRole('combobox', { name }).querySelectorAll('option')).map((o) => o.textContent);

describe('DesignFilters (issue 17 §1)', () => {
  it('offers every product type, metal and tag, each after "any"', () => {
    renderFilters(NO_DESIGN_FILTERS);
    expect(optionsOf('Product type')).toEqual(['Any product type', 'Ring', 'Pendant']);
    expect(optionsOf('Metal')).toEqual(['Any metal', '18k yellow gold', 'Platinum']);
    expect(optionsOf('Tag')).toEqual(['Any tag', 'halo', 'vintage']);
    expect(screen.queryByRole('button', { name: /clear filters/i })).not.toBeInTheDocument();
  });

  it('changes one filter at a time and keeps the others', async () => {
    const onChange = renderFilters({ productTypeId: 'p-ring', metalTypeId: null, tag: null });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Metal' }), 'Platinum');
    expect(onChange).toHaveBeenLastCalledWith({ productTypeId: 'p-ring', metalTypeId: 'm-plat', tag: null });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'halo');
    expect(onChange).toHaveBeenLastCalledWith({ productTypeId: 'p-ring', metalTypeId: null, tag: 'halo' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Product type' }), 'Any product type');
    expect(onChange).toHaveBeenLastCalledWith({ productTypeId: null, metalTypeId: null, tag: null });
  });

  it('keeps the chosen tag on offer when the designs shown carry no other, and clears all filters', async () => {
    const onChange = renderFilters({ productTypeId: null, metalTypeId: 'm-gold', tag: 'art deco' }, []);
    expect(optionsOf('Tag')).toEqual(['Any tag', 'art deco']);
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('art deco');
    await userEvent.click(screen.getByRole('button', { name: /clear filters/i }));
    expect(onChange).toHaveBeenLastCalledWith(NO_DESIGN_FILTERS);
  });

  it('knows when any filter is set', () => {
    expect(hasDesignFilters(NO_DESIGN_FILTERS)).toBe(false);
    expect(hasDesignFilters({ ...NO_DESIGN_FILTERS, tag: 'halo' })).toBe(true);
    expect(hasDesignFilters({ ...NO_DESIGN_FILTERS, metalTypeId: 'm-gold' })).toBe(true);
    expect(hasDesignFilters({ ...NO_DESIGN_FILTERS, productTypeId: 'p-ring' })).toBe(true);
  });
});
