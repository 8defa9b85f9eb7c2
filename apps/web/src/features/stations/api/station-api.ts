import { ZStationWithDepartmentSchema } from '@loupe/domain/registry/stations';
import {
  type TStationScanResult,
  ZStationItemSchema,
  ZStationScanResultSchema,
  type ZStationScanSchema,
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

/** The body of a scan: the EPC and when it was scanned (ISO time). */
export type TStationScan = z.input<typeof ZStationScanSchema>;

const stationPath = (stationId: string) => `stations/${encodeURIComponent(stationId)}`;
/**
 * What stands at a station and the scans there live under /tracking, not /stations: registry answers
 * (/stations included) stay fresh for 5 minutes (spec §7, lib/query-client.ts), a live list must not.
 */
const trackingStationPath = (stationId: string) => `tracking/${stationPath(stationId)}`;

export const stationQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: stationQueryKeys.station(stationId),
    queryFn: async () => parseData(ZStationWithDepartmentSchema, await apiClient.get(stationPath(stationId))),
  });

export const stationItemsQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: stationQueryKeys.items(stationId),
    queryFn: async () =>
      parseData(z.array(ZStationItemSchema), await apiClient.get(`${trackingStationPath(stationId)}/items`)),
  });

export function useStation(stationId: string) {
  return useQuery(stationQueryOptions(stationId));
}

export function useStationItems(stationId: string) {
  return useQuery(stationItemsQueryOptions(stationId));
}

/**
 * POST /tracking/stations/{id}/scans: one keyboard-wedge scan, with the time it was scanned (a Retry sends
 * the scan's own time, so a newer read elsewhere still wins). The items here are refetched after each.
 */
export function useScanAtStation(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (scan: TStationScan): Promise<TStationScanResult> =>
      parseData(
        ZStationScanResultSchema,
        await apiClient.post(`${trackingStationPath(stationId)}/scans`, scan),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stationQueryKeys.items(stationId) }),
  });
}
