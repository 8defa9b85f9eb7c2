import { FormSection } from '@/components/form-section';
import { SelectField } from '@/components/select-field';

export type TJobStatusSectionProps<TStatus extends string> = {
  /** The saved status: the choices are the steps that may follow it. */
  readonly current: TStatus;
  readonly choices: readonly TStatus[];
  readonly labels: Readonly<Record<TStatus, string>>;
  readonly value: TStatus;
  readonly onChange: (status: TStatus) => void;
  readonly error: string | undefined;
  readonly disabled: boolean;
};

/** An edited job's "Status" section; a final status (its only choice) cannot change. */
export function JobStatusSection<TStatus extends string>({
  current,
  choices,
  labels,
  value,
  onChange,
  error,
  disabled,
}: TJobStatusSectionProps<TStatus>) {
  const isFinal = choices.length === 1;
  return (
    <FormSection title="Status">
      <SelectField
        label="Status"
        value={value}
        onValueChange={(next) => onChange(next as TStatus)}
        options={choices.map((status) => ({ value: status, label: labels[status] }))}
        hint={
          isFinal
            ? `${labels[current]} is final: the status can no longer change.`
            : 'Only the steps that may follow the current status are offered.'
        }
        error={error}
        disabled={disabled || isFinal}
      />
    </FormSection>
  );
}
