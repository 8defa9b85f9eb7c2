import { FormField, type TFormFieldProps } from '@/components/form-field';

/** A FormField for a whole number from `min` (1 unless given) to `max`, with the numeric keyboard on phones. */
export function WholeNumberField({
  min = 1,
  max,
  ...props
}: TFormFieldProps & { readonly min?: number; readonly max: number }) {
  return <FormField type="number" inputMode="numeric" min={min} max={max} step={1} {...props} />;
}
