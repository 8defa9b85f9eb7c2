import type { TOffsiteItem } from '@loupe/domain/tracking/tracking-api';

export const OFFSITE_FILTERS = ['all', 'expected', 'unexpected'] as const;
export type TOffsiteFilter = (typeof OFFSITE_FILTERS)[number];

export const OFFSITE_FILTER_LABELS: Readonly<Record<TOffsiteFilter, string>> = {
  all: 'All',
  expected: 'Expected',
  unexpected: 'Unexpected',
};

export function matchesOffsiteFilter(item: TOffsiteItem, filter: TOffsiteFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'expected':
      return item.isExpectedOffsite;
    case 'unexpected':
      return !item.isExpectedOffsite;
    default: {
      const unreachable: never = filter;
      throw new Error(`unknown offsite filter ${String(unreachable)}`);
    }
  }
}

/** Longest offsite first: the one most likely lost. Items gone since an unknown time go last. */
export function byLongestOffsite(a: TOffsiteItem, b: TOffsiteItem): number {
  const since = (item: TOffsiteItem) => {
    const at = item.offsiteSince;
    return at === null ? Number.POSITIVE_INFINITY : Date.parse(at);
  };
  return since(a) - since(b);
}
