import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TNotificationSettings, TQuietHours } from '@loupe/domain/settings/notification-settings';
import type { FormEvent } from 'react';
import { FormActions } from '@/components/forms/form-actions';
import { useFormState } from '@/components/forms/use-form-state';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { SwitchField } from '@/components/switch-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import {
  parseQuietHoursForm,
  QUIET_HOURS_FIELDS,
  type TQuietHoursField,
  type TQuietHoursFormValues,
  toQuietHoursFormValues,
} from './quiet-hours-form-model';
import { TimeRangeFields } from './time-range-fields';

type TSwitchKey = Exclude<keyof TNotificationSettings, 'quietHours'>;

export const QUIET_HOURS_SAVED = 'Your quiet hours are saved';
// PUT /settings/notifications names the times inside quietHours.
const QUIET_HOURS_SERVER_FIELDS = { 'quietHours.start': 'start', 'quietHours.end': 'end' } as const;

const PREFERENCES: readonly { key: TSwitchKey; label: string; description: string }[] = [
  {
    key: 'emailAlerts',
    label: 'E-mail alerts',
    description: 'Overdue work and system alerts, sent to your e-mail address.',
  },
  {
    key: 'offsiteAlerts',
    label: 'Offsite alerts',
    description: 'A notice when an item goes offsite or comes back.',
  },
  {
    key: 'scanToasts',
    label: 'Scan pop-ups',
    description:
      'A short notice when a reader sees a piece you have open or a row of the list you are looking at.',
  },
  {
    key: 'alertNotices',
    label: 'Alerts in the bell',
    description:
      'Each alert raised (overdue, at-risk or stuck work, silent readers) as a notice in the header’s bell.',
  },
  {
    key: 'taskNotices',
    label: 'Tasks in the bell',
    description:
      'Work given to you, reminders about it and mentions of you in job notes, as notices in the header’s bell.',
  },
  {
    key: 'dailyDigest',
    label: 'Daily digest',
    description:
      'One e-mail when the workshop opens each working day: your tasks, customers’ finished pieces and open alerts.',
  },
];

/** Quiet hours: no alert e-mails between two times of the workshop's day; saved with its own button. */
function QuietHoursForm({ saved }: { saved: TQuietHours | null }) {
  const form = useFormState<TQuietHoursField, TQuietHoursFormValues>(
    () => toQuietHoursFormValues(saved),
    QUIET_HOURS_FIELDS,
    { failureMessage: 'Your quiet hours could not be saved.', serverFields: QUIET_HOURS_SERVER_FIELDS },
  );
  const { values, errors, formError, setValue } = form;
  const mutation = useUpdateNotificationSettings();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const result = parseQuietHoursForm(values);
    const quietHours = form.validate(result);
    if (!result.ok) return;
    mutation.mutate(
      { quietHours },
      { onSuccess: () => toast({ title: QUIET_HOURS_SAVED }), onError: form.showServerError },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Quiet hours">
      <fieldset disabled={mutation.isPending} className="grid min-w-0 gap-4">
        <SwitchField
          label="Quiet hours"
          description="No alert e-mails in these hours (the workshop’s time). Your bell and the daily digest still have every alert."
          checked={values.isOn}
          onCheckedChange={(isOn) => setValue('isOn', isOn)}
        />
        {values.isOn ? (
          <TimeRangeFields
            value={{ from: values.start, until: values.end }}
            onChange={({ from, until }) => {
              if (from !== values.start) setValue('start', from);
              if (until !== values.end) setValue('end', until);
            }}
            errors={{ from: errors.start, until: errors.end }}
          />
        ) : null}
      </fieldset>
      <FormActions formError={formError} isPending={mutation.isPending} submitLabel="Save quiet hours" />
    </form>
  );
}

/** Settings › notifications: the signed-in user's own preferences; each switch saves at once. */
export function NotificationsSection() {
  const query = useNotificationSettings();
  const mutation = useUpdateNotificationSettings();
  if (query.isPending) return <SectionLoading label="Loading notification settings" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  const settings = query.data;

  function onChange(key: TSwitchKey, checked: boolean) {
    mutation.mutate(
      { [key]: checked },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not save your preference',
            description: errorMessageOf(error, ERROR_MESSAGES.generic),
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your notifications</CardTitle>
        <CardDescription>These choices are yours alone; nobody else sees or changes them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {PREFERENCES.map((preference) => (
          <SwitchField
            key={preference.key}
            label={preference.label}
            description={preference.description}
            checked={settings[preference.key]}
            onCheckedChange={(checked) => onChange(preference.key, checked)}
            disabled={mutation.isPending}
          />
        ))}
        <QuietHoursForm key={JSON.stringify(settings.quietHours)} saved={settings.quietHours} />
      </CardContent>
    </Card>
  );
}
