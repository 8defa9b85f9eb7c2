import { FormField } from '@/components/form-field';

export type TMoneyFieldProps = {
  /** With its currency: 'Price (USD)'. */
  readonly label: string;
  /** As typed: the amount stays text until the form is checked. */
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly error: string | undefined;
  readonly disabled: boolean;
};

/** An amount of money as typed, with the decimal keypad on phones. */
export function MoneyField({ label, value, onValueChange, error, disabled }: TMoneyFieldProps) {
  return (
    <FormField
      label={label}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      error={error}
      disabled={disabled}
    />
  );
}
