import { type TWorkingCalendar, ZWorkingCalendarSchema } from '@loupe/domain/workflow/working-calendar';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { settingsQueryKeys } from './settings-query-keys';

/** PUT /workflow/calendar (admins and managers, as Settings › general): the workshop's opening days, hours, time zone and closed dates. */
export async function updateWorkingCalendar(calendar: TWorkingCalendar) {
  return parseData(ZWorkingCalendarSchema, await apiClient.put('workflow/calendar', calendar));
}

export function useUpdateWorkingCalendar() {
  return useSaveMutation({ mutationFn: updateWorkingCalendar, queryKey: settingsQueryKeys.workingCalendar });
}
