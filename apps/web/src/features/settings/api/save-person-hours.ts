import { type TPersonHours, ZPersonHoursSchema } from '@loupe/domain/workflow/working-calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { personHoursPath } from './get-person-hours';
import { settingsQueryKeys } from './settings-query-keys';

/** PUT /workflow/people/{id}/hours; null goes back to the workshop's hours. */
export async function savePersonHours({ userId, hours }: { userId: string; hours: TPersonHours | null }) {
  return parseData(ZPersonHoursSchema.nullable(), await apiClient.put(personHoursPath(userId), { hours }));
}

export function useSavePersonHours(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePersonHours,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKeys.personHours(userId), saved),
  });
}
