import { z } from 'zod';

/** Reads the `data` of a /api/v1 success answer ({success, message?, data}) with its schema. */
export function parseData<T>(schema: z.ZodType<T>, body: unknown): T {
  const envelope = z.object({ data: z.unknown() }).parse(body);
  return schema.parse(envelope.data);
}

/** The settings queries, one key table so mutations invalidate exactly what they change. */
export const settingsQueryKeys = {
  general: ['settings', 'general'] as const,
  security: ['settings', 'security'] as const,
  notifications: ['settings', 'notifications'] as const,
  users: ['settings', 'users'] as const,
  usersList: (search: string) => ['settings', 'users', { search }] as const,
};
