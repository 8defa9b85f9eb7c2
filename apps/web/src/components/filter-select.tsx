import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { TSelectOption } from './select-field';

export type TFilterSelectProps = {
  /** The accessible name: 'Status'. */
  readonly label: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly options: readonly TSelectOption[];
};

/** A compact select above a list, named by its aria-label (the chosen option says what it filters). */
export function FilterSelect({ label, value, onValueChange, options }: TFilterSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger aria-label={label} className="w-full min-w-0 sm:w-auto sm:min-w-36">
        <SelectValue>{options.find((option) => option.value === value)?.label}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
