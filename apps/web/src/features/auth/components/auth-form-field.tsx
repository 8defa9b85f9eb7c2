import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export type TAuthFormFieldProps = Omit<ComponentProps<typeof Input>, 'id'> & {
  readonly id: string;
  readonly label: string;
  /** Shown under the input and read with it. */
  readonly hint?: string;
  readonly error?: string | undefined;
  /** Something to show on the label's line, e.g. the forgot-password link. */
  readonly labelAside?: ReactNode;
};

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function AuthFormField({
  id,
  label,
  hint,
  error,
  labelAside,
  className,
  ...inputProps
}: TAuthFormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
