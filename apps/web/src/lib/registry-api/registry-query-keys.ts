import type { QueryClient } from '@tanstack/react-query';

/** The registry queries (locations, departments with their stations), one key table for every screen. */
export const registryQueryKeys = {
  all: ['registry'] as const,
  locations: ['registry', 'locations'] as const,
  departments: ['registry', 'departments'] as const,
  departmentsOf: (locationId: string) => ['registry', 'departments', { locationId }] as const,
  /** Issue 39 §3: a location's own rules (under the registry: a registry write refreshes them too). */
  locationSettings: (locationId: string) => ['registry', 'location-settings', locationId] as const,
  /** The workshop's working calendar as the registry's rules count in it (transit days). */
  workshopCalendar: ['registry', 'workshop-calendar'] as const,
};

/**
 * After any registry write: a station change alters its department's list and a department change its
 * location's count, so every registry answer is refetched, not just the written resource's.
 */
export async function refreshRegistry(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: registryQueryKeys.all });
}
