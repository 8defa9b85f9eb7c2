import { useState } from 'react';
import { serverFormErrors, type TFormErrors } from './form-issues';

/**
 * What every form dialog keeps: the values, each field's error (from the form's own check or from the
 * server's answer) and one error for the whole form. Typing in a field clears that field's error.
 */
export function useDialogForm<F extends string, TValues extends Readonly<Record<F, unknown>>>(
  initial: () => TValues,
  fields: readonly F[],
) {
  const [values, setValues] = useState<TValues>(initial);
  const [errors, setErrors] = useState<TFormErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function setValue<K extends F>(field: K, value: TValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Back to the initial values with no errors: when the dialog opens. */
  function reset() {
    setValues(initial());
    setErrors({});
    setFormError(null);
  }

  /** The server refused: its field issues go under their fields, the rest above the buttons. */
  function showServerError(error: unknown) {
    const { fieldErrors, formError: message } = serverFormErrors(error, fields);
    setErrors(fieldErrors);
    setFormError(message);
  }

  return { values, setValues, errors, setErrors, formError, setFormError, setValue, reset, showServerError };
}
