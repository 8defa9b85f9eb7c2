/** The offsite list, one key so that returning an item refetches it. */
export const offsiteQueryKeys = {
  items: ['tracking', 'offsite'] as const,
};
