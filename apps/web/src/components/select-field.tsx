import { FieldMessages, useFieldIds } from '@/components/forms/field-messages';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';

export type TSelectOption = { readonly value: string; readonly label: string };

export type TSelectFieldProps = {
  readonly label: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  /** Radix items cannot have '' as a value: give "none" choices a sentinel value of their own. */
  readonly options: readonly TSelectOption[];
  readonly hint?: string;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
  readonly className?: string;
};

/** A labelled select whose hint and error are tied to it, like FormField. */
export function SelectField({
  label,
  value,
  onValueChange,
  options,
  hint,
  error,
  disabled,
  className,
}: TSelectFieldProps) {
  const { id, describedBy } = useFieldIds({ hint, error });
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onValueChange} disabled={disabled}>
        <SelectTrigger
          id={id}
          // A long option (a reader's name and id) is cut with an ellipsis rather than widening the page.
          className="w-full min-w-0 overflow-hidden *:data-[slot=select-value]:min-w-0"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
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
      <FieldMessages fieldId={id} hint={hint} error={error} />
    </div>
  );
}
