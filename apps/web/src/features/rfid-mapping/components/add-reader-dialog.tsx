import type { TCreateReaderInput, TReader } from '@loupe/domain/registry/readers';
import { type ReactNode, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { useFormState } from '@/components/forms/use-form-state';
import { SelectField } from '@/components/select-field';
import { toast } from '@/lib/toast';
import { type TReaderWithKey, useCreateReader } from '../api/create-reader';
import { useSaveReaderLlrp } from '../api/save-reader-llrp';
import { LlrpAntennaFields } from './llrp-antenna-fields';
import { LLRP_DIALOG_CLASS_NAME, LlrpEndpointFields } from './llrp-endpoint-fields';
import { emptyLlrpSettingsValues, LLRP_SETTINGS_FIELDS, parseLlrpSettings } from './llrp-settings-model';
import {
  emptyReaderForm,
  isReaderKind,
  parseReaderForm,
  READER_FORM_FIELDS,
  READER_KIND_OPTIONS,
} from './reader-form-model';
import { ReaderKeyDetails } from './reader-key-details';

export const ADD_READER_TITLE = 'Add a reader';

/**
 * Registers a reader (id, name, kind), then shows its API key once with how to connect it. An LLRP reader has
 * no key: Loupe calls it, so the dialog asks where it is, tests it and saves its antennas instead.
 */
export function AddReaderDialog({ trigger }: { trigger: ReactNode }) {
  const form = useDialogForm(emptyReaderForm, READER_FORM_FIELDS);
  const llrpForm = useFormState(emptyLlrpSettingsValues, LLRP_SETTINGS_FIELDS);
  const { values, errors, setValue } = form;
  const [created, setCreated] = useState<TReaderWithKey | null>(null);
  // An LLRP reader added whose settings were refused: a second try saves the settings only.
  const [unconfigured, setUnconfigured] = useState<TReader | null>(null);
  const create = useCreateReader();
  const saveLlrp = useSaveReaderLlrp();
  const isLlrp = values.kind === 'llrp';

  async function addLlrpReader(input: TCreateReaderInput) {
    const settings = llrpForm.validate(parseLlrpSettings(llrpForm.values));
    if (!settings) return;
    let reader = unconfigured;
    if (!reader) {
      try {
        reader = (await create.mutateAsync(input)).reader;
      } catch (error) {
        form.showServerError(error);
        return;
      }
      setUnconfigured(reader);
    }
    try {
      await saveLlrp.mutateAsync({ readerId: reader.id, settings });
    } catch (error) {
      llrpForm.showServerError(error);
      return;
    }
    form.setOpen(false);
    toast({ title: `Reader ${reader.name} was added`, description: `Loupe connects to ${settings.host}.` });
  }

  function onSubmit() {
    const output = form.validate(parseReaderForm(values));
    if (!output) return;
    if (output.kind === 'llrp') {
      void addLlrpReader(output);
      return;
    }
    create.mutate(output, { onSuccess: setCreated, onError: form.showServerError });
  }

  function onOpened() {
    setCreated(null);
    setUnconfigured(null);
    llrpForm.reset();
  }

  return (
    <FormDialog
      form={form}
      trigger={trigger}
      title={ADD_READER_TITLE}
      description={
        isLlrp
          ? 'Loupe connects to an LLRP reader itself: say where it is and test it. Map its antennas afterwards.'
          : 'Its API key is shown once, when it is added. Map its antennas afterwards.'
      }
      isPending={create.isPending || saveLlrp.isPending}
      submitLabel="Add reader"
      pendingLabel="Adding…"
      onSubmit={onSubmit}
      onOpened={onOpened}
      contentClassName={isLlrp ? LLRP_DIALOG_CLASS_NAME : undefined}
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
        hint={
          isLlrp
            ? 'Letters, digits, - and _. Loupe names the reader by it; it cannot change.'
            : "Letters, digits, - and _. The reader's MQTT user name and topic use it; it cannot change."
        }
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
      {isLlrp ? (
        <>
          <LlrpEndpointFields form={llrpForm} />
          <LlrpAntennaFields form={llrpForm} />
        </>
      ) : null}
    </FormDialog>
  );
}
