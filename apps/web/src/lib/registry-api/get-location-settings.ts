import { ZLocationSettingsViewSchema } from '@loupe/domain/registry/location-settings-api';
import { ZWorkingCalendarSchema } from '@loupe/domain/workflow/working-calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { registryQueryKeys } from './registry-query-keys';

/** GET /locations/{id}/settings (issue 39 §3): what a location sets itself, and the workshop's values. */
export async function getLocationSettings(locationId: string, signal?: AbortSignal) {
  return parseData(
    ZLocationSettingsViewSchema,
    await apiClient.get(`locations/${encodeURIComponent(locationId)}/settings`, signal ? { signal } : {}),
  );
}

export const locationSettingsQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: registryQueryKeys.locationSettings(locationId),
    queryFn: ({ signal }) => getLocationSettings(locationId, signal),
  });

export function useLocationSettings(locationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...locationSettingsQueryOptions(locationId), enabled: options.enabled ?? true });
}

/** GET /workflow/calendar: the workshop's open days and closed dates, which transit days count in. */
export function useWorkshopCalendar(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: registryQueryKeys.workshopCalendar,
    queryFn: async ({ signal }) =>
      parseData(ZWorkingCalendarSchema, await apiClient.get('workflow/calendar', signal ? { signal } : {})),
    enabled: options.enabled ?? true,
  });
}
