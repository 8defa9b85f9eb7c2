import { ZPersonHoursSchema } from '@loupe/domain/workflow/working-calendar';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { settingsQueryKeys } from './settings-query-keys';

/** A person's own working hours, read and saved at one address. */
export const personHoursPath = (userId: string) => `workflow/people/${encodeURIComponent(userId)}/hours`;

/** GET /workflow/people/{id}/hours: a person's own working days and hours; null when they work the workshop's. */
export async function getPersonHours(userId: string, signal?: AbortSignal) {
  return parseData(
    ZPersonHoursSchema.nullable(),
    await apiClient.get(personHoursPath(userId), signal ? { signal } : {}),
  );
}

export function usePersonHours(userId: string) {
  return useQuery({
    queryKey: settingsQueryKeys.personHours(userId),
    queryFn: ({ signal }) => getPersonHours(userId, signal),
  });
}
