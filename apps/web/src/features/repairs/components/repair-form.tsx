import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { REPAIR_STATUS_LABELS, type TRepair, type TRepairStatus } from '@loupe/domain/repairs/repair';
import { defaultPromisedDate } from '@loupe/domain/settings/order-settings';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CustomerPicker } from '@/components/customers/customer-picker';
import { FormField } from '@/components/form-field';
import { FormSection } from '@/components/form-section';
import { SelectField } from '@/components/select-field';
import { SwitchRow } from '@/components/switch-row';
import { TextareaField } from '@/components/textarea-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf, fieldIssuesOf } from '@/lib/api-error';
import { paths, pathTo } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useCreateRepair } from '../api/create-repair';
import { useRepairSettings } from '../api/get-repair-settings';
import { useUpdateRepair } from '../api/update-repair';
import {
  emptyRepairForm,
  formFieldOf,
  parseNewRepairForm,
  parseRepairChanges,
  REPAIR_FORM_MESSAGES,
  repairStatusChoices,
  repairToFormValues,
  type TRepairFormErrors,
  type TRepairFormValues,
} from './repair-form-model';
import { RepairTypesField } from './repair-types-field';

export type TRepairFormProps = {
  /** The repair being edited; null takes in a new one. */
  readonly repair: TRepair | null;
  readonly now?: () => Date;
};

