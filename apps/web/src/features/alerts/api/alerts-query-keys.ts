import type { TAlertQuery } from '@loupe/domain/alerts/alerts';

/** Under the 'alerts' root: every system:alert refreshes them. */
export const alertsQueryKeys = {
  all: ['alerts'] as const,
  feed: (query: TAlertQuery) => ['alerts', 'feed', query] as const,
  rules: ['alerts', 'rules'] as const,
};
