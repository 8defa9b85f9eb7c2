import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { stubPointerApis } from '@/test/dom-stubs';

const METALS = [
  { value: 'gold', label: 'Yellow gold' },
  { value: 'platinum', label: 'Platinum' },
  { value: 'silver', label: 'Sterling silver' },
];

/** How many times the items' text was drawn, counted by the text itself. */
let itemRenders = 0;
function CountedText({ children }: { readonly children: string }) {
  itemRenders += 1;
  return children;
}

function MetalSelect() {
  const [value, setValue] = useState('platinum');
  return (
    <Select value={value} onValueChange={setValue}>
      <SelectTrigger aria-label="Metal">
        <SelectValue>{METALS.find((metal) => metal.value === value)?.label}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {METALS.map((metal) => (
          <SelectItem key={metal.value} value={metal.value}>
            <CountedText>{metal.label}</CountedText>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

describe('Select', () => {
  beforeEach(() => {
    itemRenders = 0;
    stubPointerApis();
  });

  it('draws no item while it has never been opened, the trigger showing the chosen text', () => {
    render(<MetalSelect />);
    expect(screen.getByRole('combobox', { name: 'Metal' })).toHaveTextContent('Platinum');
    expect(itemRenders).toBe(0);
  });

  it('draws its items when opened, and a choice shows in the trigger', async () => {
    const user = userEvent.setup();
    render(<MetalSelect />);
    await user.click(screen.getByRole('combobox', { name: 'Metal' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(
      METALS.map((metal) => metal.label),
    );
    expect(screen.getByRole('option', { name: 'Platinum' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('option', { name: 'Sterling silver' }));
    expect(screen.getByRole('combobox', { name: 'Metal' })).toHaveTextContent('Sterling silver');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens from the keyboard on its first open too, on the chosen item', async () => {
    const user = userEvent.setup();
    render(<MetalSelect />);
    screen.getByRole('combobox', { name: 'Metal' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: 'Platinum' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('combobox', { name: 'Metal' })).toHaveTextContent('Sterling silver');
  });
});
