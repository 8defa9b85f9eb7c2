import { listPageSchema } from '@loupe/domain/api/list';
import { isAdmin } from '@loupe/domain/auth/permissions';
import { ZCatalogTypeSchema, ZDesignSchema } from '@loupe/domain/catalog/catalog';
import { ZWorkshopDefaultsSchema } from '@loupe/domain/settings/workshop-defaults';
import { ZManagedUserSchema } from '@loupe/domain/users/managed-user';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { parseData } from '@/lib/api-envelope';
import { useAuth } from '@/lib/auth/auth-context';
import { ordersQueryKeys } from './query-keys';

// What the order form reads besides the order: catalog lists, designs, staff and numbering settings.

/** Catalog lists are short; one page of the largest size holds them. */
const CATALOG_LIMIT = 200;
export const DESIGN_PICKER_LIMIT = 8;
/** The users API's largest page. */
const STAFF_LIMIT = 100;

const ZCatalogPageSchema = listPageSchema(ZCatalogTypeSchema);
const ZDesignsPageSchema = listPageSchema(ZDesignSchema);
const ZStaffPageSchema = z.object({ items: z.array(ZManagedUserSchema), total: z.number().int() });

/** GET /catalog/product-types or /catalog/metal-types. */
export async function getCatalogTypes(kind: 'product-types' | 'metal-types', signal?: AbortSignal) {
  const body = await apiClient.get(`catalog/${kind}`, {
    searchParams: { limit: CATALOG_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZCatalogPageSchema, body).items;
}

export function useProductTypes() {
  return useQuery({
    queryKey: ordersQueryKeys.productTypes,
    queryFn: ({ signal }) => getCatalogTypes('product-types', signal),
  });
}

export function useMetalTypes() {
  return useQuery({
    queryKey: ordersQueryKeys.metalTypes,
    queryFn: ({ signal }) => getCatalogTypes('metal-types', signal),
  });
}

/** GET /catalog/designs?q=. */
export async function searchDesigns(q: string, signal?: AbortSignal) {
  const body = await apiClient.get('catalog/designs', {
    searchParams: { q: q || undefined, limit: DESIGN_PICKER_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZDesignsPageSchema, body).items;
}

/** GET /users (admins only): who can be chosen as salesperson or designer. */
export async function getStaff(signal?: AbortSignal) {
  const body = await apiClient.get('users', {
    searchParams: { limit: STAFF_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return parseData(ZStaffPageSchema, body).items.filter((user) => !user.disabled);
}

/** Staff to pick from; only admins may list users, so for everyone else this never asks. */
export function useStaff() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ordersQueryKeys.staff,
    queryFn: ({ signal }) => getStaff(signal),
    enabled: isAdmin(user),
  });
}

/**
 * GET /settings/workshop-defaults: lead times for the default promised date. Settings › orders itself is
 * for admins and managers (spec §6); every order editor reads these.
 */
export async function getOrderSettings(signal?: AbortSignal) {
  return parseData(
    ZWorkshopDefaultsSchema,
    await apiClient.get('settings/workshop-defaults', signal ? { signal } : {}),
  );
}

export function useOrderSettings() {
  return useQuery({ queryKey: ordersQueryKeys.settings, queryFn: ({ signal }) => getOrderSettings(signal) });
}
