import type { TLocation } from '@loupe/domain/registry/locations';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type TLocationPickerProps = {
  readonly locations: readonly TLocation[];
  readonly value: string;
  readonly onChange: (locationId: string) => void;
};

/** Picks the location whose departments are shown. */
export function LocationPicker({ locations, value, onChange }: TLocationPickerProps) {
  const id = useId();
  return (
    <div className="grid w-full gap-2 sm:w-72">
      <Label htmlFor={id}>Location</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue placeholder="Choose a location">
            {locations.find((location) => location.id === value)?.name}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
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
