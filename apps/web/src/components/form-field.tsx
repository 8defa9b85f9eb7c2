import type { ComponentProps, ReactNode } from 'react';
import { FieldMessages, useFieldIds } from '@/components/forms/field-messages';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export type TFormFieldProps = Omit<ComponentProps<typeof Input>, 'id'> & {
  /** The input's id; generated when the form does not need to know it. */
  readonly id?: string;
  readonly label: string;
  /** Shown under the input and read with it. */
  readonly hint?: string;
  readonly error?: string | undefined;
  /** Something to show on the label's line, e.g. the forgot-password link. */
  readonly labelAside?: ReactNode;
};

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function FormField({ id, label, hint, error, labelAside, className, ...inputProps }: TFormFieldProps) {
  const { id: inputId, describedBy } = useFieldIds({ id, hint, error });
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      <FieldMessages fieldId={inputId} hint={hint} error={error} />
    </div>
  );
}
