/** The settings queries, one key table so mutations invalidate exactly what they change. */
export const settingsQueryKeys = {
  general: ['settings', 'general'] as const,
  // What every signed-in screen reads of general (its locale); a saved general section refreshes it.
  workshopDefaults: ['settings', 'workshop-defaults'] as const,
  backups: ['settings', 'backups'] as const,
  security: ['settings', 'security'] as const,
  notifications: ['settings', 'notifications'] as const,
  // Under the workflow root: workflow events refresh them like the board.
  workingCalendar: ['workflow', 'calendar'] as const,
  personHours: (userId: string) => ['workflow', 'person-hours', userId] as const,
};
