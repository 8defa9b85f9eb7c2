import { type ComponentProps, useId } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export type TTextareaFieldProps = Omit<ComponentProps<typeof Textarea>, 'id'> & {
  readonly label: string;
  readonly error?: string | undefined;
};

/** A labelled textarea whose error is tied to it, like FormField. */
export function TextareaField({ label, error, ...props }: TTextareaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
