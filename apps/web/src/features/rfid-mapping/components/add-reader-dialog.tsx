import { type FormEvent, type ReactNode, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormErrorAlert } from '@/components/registry/form-error-alert';
import { useDialogForm } from '@/components/registry/use-dialog-form';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { type TReaderWithKey, useCreateReader } from '../api/create-reader';
import {
  emptyReaderForm,
  isReaderKind,
  parseReaderForm,
  READER_FORM_FIELDS,
  READER_KIND_OPTIONS,
} from './reader-form-model';
import { ReaderKeyDetails } from './reader-key-details';

export const ADD_READER_TITLE = 'Add a reader';

/** Registers a reader (id, name, kind), then shows its API key once with how to connect it. */
export function AddReaderDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { values, errors, setErrors, formError, setFormError, setValue, reset, showServerError } =
    useDialogForm(emptyReaderForm, READER_FORM_FIELDS);
  const [created, setCreated] = useState<TReaderWithKey | null>(null);
  const create = useCreateReader();

  function onOpenChange(next: boolean) {
    if (create.isPending) return;
    setOpen(next);
    if (next) {
      reset();
      setCreated(null);
    } else {
      // The key must not linger in memory once its dialog is gone.
      setCreated(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const result = parseReaderForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.output, {
      onSuccess: (answer) => setCreated(answer),
      onError: showServerError,
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Reader {created.reader.name} was added</DialogTitle>
              <DialogDescription>Give the reader this key, then map its antennas.</DialogDescription>
            </DialogHeader>
            <ReaderKeyDetails reader={created.reader} apiKey={created.apiKey} />
            <DialogFooter>
              <Button type="button" onClick={() => onOpenChange(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{ADD_READER_TITLE}</DialogTitle>
              <DialogDescription>
                Its API key is shown once, when it is added. Map its antennas afterwards.
              </DialogDescription>
            </DialogHeader>
            <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={ADD_READER_TITLE}>
              <FormField
                label="Reader id"
                hint="Letters, digits, - and _. The reader's MQTT user name and topic use it; it cannot change."
                value={values.id}
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setValue('id', event.target.value)}
                error={errors.id}
                disabled={create.isPending}
                required
              />
              <FormField
                label="Name"
                value={values.name}
                maxLength={100}
                onChange={(event) => setValue('name', event.target.value)}
                error={errors.name}
                disabled={create.isPending}
                required
              />
              <SelectField
                label="Kind"
                value={values.kind}
                onValueChange={(value) => {
                  if (isReaderKind(value)) setValue('kind', value);
                }}
                options={READER_KIND_OPTIONS}
                error={errors.kind}
                disabled={create.isPending}
              />
              <FormErrorAlert message={formError} />
              <DialogFooter>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => onOpenChange(false)}
                  disabled={create.isPending}
                >
                  Cancel
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Adding…' : 'Add reader'}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
