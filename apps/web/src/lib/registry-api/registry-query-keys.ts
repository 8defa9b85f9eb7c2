import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The registry queries (locations, departments with their stations), one key table for every screen. */
export const registryQueryKeys = {
  all: ['registry'] as const,
  locations: ['registry', 'locations'] as const,
  departments: ['registry', 'departments'] as const,
  departmentsOf: (locationId: string) => ['registry', 'departments', { locationId }] as const,
};

/**
 * After any registry write: the API client caches GETs of /locations, /departments and /stations (spec §7)
 * and a write only forgets its own resource's answers, yet a station change alters its department's list
 * and a department change its location's count. So every registry answer is forgotten and refetched.
 */
export async function refreshRegistry(queryClient: QueryClient): Promise<void> {
  apiClient.clearCache();
  await queryClient.invalidateQueries({ queryKey: registryQueryKeys.all });
}