/** Takes in a repair at the counter or edits one, checked with the server's own schema before it is sent. */
export function RepairForm({ repair, now = () => new Date() }: TRepairFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<TRepairFormValues>(() =>
    repair ? repairToFormValues(repair) : emptyRepairForm(),
  );
  const [errors, setErrors] = useState<TRepairFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isDateTouched, setIsDateTouched] = useState(repair !== null);
  const [isDateUnreadable, setIsDateUnreadable] = useState(false);
  const createMutation = useCreateRepair();
  const updateMutation = useUpdateRepair();
  const isPending = createMutation.isPending || updateMutation.isPending;
  const settings = useRepairSettings();

  // A new repair starts promised after the workshop's repair lead time until someone picks a date.
  const settingsData = settings.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` is read, not watched.
  useEffect(() => {
    if (isDateTouched || !settingsData) return;
    const promisedDate = defaultPromisedDate(settingsData, 'repair', now());
    setValues((current) => ({ ...current, promisedDate }));
  }, [settingsData, isDateTouched]);

  function setValue<K extends keyof TRepairFormValues>(field: K, value: TRepairFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showServerError(error: unknown) {
    const found: TRepairFormErrors = {};
    for (const issue of fieldIssuesOf(error)) {
      const field = formFieldOf(issue.field);
      if (field) found[field] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) setFormError(errorMessageOf(error, ERROR_MESSAGES.generic));
  }

  function withDateCheck(found: TRepairFormErrors): TRepairFormErrors {
    // A half-typed date reads as '' in the browser; its validity says it is not blank but unreadable.
    return isDateUnreadable && !found.promisedDate
      ? { ...found, promisedDate: REPAIR_FORM_MESSAGES.date }
      : found;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (repair === null) {
      const parsed = parseNewRepairForm(values);
      const found = withDateCheck(parsed.ok ? {} : parsed.errors);
      setErrors(found);
      if (!parsed.ok || Object.keys(found).length > 0) return;
      createMutation.mutate(parsed.value, {
        onSuccess: (created) => {
          toast({ title: `Repair ${created.repairNumber} taken in` });
          navigate(pathTo(paths.repairDetail, { repairId: created.id }));
        },
        onError: showServerError,
      });
      return;
    }
    const parsed = parseRepairChanges(values, repair);
    const found = withDateCheck(parsed.ok ? {} : parsed.errors);
    setErrors(found);
    if (!parsed.ok || Object.keys(found).length > 0) return;
    const detailPath = pathTo(paths.repairDetail, { repairId: repair.id });
    if (Object.keys(parsed.value).length === 0) {
      toast({ title: 'Nothing to save', description: 'The repair is as it was.' });
      navigate(detailPath);
      return;
    }
    updateMutation.mutate(
      { repairId: repair.id, changes: parsed.value },
      {
        onSuccess: (saved) => {
          toast({ title: `Repair ${saved.repairNumber} saved` });
          navigate(detailPath);
        },
        onError: showServerError,
      },
    );
  }

  const cancelPath = repair ? pathTo(paths.repairDetail, { repairId: repair.id }) : paths.repairs;

  return (
    <form
      className="grid gap-6"
      onSubmit={onSubmit}
      noValidate
      aria-label={repair ? `Edit repair ${repair.repairNumber}` : 'New repair'}
    >
      <FormSection title="Customer">
        <CustomerPicker
          value={values.customer}
          onChange={(customer) => setValue('customer', customer)}
          error={errors.customer}
          disabled={isPending}
        />
      </FormSection>

      <FormSection title="The item">
        <FormField
          label="Item description"
          autoComplete="off"
          maxLength={2000}
          placeholder="e.g. 14k white gold ring with a 1 ct round diamond"
          value={values.itemDescription}
          onChange={(event) => setValue('itemDescription', event.target.value)}
          error={errors.itemDescription}
          disabled={isPending}
          required
        />
        <RepairTypesField
          value={values.repairTypes}
          onChange={(repairTypes) => setValue('repairTypes', repairTypes)}
          error={errors.repairTypes}
          disabled={isPending}
        />
        <TextareaField
          label="Condition notes"
          placeholder="Scratches, loose stones, missing prongs: what the customer handed over"
          maxLength={5000}
          value={values.conditionNotes}
          onValueChange={(conditionNotes) => setValue('conditionNotes', conditionNotes)}
          error={errors.conditionNotes}
          disabled={isPending}
        />
      </FormSection>

      <FormSection title="Value, estimate and promise">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Declared value (USD)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={values.declaredValue}
            onChange={(event) => setValue('declaredValue', event.target.value)}
            error={errors.declaredValue}
            disabled={isPending}
          />
          <FormField
            label="Estimate (USD)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={values.estimate}
            onChange={(event) => setValue('estimate', event.target.value)}
            error={errors.estimate}
            disabled={isPending}
          />
          <FormField
            label="Promised date"
            type="date"
            value={values.promisedDate}
            onChange={(event) => {
              setIsDateTouched(true);
              setIsDateUnreadable(event.currentTarget.validity.badInput);
              setValue('promisedDate', event.target.value);
            }}
            error={errors.promisedDate}
            disabled={isPending}
          />
          <SwitchRow
            label="Rush repair"
            className="self-end"
            checked={values.isRush}
            onCheckedChange={(isRush) => setValue('isRush', isRush)}
            disabled={isPending}
          />
        </div>
      </FormSection>

      {repair ? (
        <FormSection title="Status">
          <StatusSelect
            current={repair.status}
            value={values.status}
            onChange={(status) => setValue('status', status)}
            error={errors.status}
            disabled={isPending}
          />
        </FormSection>
      ) : null}

      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancelPath}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Saving…' : repair ? 'Save changes' : 'Take in repair'}
        </Button>
      </div>
    </form>
  );
}

function StatusSelect({
  current,
  value,
  onChange,
  error,
  disabled,
}: {
  current: TRepairStatus;
  value: TRepairStatus;
  onChange: (status: TRepairStatus) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const choices = repairStatusChoices(current);
  const isFinal = choices.length === 1;
  return (
    <SelectField
      label="Status"
      value={value}
      onValueChange={(next) => onChange(next as TRepairStatus)}
      options={choices.map((status) => ({ value: status, label: REPAIR_STATUS_LABELS[status] }))}
      hint={
        isFinal
          ? `${REPAIR_STATUS_LABELS[current]} is final: the status can no longer change.`
          : 'Only the steps that may follow the current status are offered.'
      }
      error={error}
      disabled={disabled || isFinal}
    />
  );
}
