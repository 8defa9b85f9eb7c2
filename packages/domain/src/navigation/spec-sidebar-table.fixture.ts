import type { TRole } from '../auth/roles';

/**
 * Spec §2's sidebar table read off by hand, role by role, in display order — a test fixture. The domain,
 * web and browser tests all compare against this one transcription, never against values computed by
 * the code under test.
 */
const ANALYTICS = [
  '/workflow-dashboard',
  '/workflow-analytics',
  // The one entry beyond the spec's table: its route is in spec §2, with no way to reach it (issue 13).
  '/on-time-delivery',
  '/product-type-performance',
  '/comparison-analytics',
  '/capacity-planning',
  '/root-cause-dashboard',
  // Beyond the table too: transit between locations (issue 39 §4).
  '/transit-analytics',
];

export const SPEC_VISIBLE_PATHS: Readonly<Record<TRole, readonly string[]>> = {
  admin: [
    '/dashboard',
    '/ai',
    '/orders',
    '/repairs',
    '/offsite',
    // Beyond the spec's table too: the closing count (issue 37 §5), for admins and managers.
    '/safe-counts',
    // Beyond the spec's table too: bags between locations (issue 39), for everyone.
    '/transfers',
    ...ANALYTICS,
    '/manager-department',
    '/designer-workspace',
    '/alerts',
    '/rfid-mapping',
    '/settings',
  ],
  manager: [
    '/dashboard',
    '/ai',
    '/orders',
    '/repairs',
    '/offsite',
    // Beyond the spec's table too: the closing count (issue 37 §5), for admins and managers.
    '/safe-counts',
    // Beyond the spec's table too: bags between locations (issue 39), for everyone.
    '/transfers',
    ...ANALYTICS,
    '/manager-department',
    '/alerts',
    '/settings',
  ],
  salesperson: [
    '/dashboard',
    '/my-tasks',
    '/ai',
    '/orders',
    '/repairs',
    '/offsite',
    '/transfers',
    '/settings',
  ],
  designer: [
    '/dashboard',
    '/my-tasks',
    '/ai',
    '/orders',
    '/transfers',
    '/designer-workspace',
    '/alerts',
    '/settings',
  ],
  operator: ['/dashboard', '/ai', '/orders', '/repairs', '/transfers', '/settings'],
  production: ['/dashboard', '/ai', '/orders', '/transfers', '/settings'],
  qa: ['/dashboard', '/ai', '/orders', '/transfers', '/settings'],
};

export const SPEC_VISIBLE_GROUPS: Readonly<Record<TRole, readonly string[]>> = {
  admin: ['Main', 'Operations', 'Workflow & Analytics', 'Workspaces', 'System'],
  manager: ['Main', 'Operations', 'Workflow & Analytics', 'Workspaces', 'System'],
  salesperson: ['Main', 'Operations', 'System'],
  designer: ['Main', 'Operations', 'Workspaces', 'System'],
  operator: ['Main', 'Operations', 'System'],
  production: ['Main', 'Operations', 'System'],
  qa: ['Main', 'Operations', 'System'],
};
