import { useState } from 'react';
import { useFormState } from './use-form-state';

/** A form in a dialog: the form's state (`useFormState`) and whether the dialog is open. */
export function useDialogForm<F extends string, TValues extends Readonly<Record<F, unknown>>>(
  initial: () => TValues,
  fields: readonly F[],
) {
  const form = useFormState(initial, fields);
  const [open, setOpen] = useState(false);
  return { ...form, open, setOpen };
}

export type TDialogForm = Pick<
  ReturnType<typeof useDialogForm>,
  'open' | 'setOpen' | 'reset' | 'formError' | 'setFormError'
>;
