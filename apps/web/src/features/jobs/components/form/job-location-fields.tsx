import { JOB_LOCATION_LABELS } from '@loupe/domain/jobs/job-locations';
import { SelectField } from '@/components/select-field';
import { useLocations } from '@/lib/registry-api/get-locations';
import { jobLocationOptions } from '@/lib/registry-api/location-names';
import type { TJobFormCommon } from './use-job-form';

/**
 * "Taken in at" and "Pickup at" (issue 39 §2): two cells of the form's two-column grid. A new job starts at
 * the user's home location; taken in at a store, its default promise adds the trip there and back.
 */
export function JobLocationFields({ form, disabled }: { form: TJobFormCommon; disabled: boolean }) {
  const locations = useLocations();
  const { intakeLocationId, pickupLocationId } = form.values;
  const options = jobLocationOptions(locations.data?.items, [intakeLocationId, pickupLocationId]);
  const hint = locations.isError
    ? 'The locations could not be loaded: the current choice is kept.'
    : undefined;
  return (
    <>
      <SelectField
        label={JOB_LOCATION_LABELS.intakeLocationId}
        value={intakeLocationId}
        onValueChange={(id) => form.setLocation('intakeLocationId', id)}
        options={options}
        error={form.errors.intakeLocationId}
        disabled={disabled}
        {...(hint ? { hint } : {})}
      />
      <SelectField
        label={JOB_LOCATION_LABELS.pickupLocationId}
        value={pickupLocationId}
        onValueChange={(id) => form.setLocation('pickupLocationId', id)}
        options={options}
        error={form.errors.pickupLocationId}
        disabled={disabled}
      />
    </>
  );
}
