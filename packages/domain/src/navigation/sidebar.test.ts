import { describe, expect, it } from 'vitest';
import { ROLES, type TRole } from '../auth/roles';
import {
  canSeeRoute,
  DEFAULT_AI_ASSISTANT_NAME,
  PUBLIC_ROUTES,
  ROUTE_ACCESS,
  SIDEBAR_GROUPS,
  SIDEBAR_ICON_NAMES,
  visibleNavigation,
} from './sidebar';
import { SPEC_VISIBLE_GROUPS, SPEC_VISIBLE_PATHS } from './spec-sidebar-table.fixture';

const VISIBLE_PATHS = SPEC_VISIBLE_PATHS;
const VISIBLE_GROUPS = SPEC_VISIBLE_GROUPS;

describe('visibleNavigation (spec §2 sidebar)', () => {
  it.each(ROLES)('shows %s exactly the items the spec table gives the role', (role) => {
    const paths = visibleNavigation({ role }).flatMap((group) => group.items.map((item) => item.path));
    expect(paths).toEqual(VISIBLE_PATHS[role]);
  });

  it.each(ROLES)('shows %s only the groups that have a visible item', (role) => {
    expect(visibleNavigation({ role }).map((group) => group.title)).toEqual(VISIBLE_GROUPS[role]);
  });

  it.each(ROLES)('links /on-time-delivery for %s only when the role may open analytics', (role) => {
    const paths = visibleNavigation({ role }).flatMap((group) => group.items.map((item) => item.path));
    expect(paths.includes('/on-time-delivery')).toBe(role === 'admin' || role === 'manager');
    expect(canSeeRoute({ role }, '/on-time-delivery')).toBe(role === 'admin' || role === 'manager');
  });

  it('hides a group when none of its items is visible', () => {
    const groups = visibleNavigation({ role: 'qa' });
    expect(groups.find((group) => group.id === 'workflow-analytics')).toBeUndefined();
    expect(groups.every((group) => group.items.length > 0)).toBe(true);
  });

  it('shows nothing when no user is loaded', () => {
    expect(visibleNavigation(null)).toEqual([]);
    expect(visibleNavigation(undefined)).toEqual([]);
  });

  it('titles the /ai item with the AI assistant name passed in', () => {
    const items = visibleNavigation({ role: 'qa' }, { aiAssistantName: 'JBH AI' }).flatMap((g) => g.items);
    expect(items.find((item) => item.path === '/ai')?.title).toBe('JBH AI');
  });

  it.each([
    ['no name', undefined],
    ['a blank name', '   '],
  ])('titles the /ai item with the default when given %s', (_label, aiAssistantName) => {
    const options = aiAssistantName === undefined ? {} : { aiAssistantName };
    const items = visibleNavigation({ role: 'qa' }, options).flatMap((g) => g.items);
    expect(items.find((item) => item.path === '/ai')?.title).toBe(DEFAULT_AI_ASSISTANT_NAME);
  });

  it('does not rename the other items after the AI assistant', () => {
    const items = visibleNavigation({ role: 'admin' }, { aiAssistantName: 'JBH AI' }).flatMap((g) => g.items);
    expect(items.filter((item) => item.title === 'JBH AI').map((item) => item.path)).toEqual(['/ai']);
  });

  it('does not change the sidebar data while titling', () => {
    visibleNavigation({ role: 'admin' }, { aiAssistantName: 'JBH AI' });
    const ai = SIDEBAR_GROUPS.flatMap((g) => [...g.items]).find((item) => item.path === '/ai');
    expect(ai?.title).toBe(DEFAULT_AI_ASSISTANT_NAME);
  });
});

describe('SIDEBAR_GROUPS', () => {
  it('flags only Workflow & Analytics as collapsible, open by default and hidden when collapsed to icons', () => {
    const flags = SIDEBAR_GROUPS.map((g) => [g.title, g.collapsible, g.defaultOpen, g.hideWhenIconCollapsed]);
    expect(flags).toEqual([
      ['Main', false, true, false],
      ['Operations', false, true, false],
      ['Workflow & Analytics', true, true, true],
      ['Workspaces', false, true, false],
      ['System', false, true, false],
    ]);
  });

  it('gives every item a title, a known icon and a unique path', () => {
    const items = SIDEBAR_GROUPS.flatMap((g) => [...g.items]);
    expect(new Set(items.map((item) => item.path)).size).toBe(items.length);
    for (const item of items) {
      expect(item.title.length).toBeGreaterThan(0);
      expect(SIDEBAR_ICON_NAMES).toContain(item.icon);
    }
  });

  it('uses the human titles of the brief', () => {
    expect(SIDEBAR_GROUPS.flatMap((g) => g.items.map((item) => item.title))).toEqual([
      'Dashboard',
      'My Tasks',
      DEFAULT_AI_ASSISTANT_NAME,
      'Orders',
      'Repairs',
      'Offsite',
      'Safe Counts',
      'Transfers',
      'Workflow Dashboard',
      'Workflow Analytics',
      'On-Time Delivery',
      'Product Type Performance',
      'Comparison Analytics',
      'Capacity Planning',
      'Root Cause Dashboard',
      'Transit Analytics',
      'Manager Department',
      'Designer Workspace',
      'Alerts',
      'RFID Mapping',
      'Settings',
    ]);
  });
});

