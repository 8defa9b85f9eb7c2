import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import type { TNotificationSettings } from '@loupe/domain/settings/notification-settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { SectionLoadError, SectionLoading } from './section-states';
import { SwitchField } from './switch-field';

const PREFERENCES: readonly { key: keyof TNotificationSettings; label: string; description: string }[] = [
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
    description: 'Each alert raised (late or stuck work, silent readers) as a notice in the header’s bell.',
  },
  {
    key: 'taskNotices',
    label: 'Tasks in the bell',
    description: 'Work given to you and reminders about it, as notices in the header’s bell.',
  },
  {
    key: 'dailyDigest',
    label: 'Daily digest',
    description: 'One summary e-mail each morning.',
  },
];

/** Settings › notifications: the signed-in user's own preferences; each switch saves at once. */
export function NotificationsSection() {
  const query = useNotificationSettings();
  const mutation = useUpdateNotificationSettings();
  if (query.isPending) return <SectionLoading label="Loading notification settings" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  const settings = query.data;

  function onChange(key: keyof TNotificationSettings, checked: boolean) {
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
      </CardContent>
    </Card>
  );
}
