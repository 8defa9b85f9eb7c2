import { type ReactNode, useCallback, useRef } from 'react';
import { useNotificationSettings } from '@/features/settings/api/get-notification-settings';
import { useWorkingCalendar } from '@/features/settings/api/get-working-calendar';
import { useWorkshopLocale } from '@/features/settings/api/get-workshop-locale';
import { useAuth } from '@/lib/auth/auth-context';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { useTelemetryReporter } from '@/lib/telemetry/use-telemetry-reporter';
import { WorkshopFormatScope } from '@/lib/workshop-format-scope';

/**
 * The live connection of every signed-in route (spec §2: it opens after sign-in and closes at sign-out): the
 * screens in the main layout and the full-screen assistants (/jbh-ai, /jbh-ai-v2) alike. The session's error
 * and performance reports are sent from here too.
 */
export function LiveConnection({ children }: { readonly children: ReactNode }) {
  const notifications = useNotificationSettings();
  // Dates and figures read in the workshop's locale and zone on every screen (issue 35 §5).
  const calendar = useWorkingCalendar();
  const locale = useWorkshopLocale();
  const { user } = useAuth();
  // The session's client errors and request timings go to the server while signed in (issue 36 §2).
  useTelemetryReporter();
  // Read at each scan, so turning scan pop-ups off in Settings applies at once, without reconnecting.
  const latest = useRef(notifications.data);
  latest.current = notifications.data;
  const wantsScanToasts = useCallback(() => latest.current?.scanToasts ?? true, []);
  return (
    <RealtimeProvider wantsScanToasts={wantsScanToasts} userId={user?.id ?? null}>
      <WorkshopFormatScope locale={locale.data} timeZone={calendar.data?.timeZone}>
        {children}
      </WorkshopFormatScope>
    </RealtimeProvider>
  );
}
