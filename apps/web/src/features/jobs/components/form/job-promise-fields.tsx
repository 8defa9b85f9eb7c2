import { FormField } from '@/components/form-field';
import { SwitchRow } from '@/components/switch-row';
import type { TJobFormCommon } from './use-job-form';

/** The promised date and the rush switch: two cells of the form's two-column grid. */
export function JobPromiseFields({
  form,
  rushLabel,
  disabled,
}: {
  form: TJobFormCommon;
  /** 'Rush order', 'Rush repair'. */
  rushLabel: string;
  disabled: boolean;
}) {
  return (
    <>
      <FormField
        label="Promised date"
        type="date"
        value={form.values.promisedDate}
        onChange={(event) => form.setPromisedDate(event.target.value, event.currentTarget.validity.badInput)}
        error={form.errors.promisedDate}
        disabled={disabled}
      />
      <SwitchRow
        label={rushLabel}
        className="self-end"
        checked={form.values.isRush}
        onCheckedChange={form.setRush}
        disabled={disabled}
      />
    </>
  );
}
