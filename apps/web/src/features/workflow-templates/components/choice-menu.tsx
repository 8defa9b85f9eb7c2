import { ChevronDownIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** A compact multi-choice: the button says what is chosen, the menu ticks choices on and off. */
export function ChoiceMenu<T extends string>({
  label,
  summary,
  options,
  chosen,
  onToggle,
}: {
  label: string;
  summary: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onToggle: (value: T, on: boolean) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={label}
          className="max-w-full justify-between"
        >
          <span className="truncate">{summary}</span>
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        {options.map((option) => (
          <DropdownMenuCheckboxItem
            key={option.value}
            checked={chosen.includes(option.value)}
            onCheckedChange={(on) => onToggle(option.value, on)}
            onSelect={(event) => event.preventDefault()}
          >
            {option.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** 'Casting, Setting +2': the first two names and how many more, or `none`. */
export function summaryOf(names: readonly string[], none: string): string {
  if (names.length === 0) return none;
  return names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
}
