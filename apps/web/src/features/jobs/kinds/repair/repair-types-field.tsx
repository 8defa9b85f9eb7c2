import { REPAIR_TYPE_LABELS, REPAIR_TYPES, type TRepairType } from '@loupe/domain/repairs/repair';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

export type TRepairTypesFieldProps = {
  readonly value: readonly TRepairType[];
  readonly onChange: (types: TRepairType[]) => void;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
};

/** The kinds of work, as checkboxes in the domain's order (so the saved list compares as unchanged). */
export function RepairTypesField({ value, onChange, error, disabled }: TRepairTypesFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;

  function toggle(type: TRepairType, checked: boolean) {
    const next = new Set(value);
    if (checked) next.add(type);
    else next.delete(type);
    onChange(REPAIR_TYPES.filter((t) => next.has(t)));
  }

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Repair types</legend>
      <div className="grid grid-cols-1 gap-2 min-[375px]:grid-cols-2 sm:grid-cols-3">
        {REPAIR_TYPES.map((type) => (
          <div key={type} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${type}`}
              checked={value.includes(type)}
              onCheckedChange={(state) => toggle(type, state === true)}
              disabled={disabled}
            />
            <Label htmlFor={`${id}-${type}`} className="font-normal">
              {REPAIR_TYPE_LABELS[type]}
            </Label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
