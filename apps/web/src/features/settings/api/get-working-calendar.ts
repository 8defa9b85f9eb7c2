import { ZWorkingCalendarSchema } from '@loupe/domain/workflow/working-calendar';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

/** GET /workflow/calendar: the opening days and hours workflow due times count in. */
export async function getWorkingCalendar(signal?: AbortSignal) {
  return parseData(
    ZWorkingCalendarSchema,
    await apiClient.get('workflow/calendar', signal ? { signal } : {}),
  );
}

export function useWorkingCalendar() {
  return useQuery({
    queryKey: settingsQueryKeys.workingCalendar,
    queryFn: ({ signal }) => getWorkingCalendar(signal),
  });
}
