import type { TReader } from '@loupe/domain/registry/readers';
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
import { toast } from '@/lib/toast';
import { type TReaderChanges, useUpdateReader } from '../api/update-reader';
import {
  isReaderKind,
  parseReaderForm,
  READER_FORM_FIELDS,
  READER_KIND_OPTIONS,
  type TReaderFormValues,
} from './reader-form-model';

/** Renames a reader or changes its kind; its id (and so its MQTT user and topic) stays. */
export function EditReaderDialog({ reader, trigger }: { reader: TReader; trigger: ReactNode }) {
  const initial = (): TReaderFormValues => ({ id: reader.id, name: reader.name, kind: reader.kind });
  const [open, setOpen] = useState(false);
  const { values, setErrors, errors, formError, setFormError, setValue, reset, showServerError } =
    useDialogForm(initial, READER_FORM_FIELDS);
  const update = useUpdateReader();
  const title = `Edit reader ${reader.name}`;

  function onOpenChange(next: boolean) {
    if (update.isPending) return;
    setOpen(next);
    if (next) reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const result = parseReaderForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    const changes: TReaderChanges = {};
    if (result.output.name !== reader.name) changes.name = result.output.name;
    if (result.output.kind !== reader.kind) changes.kind = result.output.kind;
    if (Object.keys(changes).length === 0) {
      setOpen(false);
      return;
    }
    update.mutate(
      { id: reader.id, changes },
      {
        onSuccess: (saved) => {
          setOpen(false);
          toast({ title: `Reader ${saved.name} was saved` });
        },
        onError: showServerError,
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Reader id <code className="font-mono">{reader.id}</code> stays as it is.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
          <FormField
            label="Name"
            value={values.name}
            maxLength={100}
            onChange={(event) => setValue('name', event.target.value)}
            error={errors.name}
            disabled={update.isPending}
            required
          />
          <SelectField
            label="Kind"
            value={values.kind}
            onValueChange={(value) => {
              if (isReaderKind(value)) setValue('kind', value);
            }}
            options={READER_KIND_OPTIONS}
            hint="The kind decides the URL and MQTT topic the reader sends to."
            error={errors.kind}
            disabled={update.isPending}
          />
          <FormErrorAlert message={formError} />
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={update.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save reader'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
