import { useId } from 'react';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

export type TChoiceGroup = {
  /** Null for a list that needs no group heading. */
  readonly label: string | null;
  readonly options: readonly { readonly value: string; readonly label: string }[];
};

export type TChoiceSelectProps = {
  readonly label: string;
  readonly placeholder: string;
  /** '' while nothing is chosen: the placeholder shows. */
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly groups: readonly TChoiceGroup[];
  readonly error?: string | undefined;
  readonly disabled?: boolean;
};

/** A labelled select that starts unchosen, with its options optionally in headed groups. */
export function ChoiceSelect({
  label,
  placeholder,
  value,
  onValueChange,
  groups,
  error,
  disabled,
}: TChoiceSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onValueChange} disabled={disabled}>
        <SelectTrigger
          id={id}
          className="w-full"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <SelectValue placeholder={placeholder}>
            {groups.flatMap((group) => group.options).find((option) => option.value === value)?.label}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
          {groups.map((group) => (
            <SelectGroup key={group.label ?? ''}>
              {group.label ? <SelectLabel>{group.label}</SelectLabel> : null}
              {group.options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectGroup>
          ))}
        </SelectContent>
      </Select>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
