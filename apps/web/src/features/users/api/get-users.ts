import { ZManagedUserSchema } from '@loupe/domain/users/managed-user';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { usersQueryKeys } from './users-query-keys';

const ZUsersPageSchema = lazySchema(() =>
  z.object({ items: z.array(ZManagedUserSchema), total: z.number().int() }),
);

/** The server's largest page; the list shows it and asks for a narrower search beyond it. */
export const USERS_PAGE_SIZE = 100;

export async function getUsers({ search }: { search: string }) {
  const q = search.trim();
  const body = await apiClient.get('users', { searchParams: { q: q || undefined, limit: USERS_PAGE_SIZE } });
  return parseData(ZUsersPageSchema, body);
}

export const usersQueryOptions = ({ search }: { search: string }) =>
  queryOptions({
    queryKey: usersQueryKeys.list(search.trim()),
    queryFn: () => getUsers({ search }),
    // Typing a search keeps the last answer on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useUsers({ search }: { search: string }) {
  return useQuery(usersQueryOptions({ search }));
}
