import { FormField } from '@/components/form-field';

type TTimeRange = { readonly from: string; readonly until: string };

/** A 'From' and an 'Until' time side by side, e.g. one's working hours or the quiet hours. */
export function TimeRangeFields({
  value,
  onChange,
  errors,
}: {
  readonly value: TTimeRange;
  readonly onChange: (range: TTimeRange) => void;
  readonly errors: { readonly from?: string | undefined; readonly until?: string | undefined };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="From"
        type="time"
        value={value.from}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
        error={errors.from}
      />
      <FormField
        label="Until"
        type="time"
        value={value.until}
        onChange={(event) => onChange({ ...value, until: event.target.value })}
        error={errors.until}
      />
    </div>
  );
}
