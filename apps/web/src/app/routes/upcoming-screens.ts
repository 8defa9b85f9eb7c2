import { paths } from '@/lib/paths';

/**
 * What each screen still being built will be for, in the words of the staff who will use it: shown on
 * its page until it is ready, so a link to it never leads nowhere.
 */
export const UPCOMING_SCREENS: Readonly<Record<string, { title: string; description: string }>> = {
  [paths.workflowAnalytics]: {
    title: 'Workflow Analytics',
    description:
      'How many pieces the workshop finishes each week, how long each step takes and where work piles up.',
  },
  [paths.onTimeDelivery]: {
    title: 'On-Time Delivery',
    description: 'How often pieces are ready by the promised date, by month, product type and salesperson.',
  },
  [paths.productTypePerformance]: {
    title: 'Product Type Performance',
    description:
      'How long rings, pendants, earrings and repairs take, and how often they come back for rework.',
  },
  [paths.comparisonAnalytics]: {
    title: 'Comparison Analytics',
    description: 'This month against last month, and one location against another, side by side.',
  },
  [paths.capacityPlanning]: {
    title: 'Capacity Planning',
    description: 'How full each bench and department is, and whether new promises can be kept.',
  },
  [paths.rootCauseDashboard]: {
    title: 'Root Cause Dashboard',
    description: 'Why pieces run late: the stations, steps and vendors behind the delays.',
  },
};
