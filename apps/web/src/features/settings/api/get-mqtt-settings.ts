import { ZMqttSettingsSchema } from '@loupe/domain/settings/mqtt-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/** Settings › MQTT; under the 'settings' root, refreshed every 30 s for the connected-readers count. */
export const mqttSettingsQueryKey = ['settings', 'mqtt'] as const;

export async function getMqttSettings() {
  return parseData(ZMqttSettingsSchema, await apiClient.get('settings/mqtt'));
}

export const mqttSettingsQueryOptions = () =>
  queryOptions({ queryKey: mqttSettingsQueryKey, queryFn: getMqttSettings, refetchInterval: 30_000 });

export function useMqttSettings() {
  return useQuery(mqttSettingsQueryOptions());
}