describe('ROUTE_ACCESS', () => {
  it('covers every signed-in route of spec §2 and nothing else', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(
      [
        '/',
        '/dashboard',
        '/departments',
        '/ai',
        '/ai/settings',
        '/orders',
        '/repairs',
        '/offsite',
        // Issue 37 §5: the closing count.
        '/safe-counts',
        // Issue 39: bags between locations, and a location's day.
        '/transfers',
        '/locations/:locationId',
        '/settings',
        '/workflow-dashboard',
        '/workflow-analytics',
        '/on-time-delivery',
        '/product-type-performance',
        '/comparison-analytics',
        '/capacity-planning',
        '/alerts',
        '/root-cause-dashboard',
        '/transit-analytics',
        '/designer-workspace',
        '/my-tasks',
        '/jeweler-tv/:stationId',
        '/manager-department',
        '/tv-setup',
        '/rfid-mapping',
        '/jbh-ai',
        '/jbh-ai-v2',
      ].sort(),
    );
  });

  it('lists the signed-out routes of spec §2', () => {
    expect(PUBLIC_ROUTES).toEqual([
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/verify-email',
    ]);
  });
});

describe('canSeeRoute', () => {
  // Sidebar routes a role may open without a sidebar entry: production manages repairs (§6); anyone can
  // be given work, so anyone may open their task list (issue 11 §10).
  const BEYOND_SIDEBAR: Record<TRole, readonly string[]> = {
    admin: ['/my-tasks'],
    manager: ['/my-tasks'],
    salesperson: [],
    designer: [],
    operator: ['/my-tasks'],
    production: ['/repairs', '/my-tasks'],
    qa: ['/my-tasks'],
  };

  it.each(ROLES)(
    'lets %s open the sidebar routes the sidebar shows it, and only the documented others',
    (role) => {
      const sidebarPaths = SIDEBAR_GROUPS.flatMap((g) => g.items.map((item) => item.path));
      const openable = sidebarPaths.filter((path) => canSeeRoute({ role }, path));
      const expected = [...VISIBLE_PATHS[role], ...BEYOND_SIDEBAR[role]];
      expect(new Set(openable)).toEqual(new Set(expected));
    },
  );

  // Routes outside the sidebar: the documented choices of ROUTE_ACCESS, role by role.
  const ALL = [...ROLES];
  const ADMIN_MANAGER: TRole[] = ['admin', 'manager'];
  it.each([
    ['/', ALL],
    ['/departments', ALL],
    ['/on-time-delivery', ADMIN_MANAGER],
    ['/ai/settings', ADMIN_MANAGER],
    ['/tv-setup', ADMIN_MANAGER],
    ['/jeweler-tv/STATION123456', ALL],
    ['/jbh-ai', ALL],
    ['/jbh-ai-v2', ALL],
  ] as const)('lets exactly the chosen roles open %s', (path, roles) => {
    expect(ROLES.filter((role) => canSeeRoute({ role }, path))).toEqual(roles);
  });

  it.each([
    ['a sub-route of an allowed route', 'admin', '/rfid-mapping/readers/7', true],
    ['a sub-route of a denied route', 'qa', '/rfid-mapping/readers/7', false],
    ['a deeper route that has its own entry, not its parent’s', 'qa', '/ai/settings', false],
    ['a sub-route of that deeper route', 'qa', '/ai/settings/models', false],
    ['a sub-route of /ai that has no entry of its own', 'qa', '/ai/history', true],
    ['a path with a query string', 'qa', '/rfid-mapping?tab=readers', false],
    ['a path with a query string', 'admin', '/rfid-mapping?tab=readers', true],
    ['a path with a hash', 'manager', '/tv-setup#screens', true],
    ['a trailing slash', 'manager', '/tv-setup/', true],
    ['a path in another case', 'admin', '/RFID-Mapping', true],
    ['a path in another case', 'qa', '/RFID-Mapping', false],
    ['the root', 'qa', '/', true],
    ['an unknown path (not under the root route)', 'admin', '/nowhere', false],
    ['a TV route without a station', 'admin', '/jeweler-tv', false],
    ['a route that only shares a prefix', 'admin', '/settingsx', false],
    ['a public route', 'admin', '/login', false],
  ] as const)('decides %s (%s %s → %s)', (_label, role, path, expected) => {
    expect(canSeeRoute({ role }, path)).toBe(expected);
  });

  it('denies every route when no user is loaded', () => {
    for (const path of Object.keys(ROUTE_ACCESS)) {
      expect(canSeeRoute(null, path)).toBe(false);
      expect(canSeeRoute(undefined, path)).toBe(false);
    }
  });
});
