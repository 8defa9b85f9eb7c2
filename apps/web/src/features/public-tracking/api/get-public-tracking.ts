import { type TPublicTracking, ZPublicTrackingSchema } from '@loupe/domain/public-tracking/public-tracking';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** The page's answer: the job's public view, or 'not-found' for a token that is unknown or revoked. */
export type TPublicTrackingResult = { kind: 'found'; tracking: TPublicTracking } | { kind: 'not-found' };

const ZEnvelopeSchema = lazySchema(() => z.object({ data: ZPublicTrackingSchema.unwrap().loose() }));

/**
 * A plain fetch, not the app's API client: the page is for customers, carries no one's credentials, and
 * stays small (no retry queue, no auth client in its chunk).
 */
export async function getPublicTracking(token: string, signal?: AbortSignal): Promise<TPublicTrackingResult> {
  const response = await fetch(`/api/v1/public/tracking/${encodeURIComponent(token)}`, {
    headers: { accept: 'application/json' },
    credentials: 'omit',
    ...(signal ? { signal } : {}),
  });
  if (response.status === 404) return { kind: 'not-found' };
  if (!response.ok) throw new Error(`tracking page answered ${response.status}`);
  return { kind: 'found', tracking: ZEnvelopeSchema.parse(await response.json()).data };
}

export const publicTrackingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public-tracking', token],
    queryFn: ({ signal }) => getPublicTracking(token, signal),
    // A customer keeps the page open on their phone: it follows the job without a reload.
    refetchInterval: 60_000,
    retry: 1,
  });

export function usePublicTracking(token: string) {
  return useQuery(publicTrackingQueryOptions(token));
}
