import type { TReader } from '@loupe/domain/registry/readers';
import type { ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { SelectField } from '@/components/select-field';
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
  const form = useDialogForm(initial, READER_FORM_FIELDS);
  const { values, errors, setValue } = form;
  const update = useUpdateReader();

  function onSubmit() {
    const output = form.validate(parseReaderForm(values));
    if (!output) return;
    const changes: TReaderChanges = {};
    if (output.name !== reader.name) changes.name = output.name;
    if (output.kind !== reader.kind) changes.kind = output.kind;
    if (Object.keys(changes).length === 0) {
      form.setOpen(false);
      return;
    }
    update.mutate(
      { id: reader.id, changes },
      {
        onSuccess: (saved) => {
          form.setOpen(false);
          toast({ title: `Reader ${saved.name} was saved` });
        },
        onError: form.showServerError,
      },
    );
  }

  return (
    <FormDialog
      form={form}
      trigger={trigger}
      title={`Edit reader ${reader.name}`}
      description={
        <>
          Reader id <code className="font-mono">{reader.id}</code> stays as it is.
        </>
      }
      isPending={update.isPending}
      submitLabel="Save reader"
      onSubmit={onSubmit}
    >
      <FormField label="Name" maxLength={100} {...form.field('name')} required />
      <SelectField
        label="Kind"
        value={values.kind}
        onValueChange={(value) => {
          if (isReaderKind(value)) setValue('kind', value);
        }}
        options={READER_KIND_OPTIONS}
        hint="The kind decides the URL and MQTT topic the reader sends to."
        error={errors.kind}
      />
    </FormDialog>
  );
}
