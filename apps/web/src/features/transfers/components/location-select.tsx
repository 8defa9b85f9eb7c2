import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';

/** Radix items cannot have '' as a value: "all locations" has a value of its own. */
export const ALL_LOCATIONS = 'all';

export type TLocationOption = { readonly id: string; readonly name: string };

/** A labelled location select; with `allLabel`, also "all locations" (ALL_LOCATIONS). */
export function LocationSelect({
  label,
  locations,
  value,
  onChange,
  allLabel,
  className,
  disabled = false,
}: {
  readonly label: string;
  readonly locations: readonly TLocationOption[];
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly allLabel?: string;
  readonly className?: string;
  readonly disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue placeholder="Choose a location">
            {value === ALL_LOCATIONS ? allLabel : locations.find((location) => location.id === value)?.name}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
          {allLabel ? <SelectItem value={ALL_LOCATIONS}>{allLabel}</SelectItem> : null}
          {locations.map((location) => (
            <SelectItem key={location.id} value={location.id}>
              {location.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
