import { type TWorkingCalendar, ZWorkingCalendarSchema } from '@loupe/domain/workflow/working-calendar';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/forms/form-actions';
import { serverFormErrors, type TFormErrors } from '@/components/forms/form-issues';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { TextareaField } from '@/components/textarea-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useWorkingCalendar } from '../api/get-working-calendar';
import { useUpdateWorkingCalendar } from '../api/update-working-calendar';
import { OpenDaysField } from './open-days-field';

export const WORKING_HOURS_SAVED = 'Working hours saved';
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const FIELDS = ['timeZone', 'openDays', 'opensAt', 'closesAt', 'closedDates'] as const;
type TField = (typeof FIELDS)[number];

function WorkingHoursForm({ saved, canEdit }: { saved: TWorkingCalendar; canEdit: boolean }) {
  const [calendar, setCalendar] = useState<TWorkingCalendar>(saved);
  const [closedText, setClosedText] = useState(saved.closedDates.join('\n'));
  const [errors, setErrors] = useState<TFormErrors<TField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useUpdateWorkingCalendar();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const closedDates = closedText.split(/[\s,]+/).filter(Boolean);
    const parsed = ZWorkingCalendarSchema.safeParse({ ...calendar, closedDates });
    if (!parsed.success) {
      setErrors(formErrorsFromZod(parsed.error, FIELDS, {}));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: () => toast({ title: WORKING_HOURS_SAVED }),
      onError: (error) => {
        const { fieldErrors, formError: message } = serverFormErrors(error, FIELDS);
        setErrors(fieldErrors);
        setFormError(message);
      },
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
              value={calendar.openDays}
              onChange={(openDays) => setCalendar((current) => ({ ...current, openDays }))}
              error={errors.openDays}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField
                label="Opens at"
                type="time"
                value={calendar.opensAt}
                onChange={(event) => setCalendar((current) => ({ ...current, opensAt: event.target.value }))}
                error={errors.opensAt}
              />
              <FormField
                label="Closes at"
                type="time"
                value={calendar.closesAt}
                onChange={(event) => setCalendar((current) => ({ ...current, closesAt: event.target.value }))}
                error={errors.closesAt}
              />
              <FormField
                label="Time zone"
                hint="As in Europe/London or America/New_York."
                value={calendar.timeZone}
                onChange={(event) => setCalendar((current) => ({ ...current, timeZone: event.target.value }))}
                error={errors.timeZone}
              />
            </div>
            <TextareaField
              label="Closed dates (one per line, e.g. 2026-12-25)"
              rows={3}
              value={closedText}
              onValueChange={setClosedText}
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
