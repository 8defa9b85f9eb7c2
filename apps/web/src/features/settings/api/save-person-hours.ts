import { type TPersonHours, ZPersonHoursSchema } from '@loupe/domain/workflow/working-calendar';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useSaveMutation } from '@/lib/use-save-mutation';
import { personHoursPath } from './get-person-hours';
import { settingsQueryKeys } from './settings-query-keys';

/** PUT /workflow/people/{id}/hours; null goes back to the workshop's hours. */
export async function savePersonHours({ userId, hours }: { userId: string; hours: TPersonHours | null }) {
  return parseData(ZPersonHoursSchema.nullable(), await apiClient.put(personHoursPath(userId), { hours }));
}

export function useSavePersonHours(userId: string) {
  return useSaveMutation({ mutationFn: savePersonHours, queryKey: settingsQueryKeys.personHours(userId) });
}
