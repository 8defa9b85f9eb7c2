/** The Command Center's wording (spec §1), word for word. */
export const WORKFLOW_DASHBOARD_TEXT = {
  title: 'Workflow Command Center',
  subtitle: 'Smart automation • One-click actions • Zero busywork',
  loading: 'Loading workflow data...',
} as const;
