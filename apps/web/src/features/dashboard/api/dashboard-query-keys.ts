/** Under the 'tracking' root, so that realtime tracking, order and repair events refresh the dashboard. */
export const dashboardQueryKeys = {
  stats: ['tracking', 'stats'] as const,
};
