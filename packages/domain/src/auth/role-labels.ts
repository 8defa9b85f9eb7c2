import type { TRole } from './roles';

/** How each role of spec §1 reads on screen (sidebar footer, user management). */
export const ROLE_LABELS: Readonly<Record<TRole, string>> = {
  admin: 'Admin',
  manager: 'Manager',
  salesperson: 'Salesperson',
  designer: 'Designer',
  operator: 'Operator',
  production: 'Production',
  qa: 'QA',
};
