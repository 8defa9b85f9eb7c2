import { type ReactNode, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { SelectField } from '@/components/select-field';
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
  const form = useDialogForm(emptyReaderForm, READER_FORM_FIELDS);
  const { values, errors, setValue } = form;
  const [created, setCreated] = useState<TReaderWithKey | null>(null);
  const create = useCreateReader();

  function onSubmit() {
    const output = form.validate(parseReaderForm(values));
    if (!output) return;
    create.mutate(output, { onSuccess: setCreated, onError: form.showServerError });
  }

  return (
    <FormDialog
      form={form}
      trigger={trigger}
      title={ADD_READER_TITLE}
      description="Its API key is shown once, when it is added. Map its antennas afterwards."
      isPending={create.isPending}
      submitLabel="Add reader"
      pendingLabel="Adding…"
      onSubmit={onSubmit}
      onOpened={() => setCreated(null)}
      // The key must not linger in memory once its dialog is gone.
      onClosed={() => setCreated(null)}
      done={
        created
          ? {
              title: `Reader ${created.reader.name} was added`,
              description: 'Give the reader this key, then map its antennas.',
              body: <ReaderKeyDetails reader={created.reader} apiKey={created.apiKey} />,
            }
          : null
      }
    >
      <FormField
        label="Reader id"
        hint="Letters, digits, - and _. The reader's MQTT user name and topic use it; it cannot change."
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        {...form.field('id')}
        required
      />
      <FormField label="Name" maxLength={100} {...form.field('name')} required />
      <SelectField
        label="Kind"
        value={values.kind}
        onValueChange={(value) => {
          if (isReaderKind(value)) setValue('kind', value);
        }}
        options={READER_KIND_OPTIONS}
        error={errors.kind}
      />
    </FormDialog>
  );
}
