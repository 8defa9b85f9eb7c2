import { describe, expect, it } from 'vitest';
import {
  BENCH_ROLES,
  canAssignWork,
  canCreateAndManageRepairs,
  canCreateOrEditOrders,
  canEditCatalog,
  canEditCustomers,
  canEditDesigns,
  canHavePersonalTasks,
  canManageOffsiteItems,
  canManageRegistry,
  canManageRepairOffsite,
  canManageTrackingLink,
  canViewPredictions,
  canViewRepairs,
  isAdmin,
  isAllowed,
  PERSONAL_TASK_ROLES,
  startsWithMyWork,
} from './permissions';
import { ROLES, type TActor, type TRole } from './roles';

type TCheck = (actor: TActor | null | undefined) => boolean;

// Spec §6, written out role by role so that a wrong list in the code cannot also make the expectation wrong.
const CHECKS: ReadonlyArray<readonly [string, TCheck, Record<TRole, boolean>]> = [
  [
    'canCreateOrEditOrders',
    canCreateOrEditOrders,
    {
      admin: true,
      manager: true,
      salesperson: true,
      designer: false,
      operator: false,
      production: false,
      qa: false,
    },
  ],
  [
    'canCreateAndManageRepairs',
    canCreateAndManageRepairs,
    {
      admin: true,
      manager: true,
      salesperson: false,
      designer: false,
      operator: true,
      production: true,
      qa: false,
    },
  ],
  [
    'isAdmin',
    isAdmin,
    {
      admin: true,
      manager: false,
      salesperson: false,
      designer: false,
      operator: false,
      production: false,
      qa: false,
    },
  ],
  [
    'canHavePersonalTasks',
    canHavePersonalTasks,
    {
      admin: false,
      manager: false,
      salesperson: true,
      designer: true,
      operator: false,
      production: false,
      qa: false,
    },
  ],
  [
    'canManageOffsiteItems',
    canManageOffsiteItems,
    {
      admin: true,
      manager: true,
      salesperson: true,
      designer: false,
      operator: false,
      production: false,
      qa: false,
    },
  ],
];

describe('action permissions (spec §6)', () => {
  const cases = CHECKS.flatMap(([name, check, expected]) =>
    ROLES.map((role) => [name, role, check, expected[role]] as const),
  );

  it.each(cases)('%s for %s', (_name, role, check, expected) => {
    expect(check({ role })).toBe(expected);
  });

  it.each(CHECKS.map(([name, check]) => [name, check] as const))(
    '%s denies a missing user',
    (_name, check) => {
      expect(check(null)).toBe(false);
      expect(check(undefined)).toBe(false);
    },
  );
});

describe('isAllowed', () => {
  it("lets every signed-in role through 'all'", () => {
    for (const role of ROLES) expect(isAllowed({ role }, 'all')).toBe(true);
  });

  it("denies 'all' to a missing user", () => {
    expect(isAllowed(null, 'all')).toBe(false);
  });

  it('denies everyone an empty role list', () => {
    for (const role of ROLES) expect(isAllowed({ role }, [])).toBe(false);
  });
});

// The checks issue 5 added, written out by hand: a change to a role list fails here.
const WORKSHOP_CHECKS: readonly [string, (actor: TActor | null) => boolean, readonly TRole[]][] = [
  ['canManageRegistry', canManageRegistry, ['admin', 'manager']],
  ['canViewRepairs', canViewRepairs, ['admin', 'manager', 'salesperson', 'operator', 'production']],
  ['canEditCustomers', canEditCustomers, ['admin', 'manager', 'salesperson', 'operator', 'production']],
  ['canEditCatalog', canEditCatalog, ['admin', 'manager']],
  ['canEditDesigns', canEditDesigns, ['admin', 'manager', 'designer']],
  [
    'canManageRepairOffsite',
    canManageRepairOffsite,
    ['admin', 'manager', 'salesperson', 'operator', 'production'],
  ],
  // Issue 34 §5: giving out work is the floor managers'; a job's public link is its editors'.
  ['canAssignWork', canAssignWork, ['admin', 'manager']],
  [
    'canManageTrackingLink(order)',
    (actor) => canManageTrackingLink(actor, 'order'),
    ['admin', 'manager', 'salesperson'],
  ],
  [
    'canManageTrackingLink(repair)',
    (actor) => canManageTrackingLink(actor, 'repair'),
    ['admin', 'manager', 'operator', 'production'],
  ],
];

describe.each(WORKSHOP_CHECKS)('%s', (_name, check, allowed) => {
  it.each(ROLES)('%s', (role) => {
    expect(check({ role })).toBe(allowed.includes(role));
  });

  it('denies a missing user', () => {
    expect(check(null)).toBe(false);
  });
});

describe('canViewPredictions', () => {
  const repairViewers: readonly TRole[] = ['admin', 'manager', 'salesperson', 'operator', 'production'];
  it.each(ROLES)("shows %s an order's prediction, and a repair's only to those who see repairs", (role) => {
    expect(canViewPredictions({ role }, 'order')).toBe(true);
    expect(canViewPredictions({ role }, 'repair')).toBe(repairViewers.includes(role));
  });

  it('shows a missing user nothing', () => {
    expect(canViewPredictions(null, 'order')).toBe(false);
    expect(canViewPredictions(null, 'repair')).toBe(false);
  });
});

describe('BENCH_ROLES (issue 37 §1)', () => {
  it('are the roles at the benches, none of whom the sidebar gives My Tasks', () => {
    expect(BENCH_ROLES).toEqual(['operator', 'production', 'qa']);
    for (const role of BENCH_ROLES) expect(PERSONAL_TASK_ROLES).not.toContain(role);
  });

  it.each(ROLES)('%s starts the dashboard with My work only when at a bench', (role) => {
    expect(startsWithMyWork({ role })).toBe((BENCH_ROLES as readonly string[]).includes(role));
  });
});
