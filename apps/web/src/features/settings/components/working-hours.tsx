import type { TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import type { FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { useFormState } from '@/components/forms/use-form-state';
import { OpenDaysField } from '@/components/open-days-field';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { TextareaField } from '@/components/textarea-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useWorkingCalendar } from '../api/get-working-calendar';
import { useUpdateWorkingCalendar } from '../api/update-working-calendar';
import {
  parseWorkingHoursForm,
  type TWorkingHoursField,
  type TWorkingHoursFormValues,
  toWorkingHoursFormValues,
  WORKING_HOURS_FIELDS,
} from './working-hours-form-model';

export const WORKING_HOURS_SAVED = 'Working hours saved';
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

function WorkingHoursForm({ saved, canEdit }: { saved: TWorkingCalendar; canEdit: boolean }) {
  const form = useFormState<TWorkingHoursField, TWorkingHoursFormValues>(
    () => toWorkingHoursFormValues(saved),
    WORKING_HOURS_FIELDS,
  );
  const { values, errors, formError, setValue } = form;
  const mutation = useUpdateWorkingCalendar();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const calendar = form.validate(parseWorkingHoursForm(values));
    if (calendar === null) return;
    mutation.mutate(calendar, {
      onSuccess: () => toast({ title: WORKING_HOURS_SAVED }),
      onError: form.showServerError,
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Working hours</CardTitle>
        <CardDescription>
          Workflow due times count only these hours: a job due in 8 working hours on a Friday afternoon is due
          on Monday.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Working hours">
          <fieldset disabled={!canEdit || mutation.isPending} className="grid min-w-0 gap-4">
            <OpenDaysField
              legend="Open on"
              dayNames={DAYS}
              idPrefix="open"
              value={values.openDays}
              onChange={(openDays) => setValue('openDays', openDays)}
              error={errors.openDays}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField label="Opens at" type="time" {...form.field('opensAt')} />
              <FormField label="Closes at" type="time" {...form.field('closesAt')} />
              <FormField
                label="Time zone"
                hint="As in Europe/London or America/New_York."
                {...form.field('timeZone')}
              />
            </div>
            <TextareaField
              label="Closed dates (one per line, e.g. 2026-12-25)"
              rows={3}
              value={values.closedDates}
              onValueChange={(closedDates) => setValue('closedDates', closedDates)}
              error={errors.closedDates}
            />
          </fieldset>
          {canEdit ? (
            <FormActions
              formError={formError}
              isPending={mutation.isPending}
              submitLabel="Save working hours"
            />
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

/** Settings › general: when the workshop works, which workflow due times count in. */
export function WorkingHours({ canEdit }: { canEdit: boolean }) {
  const query = useWorkingCalendar();
  if (query.isPending) return <SectionLoading label="Loading the working hours" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <WorkingHoursForm key={JSON.stringify(query.data)} saved={query.data} canEdit={canEdit} />;
}
