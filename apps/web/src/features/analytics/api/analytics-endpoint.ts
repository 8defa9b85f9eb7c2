import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type TSearchParams } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';

export type TAnalyticsEndpoint<Query, Answer> = {
  /** Fetches the figures and parses them with the endpoint's schema. */
  readonly get: (query: Query, signal?: AbortSignal) => Promise<Answer>;
  readonly queryOptions: (query: Query) => ReturnType<typeof analyticsQueryOptions<Query, Answer>>;
};

function analyticsQueryOptions<Query, Answer>(
  queryKey: readonly unknown[],
  get: (query: Query, signal?: AbortSignal) => Promise<Answer>,
  query: Query,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => get(query, signal),
    // A new filter keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

/**
 * One analytics endpoint (GET /analytics/…): every screen's figures are a GET of its filters, parsed by the
 * domain's schema and cached under the whole query, so each file in `api/` says only its path and schema.
 */
export function analyticsEndpoint<Query extends TSearchParams, Answer>(
  path: string,
  schema: z.ZodType<Answer>,
  queryKey: (query: Query) => readonly unknown[],
): TAnalyticsEndpoint<Query, Answer> {
  async function get(query: Query, signal?: AbortSignal): Promise<Answer> {
    const body = await apiClient.get(path, { searchParams: query, ...(signal ? { signal } : {}) });
    return parseData(schema, body);
  }
  return { get, queryOptions: (query) => analyticsQueryOptions(queryKey(query), get, query) };
}

/** The figures of `endpoint` for `query`. */
export function useAnalyticsFigures<Query, Answer>(
  endpoint: TAnalyticsEndpoint<Query, Answer>,
  query: Query,
) {
  return useQuery(endpoint.queryOptions(query));
}
