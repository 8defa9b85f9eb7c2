/** The user admin queries: every list under one root, so a change refreshes them all. */
export const usersQueryKeys = {
  all: ['settings', 'users'] as const,
  list: (search: string) => ['settings', 'users', { search }] as const,
};
