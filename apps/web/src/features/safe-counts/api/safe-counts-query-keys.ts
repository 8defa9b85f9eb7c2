/** The closing count's queries, under one root that its realtime event refreshes ('safe-count:updated'). */
export const safeCountsQueryKeys = {
  all: ['safe-counts'] as const,
  list: ['safe-counts', 'list'] as const,
  locations: ['safe-counts', 'locations'] as const,
  one: (id: string) => ['safe-counts', 'count', id] as const,
};
