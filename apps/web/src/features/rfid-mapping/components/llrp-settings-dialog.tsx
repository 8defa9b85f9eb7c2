import {
  LLRP_MESSAGES,
  LLRP_REPORT_EVERY_MS_MAX,
  LLRP_REPORT_EVERY_MS_MIN,
  LLRP_SEARCH_MODE_LABELS,
  LLRP_SEARCH_MODES,
  LLRP_SESSIONS,
  type TLlrpSettings,
} from '@loupe/domain/registry/llrp';
import type { TReader } from '@loupe/domain/registry/readers';
import type { ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import { FormDialog } from '@/components/forms/form-dialog';
import { useDialogForm } from '@/components/forms/use-dialog-form';
import { SelectField } from '@/components/select-field';
import { toast } from '@/lib/toast';
import { useSaveReaderLlrp } from '../api/save-reader-llrp';
import { LlrpAntennaFields } from './llrp-antenna-fields';
import { LLRP_DIALOG_CLASS_NAME, LlrpEndpointFields } from './llrp-endpoint-fields';
import {
  LLRP_SETTINGS_FIELDS,
  llrpSettingsValues,
  NO_SEARCH_MODE,
  parseLlrpSettings,
  type TLlrpSettingsValues,
} from './llrp-settings-model';

export const LLRP_SETTINGS_TITLE = 'LLRP settings';

const SESSION_OPTIONS = LLRP_SESSIONS.map((session) => ({
  value: String(session),
  label: `Session ${session}`,
}));
const SEARCH_MODE_OPTIONS = [
  { value: NO_SEARCH_MODE, label: 'The reader’s own' },
  ...LLRP_SEARCH_MODES.map((mode) => ({ value: mode, label: LLRP_SEARCH_MODE_LABELS[mode] })),
];

function isSearchMode(value: string): value is TLlrpSettingsValues['searchMode'] {
  return value === NO_SEARCH_MODE || (LLRP_SEARCH_MODES as readonly string[]).includes(value);
}

export type TLlrpSettingsDialogProps = {
  readonly reader: TReader;
  /** The saved settings (null until the first save); the form starts from them each time it opens. */
  readonly settings: TLlrpSettings | null;
  readonly trigger: ReactNode;
};

/** Where an LLRP reader is, which antennas Loupe reads with and at what power, and how it reports. */
export function LlrpSettingsDialog({ reader, settings, trigger }: TLlrpSettingsDialogProps) {
  const form = useDialogForm(() => llrpSettingsValues(settings), LLRP_SETTINGS_FIELDS);
  const { values, errors, setValue } = form;
  const save = useSaveReaderLlrp();

  function onSubmit() {
    const output = form.validate(parseLlrpSettings(values));
    if (!output) return;
    save.mutate(
      { readerId: reader.id, settings: output },
      {
        onSuccess: () => {
          form.setOpen(false);
          toast({ title: `LLRP settings of ${reader.name} were saved` });
        },
        onError: form.showServerError,
      },
    );
  }

  return (
    <FormDialog
      form={form}
      trigger={trigger}
      title={`${LLRP_SETTINGS_TITLE} of ${reader.name}`}
      description="Loupe connects to the reader, sets up its antennas and reads what it reports. Saving reconnects."
      isPending={save.isPending}
      submitLabel="Save settings"
      onSubmit={onSubmit}
      contentClassName={LLRP_DIALOG_CLASS_NAME}
    >
      <LlrpEndpointFields form={form} />
      <LlrpAntennaFields form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Session"
          value={values.session}
          onValueChange={(value) => setValue('session', value)}
          options={SESSION_OPTIONS}
          hint={LLRP_MESSAGES.sessionHelp}
          error={errors.session}
        />
        <FormField
          label="Report every (ms)"
          type="number"
          inputMode="numeric"
          min={LLRP_REPORT_EVERY_MS_MIN}
          max={LLRP_REPORT_EVERY_MS_MAX}
          step={100}
          hint={LLRP_MESSAGES.reportEveryMsHelp}
          {...form.field('reportEveryMs')}
        />
      </div>
      <SelectField
        label="Search mode"
        value={values.searchMode}
        onValueChange={(value) => {
          if (isSearchMode(value)) setValue('searchMode', value);
        }}
        options={SEARCH_MODE_OPTIONS}
        hint={LLRP_MESSAGES.searchModeHelp}
        error={errors.searchMode}
      />
    </FormDialog>
  );
}
