import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/** The seven staff roles of spec §1. */
export const ROLES = ['admin', 'manager', 'salesperson', 'designer', 'operator', 'production', 'qa'] as const;

export const ZRoleSchema = lazySchema(() => z.enum(ROLES));
export type TRole = z.infer<typeof ZRoleSchema>;

/** The role a self-registered account gets, whatever it asked for: only an admin grants roles. */
export const LEAST_PRIVILEGED_ROLE: TRole = 'qa';

/**
 * Profile role strings as the backend sends them (spec §4 "Roles"): 'sales' means salesperson, anything unknown too.
 * A Map, not an object literal, so that an inherited key such as 'toString' reads as an unknown role.
 */
const ROLE_ALIASES: ReadonlyMap<string, TRole> = new Map([['sales', 'salesperson']]);

export function roleFromProfile(value: unknown): TRole {
  if (typeof value !== 'string') return 'salesperson';
  const parsed = ZRoleSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  return ROLE_ALIASES.get(value) ?? 'salesperson';
}

/** Anything that carries a role: the signed-in user in the web app, the verified caller on the server. */
export type TActor = { readonly role: TRole };
