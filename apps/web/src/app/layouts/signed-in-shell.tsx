import { useCallback, useRef } from 'react';
import { useNotificationSettings } from '@/features/settings/api/get-notification-settings';
import { useWorkingCalendar } from '@/features/settings/api/get-working-calendar';
import { useAuth } from '@/lib/auth/auth-context';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { WorkshopFormatScope } from '@/lib/workshop-format-scope';
import { AppLayout } from './app-layout';

/** The layout route of signed-in screens: the live connection opens with it and closes with it (spec §2). */
export function SignedInShell() {
  const notifications = useNotificationSettings();
  // Dates read in the workshop's zone on every screen (issue 35 §5).
  const calendar = useWorkingCalendar();
  const { user } = useAuth();
  // Read at each scan, so turning scan pop-ups off in Settings applies at once, without reconnecting.
  const latest = useRef(notifications.data);
  latest.current = notifications.data;
  const wantsScanToasts = useCallback(() => latest.current?.scanToasts ?? true, []);
  return (
    <RealtimeProvider wantsScanToasts={wantsScanToasts} userId={user?.id ?? null}>
      <WorkshopFormatScope timeZone={calendar.data?.timeZone}>
        <AppLayout />
      </WorkshopFormatScope>
    </RealtimeProvider>
  );
}
