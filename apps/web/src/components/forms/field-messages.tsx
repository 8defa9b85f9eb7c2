import { useId } from 'react';

type TFieldMessages = { readonly hint?: string | undefined; readonly error?: string | undefined };

/**
 * A field's id (generated unless the form gives one) and the aria-describedby that ties its hint and
 * error, shown by FieldMessages, to the control.
 */
export function useFieldIds({ id, hint, error }: TFieldMessages & { readonly id?: string | undefined }) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const describedBy =
    [hint ? `${fieldId}-hint` : null, error ? `${fieldId}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return { id: fieldId, describedBy };
}

/** The hint and the error under a field, with the ids useFieldIds points at. */
export function FieldMessages({ fieldId, hint, error }: TFieldMessages & { readonly fieldId: string }) {
  return (
    <>
      {hint ? (
        <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
