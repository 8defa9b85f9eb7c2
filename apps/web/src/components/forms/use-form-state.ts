import { type ChangeEvent, useState } from 'react';
import { serverFormErrors, type TFormErrors } from './form-issues';

/** What a form model's parse gives: the values to send, or an error per field. */
export type TFormParseResult<F extends string, TOutput> =
  | { readonly ok: true; readonly output: TOutput }
  | { readonly ok: false; readonly errors: TFormErrors<F> };

export type TFormStateOptions<F extends string = string> = {
  /** What a refused save says when the server's answer has no message; ERROR_MESSAGES.generic by default. */
  readonly failureMessage?: string;
  /** The form field of an issue the server names by another path, e.g. { 'sms.authToken': 'authToken' }. */
  readonly serverFields?: Readonly<Record<string, F>>;
};

/**
 * What every form keeps: the values, each field's error (from the form's own check or from the server's
 * answer) and one error for the whole form. Typing in a field clears that field's error. The dialog, auth
 * and job forms build on it; a form that needs no more uses it as it is.
 */
export function useFormState<F extends string, TValues extends Readonly<Record<F, unknown>>>(
  initial: () => TValues,
  fields: readonly F[],
  options: TFormStateOptions<F> = {},
) {
  const [values, setValues] = useState<TValues>(initial);
  const [errors, setErrors] = useState<TFormErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function setValue<K extends F>(field: K, value: TValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** A text field's value, change handler and error, to spread on a FormField. */
  function field<K extends F>(name: K) {
    return {
      value: String(values[name]),
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value as TValues[K]),
      error: errors[name],
    };
  }

  /** Back to the initial values with no errors (a dialog that opens, a form that was saved). */
  function reset() {
    setValues(initial());
    setErrors({});
    setFormError(null);
  }

  /** The form's own check: its errors shown under their fields, or the output to send when there are none. */
  function validate<TOutput>(result: TFormParseResult<F, TOutput>): TOutput | null {
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.output : null;
  }

  /** The server refused: its field issues go under their fields, the rest above the buttons. */
  function showServerError(error: unknown) {
    const { fieldErrors, formError: message } = serverFormErrors(
      error,
      fields,
      options.failureMessage,
      options.serverFields,
    );
    setErrors(fieldErrors);
    setFormError(message);
  }

  return {
    values,
    setValues,
    errors,
    setErrors,
    formError,
    setFormError,
    setValue,
    field,
    reset,
    validate,
    showServerError,
  };
}

export type TFormState<F extends string, TValues extends Readonly<Record<F, unknown>>> = ReturnType<
  typeof useFormState<F, TValues>
>;
