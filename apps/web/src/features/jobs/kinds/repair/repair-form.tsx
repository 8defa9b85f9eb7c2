import { defaultJobLocationId } from '@loupe/domain/jobs/job-locations';
import { REPAIR_STATUS_LABELS, type TRepair } from '@loupe/domain/repairs/repair';
import { FormField } from '@/components/form-field';
import { FormSection } from '@/components/form-section';
import { TextareaField } from '@/components/textarea-field';
import { useAuth } from '@/lib/auth/auth-context';
import { paths, pathTo } from '@/lib/paths';
import { useWorkshopDefaults } from '../../api/get-workshop-defaults';
import { JobForm } from '../../components/form/job-form';
import { JobLocationFields } from '../../components/form/job-location-fields';
import { JobPromiseFields } from '../../components/form/job-promise-fields';
import { JobStatusSection } from '../../components/form/job-status-section';
import { MoneyField } from '../../components/form/money-field';
import { useJobForm } from '../../components/form/use-job-form';
import { useSaveJob } from '../../components/form/use-save-job';
import {
  emptyRepairForm,
  formFieldOf,
  parseNewRepairForm,
  parseRepairChanges,
  REPAIR_FORM_MESSAGES,
  repairStatusChoices,
  repairToFormValues,
  type TRepairFormValues,
} from './repair-form-model';
import { REPAIR_NOUN } from './repair-labels';
import { RepairTypesField } from './repair-types-field';

export type TRepairFormProps = {
  /** The repair being edited; null takes in a new one. */
  readonly repair: TRepair | null;
  readonly now?: () => Date;
};

/** Takes in a repair at the counter or edits one, checked with the server's own schema before it is sent. */
export function RepairForm({ repair, now = () => new Date() }: TRepairFormProps) {
  const { user } = useAuth();
  const settings = useWorkshopDefaults('repair');

  const form = useJobForm<TRepairFormValues>({
    // A new job is taken in and collected at the user's home location (LOC001 when they have none).
    initialValues: () =>
      repair ? repairToFormValues(repair) : emptyRepairForm('', defaultJobLocationId(user?.homeLocationId)),
    isNew: repair === null,
    // A new repair starts promised after the workshop's repair lead time until someone picks a date.
    settings: settings.data,
    leadTime: () => 'repair',
    now,
    fieldOf: formFieldOf,
    unreadableDateMessage: REPAIR_FORM_MESSAGES.date,
  });
  const { values, errors, setValue } = form;

  const { onSubmit, isPending } = useSaveJob({
    kind: 'repair',
    job: repair,
    form,
    noun: REPAIR_NOUN,
    numberOf: (saved) => saved.repairNumber,
    detailPath: (repairId) => pathTo(paths.repairDetail, { repairId }),
    createdWord: 'taken in',
    parseNew: parseNewRepairForm,
    parseChanges: parseRepairChanges,
  });

  return (
    <JobForm
      form={form}
      label={repair ? `Edit repair ${repair.repairNumber}` : 'New repair'}
      onSubmit={onSubmit}
      isPending={isPending}
      cancelPath={repair ? pathTo(paths.repairDetail, { repairId: repair.id }) : paths.repairs}
      submitLabel={repair ? 'Save changes' : 'Take in repair'}
    >
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
          <MoneyField
            label="Declared value (USD)"
            value={values.declaredValue}
            onValueChange={(declaredValue) => setValue('declaredValue', declaredValue)}
            error={errors.declaredValue}
            disabled={isPending}
          />
          <MoneyField
            label="Estimate (USD)"
            value={values.estimate}
            onValueChange={(estimate) => setValue('estimate', estimate)}
            error={errors.estimate}
            disabled={isPending}
          />
          <JobPromiseFields form={form} rushLabel="Rush repair" disabled={isPending} />
        </div>
      </FormSection>

      <FormSection title="Locations">
        <div className="grid gap-4 sm:grid-cols-2">
          <JobLocationFields form={form} disabled={isPending} />
        </div>
      </FormSection>

      {repair ? (
        <JobStatusSection
          current={repair.status}
          choices={repairStatusChoices(repair.status)}
          labels={REPAIR_STATUS_LABELS}
          value={values.status}
          onChange={(status) => setValue('status', status)}
          error={errors.status}
          disabled={isPending}
        />
      ) : null}
    </JobForm>
  );
}
