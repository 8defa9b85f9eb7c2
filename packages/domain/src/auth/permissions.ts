import type { TActor, TRole } from './roles';

/** Who may do something: a list of roles, or 'all' — any signed-in user (spec §1). */
export type TRoleAccess = readonly TRole[] | 'all';

/** Order create and edit (spec §6). */
export const ORDER_EDITOR_ROLES = ['admin', 'manager', 'salesperson'] as const satisfies readonly TRole[];
/** Repair create and manage (spec §6). */
export const REPAIR_MANAGER_ROLES = [
  'admin',
  'manager',
  'operator',
  'production',
] as const satisfies readonly TRole[];
/** The admin-only check (spec §6). */
export const ADMIN_ROLES = ['admin'] as const satisfies readonly TRole[];
/** The unnamed salesperson + designer check of spec §6; it guards the personal task list (/my-tasks). */
export const PERSONAL_TASK_ROLES = ['salesperson', 'designer'] as const satisfies readonly TRole[];
/** The unnamed admin + manager + salesperson check of spec §6; it guards the offsite screen (/offsite). */
export const OFFSITE_MANAGER_ROLES = ['admin', 'manager', 'salesperson'] as const satisfies readonly TRole[];

/** Whether the actor is allowed by `access`. No actor is never allowed (spec §6 "No user: everything denied"). */
export function isAllowed(actor: TActor | null | undefined, access: TRoleAccess): boolean {
  if (!actor) return false;
  return access === 'all' || access.includes(actor.role);
}

export function canCreateOrEditOrders(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, ORDER_EDITOR_ROLES);
}

export function canCreateAndManageRepairs(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, REPAIR_MANAGER_ROLES);
}

export function isAdmin(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, ADMIN_ROLES);
}

export function canHavePersonalTasks(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, PERSONAL_TASK_ROLES);
}

export function canManageOffsiteItems(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, OFFSITE_MANAGER_ROLES);
}
