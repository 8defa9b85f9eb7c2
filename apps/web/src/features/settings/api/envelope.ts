/** The settings queries, one key table so mutations invalidate exactly what they change. */
export const settingsQueryKeys = {
  general: ['settings', 'general'] as const,
  security: ['settings', 'security'] as const,
  notifications: ['settings', 'notifications'] as const,
  users: ['settings', 'users'] as const,
  // Under the workflow root: workflow events refresh it like the board.
  workflowTemplates: ['workflow', 'templates'] as const,
  workingCalendar: ['workflow', 'calendar'] as const,
  productTypes: ['settings', 'product-types'] as const,
  personHours: (userId: string) => ['workflow', 'person-hours', userId] as const,
  usersList: (search: string) => ['settings', 'users', { search }] as const,
  tvDisplays: ['settings', 'tv-displays'] as const,
};
