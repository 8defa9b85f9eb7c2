import { paths } from '@/lib/paths';

/** What each not-yet-built screen will hold, shown in its empty state. */
export const UPCOMING_SCREENS: Readonly<Record<string, { title: string; description: string }>> = {
  [paths.workflowDashboard]: {
    title: 'Workflow Command Center',
    description: 'Smart automation • One-click actions • Zero busywork',
  },
  [paths.workflowAnalytics]: {
    title: 'Workflow Analytics',
    description: 'Throughput and cycle times arrive with analytics.',
  },
  [paths.onTimeDelivery]: {
    title: 'On-Time Delivery',
    description: 'Promised versus delivered dates arrive with analytics.',
  },
  [paths.productTypePerformance]: {
    title: 'Product Type Performance',
    description: 'Per product type figures arrive with analytics.',
  },
  [paths.comparisonAnalytics]: {
    title: 'Comparison Analytics',
    description: 'Period comparisons arrive with analytics.',
  },
  [paths.capacityPlanning]: {
    title: 'Capacity Planning',
    description: 'Bench load and capacity arrive with analytics.',
  },
  [paths.alerts]: { title: 'Alerts', description: 'Overdue and offsite alerts arrive with alerting.' },
  [paths.rootCauseDashboard]: {
    title: 'Root Cause Dashboard',
    description: 'Delay causes arrive with analytics.',
  },
  [paths.designerWorkspace]: {
    title: 'Designer Workspace',
    description: 'Design requests and CAD work arrive with the designer workspace.',
  },
  [paths.myTasks]: {
    title: 'My Tasks',
    description: 'Your personal task list arrives with workflow assignments.',
  },
  [paths.jewelerTv]: { title: 'Jeweler TV', description: 'The station screen arrives with live tracking.' },
  [paths.managerDepartment]: {
    title: 'Manager Department',
    description: 'The department overview arrives with live tracking.',
  },
  [paths.tvSetup]: { title: 'TV Setup', description: 'Station screens are set up here once they exist.' },
  [paths.aiSettings]: {
    title: 'AI Settings',
    description: 'The assistant is configured here once it exists.',
  },
  [paths.aiAssistant]: { title: 'AI Assistant', description: 'The assistant arrives with the AI issue.' },
  [paths.aiAssistantV2]: {
    title: 'AI Assistant (enhanced)',
    description: 'The enhanced assistant arrives with the AI issue.',
  },
};
