import { listPageSchema } from '@loupe/domain/api/list';
import { TRACKING_SYNC_INTERVAL_MS } from '@loupe/domain/config/constants';
import { type TOffsiteItem, ZOffsiteItemSchema } from '@loupe/domain/tracking/tracking-api';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { offsiteQueryKeys } from './offsite-query-keys';

// A list page like every list of the API; a bare list is read too, as spec §7 reads tracking answers.
const ZOffsiteAnswerSchema = lazySchema(() =>
  z.union([listPageSchema(ZOffsiteItemSchema).transform((page) => page.items), z.array(ZOffsiteItemSchema)]),
);

/** GET /tracking/offsite: every order and repair out of the building now. */
export async function getOffsiteItems(): Promise<TOffsiteItem[]> {
  return parseData(ZOffsiteAnswerSchema, await apiClient.get('tracking/offsite'));
}

export const offsiteItemsQueryOptions = () =>
  queryOptions({
    queryKey: offsiteQueryKeys.items,
    queryFn: getOffsiteItems,
    // Spec §9: tracking syncs every 30 s; no refetch on window focus (the app-wide default).
    refetchInterval: TRACKING_SYNC_INTERVAL_MS,
  });

export function useOffsiteItems() {
  return useQuery(offsiteItemsQueryOptions());
}
