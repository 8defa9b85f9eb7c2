import type { TPersonHours } from '@loupe/domain/workflow/working-calendar';
import type { FormEvent } from 'react';
import { FormActions } from '@/components/forms/form-actions';
import { useFormState } from '@/components/forms/use-form-state';
import { OpenDaysField } from '@/components/open-days-field';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { SwitchRow } from '@/components/switch-row';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { usePersonHours } from '../api/get-person-hours';
import { useSavePersonHours } from '../api/save-person-hours';
import { TimeRangeFields } from './time-range-fields';
import {
  MY_HOURS_FIELDS,
  parseMyHoursForm,
  type TMyHoursField,
  type TMyHoursFormValues,
  toMyHoursFormValues,
} from './working-hours-form-model';

export const MY_HOURS_SAVED = 'Your working hours are saved';
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
// PUT /workflow/people/{id}/hours names the fields inside hours.
const MY_HOURS_SERVER_FIELDS = {
  'hours.openDays': 'openDays',
  'hours.opensAt': 'opensAt',
  'hours.closesAt': 'closesAt',
} as const;

function HoursForm({ userId, saved }: { userId: string; saved: TPersonHours | null }) {
  const form = useFormState<TMyHoursField, TMyHoursFormValues>(
    () => toMyHoursFormValues(saved),
    MY_HOURS_FIELDS,
    {
      failureMessage: 'Your working hours could not be saved.',
      serverFields: MY_HOURS_SERVER_FIELDS,
    },
  );
  const { values, errors, formError, setValue } = form;
  const mutation = useSavePersonHours(userId);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const result = parseMyHoursForm(values);
    const hours = form.validate(result);
    if (!result.ok) return;
    mutation.mutate(
      { userId, hours },
      { onSuccess: () => toast({ title: MY_HOURS_SAVED }), onError: form.showServerError },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="My working hours">
      <fieldset disabled={mutation.isPending} className="grid min-w-0 gap-4">
        <SwitchRow
          label="I keep hours of my own"
          checked={values.isOwn}
          onCheckedChange={(isOwn) => setValue('isOwn', isOwn)}
        />
        {values.isOwn ? (
          <>
            <OpenDaysField
              legend="I work on"
              dayNames={DAYS}
              idPrefix="my-day"
              value={values.openDays}
              onChange={(openDays) => setValue('openDays', openDays)}
              error={errors.openDays}
            />
            <TimeRangeFields
              value={{ from: values.opensAt, until: values.closesAt }}
              onChange={({ from, until }) => {
                if (from !== values.opensAt) setValue('opensAt', from);
                if (until !== values.closesAt) setValue('closesAt', until);
              }}
              errors={{ from: errors.opensAt, until: errors.closesAt }}
            />
          </>
        ) : null}
      </fieldset>
      <FormActions formError={formError} isPending={mutation.isPending} submitLabel="Save my hours" />
    </form>
  );
}

/** Settings › profile: when I work, so that work given to me is due in my hours, not the workshop's. */
export function MyWorkingHours({ userId }: { userId: string }) {
  const query = usePersonHours(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">My working hours</CardTitle>
        <CardDescription>
          Work given to you without a promised date is due within your hours. Leave this off to work the
          workshop’s hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <SectionLoading label="Loading your working hours" />
        ) : query.isError ? (
          <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <HoursForm key={JSON.stringify(query.data)} userId={userId} saved={query.data} />
        )}
      </CardContent>
    </Card>
  );
}
