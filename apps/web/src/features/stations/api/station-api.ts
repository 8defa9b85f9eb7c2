import { ZStationWithDepartmentSchema } from '@loupe/domain/registry/stations';
import {
  type TStationScanResult,
  ZStationItemSchema,
  ZStationScanResultSchema,
} from '@loupe/domain/tracking/tracking-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

/**
 * The station page's queries. The station sits under the 'registry' root and its items under 'tracking', so
 * registry and tracking events (another station's reader, a colleague's scan) refresh them live.
 */
export const stationQueryKeys = {
  station: (stationId: string) => ['registry', 'stations', stationId] as const,
  items: (stationId: string) => ['tracking', 'station-items', stationId] as const,
};

const stationPath = (stationId: string) => `stations/${encodeURIComponent(stationId)}`;

export const stationQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: stationQueryKeys.station(stationId),
    queryFn: async () => parseData(ZStationWithDepartmentSchema, await apiClient.get(stationPath(stationId))),
  });

export const stationItemsQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: stationQueryKeys.items(stationId),
    queryFn: async () =>
      parseData(z.array(ZStationItemSchema), await apiClient.get(`${stationPath(stationId)}/items`)),
  });

export function useStation(stationId: string) {
  return useQuery(stationQueryOptions(stationId));
}

export function useStationItems(stationId: string) {
  return useQuery(stationItemsQueryOptions(stationId));
}

/** POST /stations/{id}/scans: one keyboard-wedge scan; the items here are refetched after each. */
export function useScanAtStation(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (epc: string): Promise<TStationScanResult> =>
      parseData(ZStationScanResultSchema, await apiClient.post(`${stationPath(stationId)}/scans`, { epc })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stationQueryKeys.items(stationId) }),
  });
}
