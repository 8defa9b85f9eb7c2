/** The settings queries, one key table so mutations invalidate exactly what they change. */
export const settingsQueryKeys = {
  general: ['settings', 'general'] as const,
  security: ['settings', 'security'] as const,
  notifications: ['settings', 'notifications'] as const,
  users: ['settings', 'users'] as const,
  usersList: (search: string) => ['settings', 'users', { search }] as const,
};
