import { canViewJob } from '@loupe/domain/auth/permissions';
import { ROLE_LABELS } from '@loupe/domain/auth/role-labels';
import { roleFromProfile, ZRoleSchema } from '@loupe/domain/auth/roles';
import type { TWorkflowStaff } from '@loupe/domain/workflow/workflow-api';
import type { TWorkflowKind } from '@loupe/domain/workflow/workflow-template';

/** A person to give work to, as the menus show them. */
export type TWorkflowPerson = TWorkflowStaff & { readonly roleLabel: string };

/** Least loaded first, then by name: who has room is what a manager looks for. */
export function peopleToAssign(staff: readonly TWorkflowStaff[]): TWorkflowPerson[] {
  return staff
    .map((person) => {
      const role = ZRoleSchema.safeParse(person.role);
      return { ...person, roleLabel: role.success ? ROLE_LABELS[role.data] : person.role };
    })
    .sort((a, b) => a.openAssignments - b.openAssignments || a.name.localeCompare(b.name));
}

/** Who a job of this kind can go to: those who can open it (the API refuses anyone else). */
export function peopleFor(people: readonly TWorkflowPerson[], kind: TWorkflowKind): TWorkflowPerson[] {
  return people.filter((person) => canViewJob({ role: roleFromProfile(person.role) }, kind));
}
