import { QUERY_DEFAULTS } from '@loupe/domain/config/constants';
import { QueryClient } from '@tanstack/react-query';

/** TanStack Query with the default behaviour of spec §7: fresh 5 minutes, one retry, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        retry: QUERY_DEFAULTS.retry,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
      },
    },
  });
}
