import { type TPersonHours, ZPersonHoursSchema } from '@loupe/domain/workflow/working-calendar';
import { type FormEvent, useState } from 'react';
import { FormActions } from '@/components/forms/form-actions';
import type { TFormErrors } from '@/components/forms/form-issues';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { SwitchRow } from '@/components/switch-row';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { usePersonHours } from '../api/get-person-hours';
import { useSavePersonHours } from '../api/save-person-hours';
import { OpenDaysField } from './open-days-field';
import { TimeRangeFields } from './time-range-fields';

export const MY_HOURS_SAVED = 'Your working hours are saved';
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const FIELDS = ['openDays', 'opensAt', 'closesAt'] as const;
const WORKSHOP_LIKE: TPersonHours = { openDays: [1, 2, 3, 4, 5], opensAt: '09:00', closesAt: '17:00' };

function HoursForm({ userId, saved }: { userId: string; saved: TPersonHours | null }) {
  const [own, setOwn] = useState(saved !== null);
  const [hours, setHours] = useState<TPersonHours>(saved ?? WORKSHOP_LIKE);
  const [errors, setErrors] = useState<TFormErrors<(typeof FIELDS)[number]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useSavePersonHours(userId);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    let value: TPersonHours | null = null;
    if (own) {
      const parsed = ZPersonHoursSchema.safeParse(hours);
      if (!parsed.success) {
        setErrors(formErrorsFromZod(parsed.error, FIELDS, { openDays: 'Choose at least one day' }));
        return;
      }
      value = parsed.data;
    }
    setErrors({});
    mutation.mutate(
      { userId, hours: value },
      {
        onSuccess: () => toast({ title: MY_HOURS_SAVED }),
        onError: (error) => setFormError(errorMessageOf(error, 'Your working hours could not be saved.')),
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="My working hours">
      <fieldset disabled={mutation.isPending} className="grid min-w-0 gap-4">
        <SwitchRow label="I keep hours of my own" checked={own} onCheckedChange={setOwn} />
        {own ? (
          <>
            <OpenDaysField
              legend="I work on"
              dayNames={DAYS}
              idPrefix="my-day"
              value={hours.openDays}
              onChange={(openDays) => setHours((current) => ({ ...current, openDays }))}
              error={errors.openDays}
            />
            <TimeRangeFields
              value={{ from: hours.opensAt, until: hours.closesAt }}
              onChange={({ from, until }) =>
                setHours((current) => ({ ...current, opensAt: from, closesAt: until }))
              }
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
