import type { TLocationSettings } from '@loupe/domain/registry/location-settings';
import { ZLocationSettingsViewSchema } from '@loupe/domain/registry/location-settings-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { refreshRegistry } from '@/lib/registry-api/registry-query-keys';

/** PUT /locations/{id}/settings: replaces a location's own rules (issue 39 §3). */
export async function saveLocationSettings({ id, settings }: { id: string; settings: TLocationSettings }) {
  return parseData(
    ZLocationSettingsViewSchema,
    await apiClient.put(`locations/${encodeURIComponent(id)}/settings`, settings),
  );
}

export function useSaveLocationSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveLocationSettings, onSuccess: () => refreshRegistry(queryClient) });
}
