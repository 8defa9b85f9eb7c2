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

/**
 * Since when a piece is gone, as the job state counts it (packages/domain/src/jobs/job-state.ts): from when
 * its tag was last seen, and only without a last read from when the sweep noticed. GET /tracking/offsite
 * answers both instants rather than the state, so this picks the one the state would.
 */
export function offsiteSinceOf(item: Pick<TOffsiteItem, 'lastSeen' | 'offsiteDetectedAt'>): string | null {
  return item.lastSeen ?? item.offsiteDetectedAt;
}

/** Longest offsite first: the one most likely lost. Items gone since an unknown time go last. */
export function byLongestOffsite(a: TOffsiteItem, b: TOffsiteItem): number {
  const since = (item: TOffsiteItem) => {
    const at = offsiteSinceOf(item);
    return at === null ? Number.POSITIVE_INFINITY : Date.parse(at);
  };
  return since(a) - since(b);
}
