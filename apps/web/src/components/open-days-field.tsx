import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/** The week's days as checkboxes, Sunday first (day 0, as the working calendar counts them). */
export function OpenDaysField({
  legend,
  dayNames,
  idPrefix,
  value,
  onChange,
  error,
}: {
  readonly legend: string;
  /** Seven names, Sunday first: 'Sun' … or 'Sunday' …. */
  readonly dayNames: readonly string[];
  /** Makes each checkbox's id unique on the page: `${idPrefix}-${day}`. */
  readonly idPrefix: string;
  readonly value: readonly number[];
  readonly onChange: (openDays: number[]) => void;
  readonly error?: string | undefined;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {dayNames.map((day, index) => (
          <div key={day} className="flex items-center gap-2">
            <Checkbox
              id={`${idPrefix}-${day}`}
              checked={value.includes(index)}
              onCheckedChange={(state) =>
                onChange(
                  state === true ? [...new Set([...value, index])].sort() : value.filter((d) => d !== index),
                )
              }
            />
            <Label htmlFor={`${idPrefix}-${day}`} className="font-normal">
              {day}
            </Label>
          </div>
        ))}
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </fieldset>
  );
}
