/** Under the 'notifications' root: system:notification refreshes it. */
export const notificationsQueryKeys = { all: ['notifications'] as const };
