import { type TPersonHours, ZPersonHoursSchema } from '@loupe/domain/workflow/working-calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

const hoursPath = (userId: string) => `workflow/people/${encodeURIComponent(userId)}/hours`;

/** GET /workflow/people/{id}/hours: a person's own working days and hours; null when they work the workshop's. */
export async function getPersonHours(userId: string, signal?: AbortSignal) {
  return parseData(
    ZPersonHoursSchema.nullable(),
    await apiClient.get(hoursPath(userId), signal ? { signal } : {}),
  );
}

export function usePersonHours(userId: string) {
  return useQuery({
    queryKey: settingsQueryKeys.personHours(userId),
    queryFn: ({ signal }) => getPersonHours(userId, signal),
  });
}

/** PUT /workflow/people/{id}/hours; null goes back to the workshop's hours. */
export async function savePersonHours({ userId, hours }: { userId: string; hours: TPersonHours | null }) {
  return parseData(ZPersonHoursSchema.nullable(), await apiClient.put(hoursPath(userId), { hours }));
}

export function useSavePersonHours(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePersonHours,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKeys.personHours(userId), saved),
  });
}
