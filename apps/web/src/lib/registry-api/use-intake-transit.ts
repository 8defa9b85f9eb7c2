import { transitWorkingDays } from '@loupe/domain/registry/effective-location-settings';
import type { TWorkingDays } from '@loupe/domain/settings/order-settings';
import { useLocationSettings, useWorkshopCalendar } from './get-location-settings';

export type TIntakeTransit = {
  readonly transitWorkingDays: number;
  readonly workingDays?: TWorkingDays | undefined;
};

const NO_TRANSIT: TIntakeTransit = { transitWorkingDays: 0 };

/**
 * The transit a job taken in at `locationId` adds to its default promise (issue 39 §2), as the server counts
 * it: twice the location's transitDays, in the workshop calendar's working days. None while unknown (no
 * location, still loading, or unreadable: the server's own default then stands when no date is sent).
 */
export function useIntakeTransit(locationId: string, enabled: boolean): TIntakeTransit {
  const settings = useLocationSettings(locationId, { enabled: enabled && locationId !== '' });
  const days = settings.data
    ? transitWorkingDays({ kind: settings.data.kind, settings: settings.data.settings })
    : 0;
  const calendar = useWorkshopCalendar({ enabled: enabled && days > 0 });
  if (days === 0) return NO_TRANSIT;
  return { transitWorkingDays: days, workingDays: calendar.data };
}
