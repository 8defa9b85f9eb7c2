import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { ZRoleSchema } from '@loupe/domain/auth/roles';
import { ZWorkflowStaffSchema } from '@loupe/domain/workflow/workflow-api';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { analyticsQueryKeys } from './analytics-query-keys';

export type TSalespersonOption = { readonly id: string; readonly name: string; readonly roleLabel: string };

/**
 * GET /workflow/people: the active staff, for the salesperson filter. Managers may not list users (GET /users
 * is for admins), and whoever takes an order may be its salesperson, so everyone is offered, salespeople first.
 */
export async function getSalespeople(signal?: AbortSignal): Promise<TSalespersonOption[]> {
  const staff = parseData(
    z.array(ZWorkflowStaffSchema),
    await apiClient.get('workflow/people', signal ? { signal } : {}),
  );
  return staff
    .map((person) => {
      const role = ZRoleSchema.safeParse(person.role);
      return {
        id: person.id,
        name: person.name,
        roleLabel: role.success ? ROLE_LABELS[role.data] : person.role,
        isSalesperson: person.role === 'salesperson',
      };
    })
    .sort((a, b) => Number(b.isSalesperson) - Number(a.isSalesperson) || a.name.localeCompare(b.name))
    .map(({ id, name, roleLabel }) => ({ id, name, roleLabel }));
}

export function useSalespeople() {
  return useQuery({
    queryKey: analyticsQueryKeys.salespeople,
    queryFn: ({ signal }) => getSalespeople(signal),
    staleTime: 5 * 60_000,
  });
}
