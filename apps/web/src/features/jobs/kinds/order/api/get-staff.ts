import { isAdmin } from '@loupe/domain/auth/permissions';
import { ZManagedUserSchema } from '@loupe/domain/users/managed-user';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useAuth } from '@/lib/auth/auth-context';
import { orderFormQueryKeys } from '../../../api/query-keys';

/** The users API's largest page. */
const STAFF_LIMIT = 100;

const ZStaffPageSchema = lazySchema(() =>
  z.object({ items: z.array(ZManagedUserSchema), total: z.number().int() }),
);

/** GET /users (admins only): who can be chosen as salesperson or designer. */
export async function getStaff(signal?: AbortSignal) {
  const body = await apiClient.get('users', {
    searchParams: { limit: STAFF_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZStaffPageSchema, body).items.filter((user) => !user.disabled);
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: orderFormQueryKeys.staff, queryFn: ({ signal }) => getStaff(signal) });

/** Staff to pick from; only admins may list users, so for everyone else this never asks. */
export function useStaff() {
  const { user } = useAuth();
  return useQuery({ ...staffQueryOptions(), enabled: isAdmin(user) });
}
