import {
  isAllowed,
  OFFSITE_MANAGER_ROLES,
  PERSONAL_TASK_ROLES,
  REPAIR_VIEWER_ROLES,
  type TRoleAccess,
} from '../auth/permissions';
import type { TActor, TRole } from '../auth/roles';
import { SAFE_COUNT_ROLES } from '../safe-counts/safe-counts';

/** Lucide icon names (kebab-case, as on lucide.dev) used by the sidebar; the web app maps each to its component. */
export const SIDEBAR_ICON_NAMES = [
  'layout-dashboard',
  'list-checks',
  'bot',
  'shopping-bag',
  'wrench',
  'truck',
  'workflow',
  'chart-line',
  'calendar-check',
  'gem',
  'chart-bar',
  'gauge',
  'microscope',
  'route',
  'building-2',
  'palette',
  'bell',
  'scan-line',
  'settings',
  'vault',
  'package',
] as const;
export type TSidebarIconName = (typeof SIDEBAR_ICON_NAMES)[number];

/** Title of the /ai item when the company's AI assistant name is not known (spec §2 does not give it). */
export const DEFAULT_AI_ASSISTANT_NAME = 'AI Assistant';

/** Roles of the Workflow & Analytics group (spec §2 sidebar table). */
export const ANALYTICS_ROLES = ['admin', 'manager'] as const satisfies readonly TRole[];

export type TSidebarItem = {
  readonly path: string;
  readonly title: string;
  readonly roles: TRoleAccess;
  readonly icon: TSidebarIconName;
  /** Titled with the company's AI assistant name rather than `title` (spec §2, the /ai item). */
  readonly titledWithAssistantName?: boolean;
};

export type TSidebarGroup = {
  readonly id: 'main' | 'operations' | 'workflow-analytics' | 'workspaces' | 'system';
  readonly title: string;
  readonly collapsible: boolean;
  readonly defaultOpen: boolean;
  /** Hidden when the sidebar is collapsed to icons (spec §2). */
  readonly hideWhenIconCollapsed: boolean;
  readonly items: readonly TSidebarItem[];
};

const PLAIN_GROUP = { collapsible: false, defaultOpen: true, hideWhenIconCollapsed: false } as const;

/** The sidebar table of spec §2, in display order. */
export const SIDEBAR_GROUPS = [
  {
    id: 'main',
    title: 'Main',
    ...PLAIN_GROUP,
    items: [
      { path: '/dashboard', title: 'Dashboard', roles: 'all', icon: 'layout-dashboard' },
      { path: '/my-tasks', title: 'My Tasks', roles: PERSONAL_TASK_ROLES, icon: 'list-checks' },
      {
        path: '/ai',
        title: DEFAULT_AI_ASSISTANT_NAME,
        roles: 'all',
        icon: 'bot',
        titledWithAssistantName: true,
      },
    ],
  },
  {
    id: 'operations',
    title: 'Operations',
    ...PLAIN_GROUP,
    items: [
      { path: '/orders', title: 'Orders', roles: 'all', icon: 'shopping-bag' },
      {
        path: '/repairs',
        title: 'Repairs',
        roles: ['admin', 'manager', 'salesperson', 'operator'],
        icon: 'wrench',
      },
      { path: '/offsite', title: 'Offsite', roles: OFFSITE_MANAGER_ROLES, icon: 'truck' },
      // Not in spec §2's table: the closing count of issue 37 §5, for those who sign for it.
      { path: '/safe-counts', title: 'Safe Counts', roles: SAFE_COUNT_ROLES, icon: 'vault' },
      // Not in spec §2's table: bags between the workshop, the stores and vendors (issue 39), for everyone
      // (TRANSFER_ACCESS.view; not imported, as its schemas would ride along to the sign-in page).
      { path: '/transfers', title: 'Transfers', roles: 'all', icon: 'package' },
    ],
  },
  {
    id: 'workflow-analytics',
    title: 'Workflow & Analytics',
    collapsible: true,
    defaultOpen: true,
    hideWhenIconCollapsed: true,
    items: [
      { path: '/workflow-dashboard', title: 'Workflow Dashboard', roles: ANALYTICS_ROLES, icon: 'workflow' },
      {
        path: '/workflow-analytics',
        title: 'Workflow Analytics',
        roles: ANALYTICS_ROLES,
        icon: 'chart-line',
      },
      // Not in spec §2's sidebar table, but the route is, and managers need a way to reach it (issue 13).
      {
        path: '/on-time-delivery',
        title: 'On-Time Delivery',
        roles: ANALYTICS_ROLES,
        icon: 'calendar-check',
      },
      {
        path: '/product-type-performance',
        title: 'Product Type Performance',
        roles: ANALYTICS_ROLES,
        icon: 'gem',
      },
      {
        path: '/comparison-analytics',
        title: 'Comparison Analytics',
        roles: ANALYTICS_ROLES,
        icon: 'chart-bar',
      },
      { path: '/capacity-planning', title: 'Capacity Planning', roles: ANALYTICS_ROLES, icon: 'gauge' },
      {
        path: '/root-cause-dashboard',
        title: 'Root Cause Dashboard',
        roles: ANALYTICS_ROLES,
        icon: 'microscope',
      },
      // Beyond the spec's table: transit between the workshop, its stores and vendors (issue 39 §4).
      { path: '/transit-analytics', title: 'Transit Analytics', roles: ANALYTICS_ROLES, icon: 'route' },
    ],
  },
  {
    id: 'workspaces',
    title: 'Workspaces',
    ...PLAIN_GROUP,
    items: [
      {
        path: '/manager-department',
        title: 'Manager Department',
        roles: ['admin', 'manager'],
        icon: 'building-2',
      },
      {
        path: '/designer-workspace',
        title: 'Designer Workspace',
        roles: ['designer', 'admin'],
        icon: 'palette',
      },
    ],
  },
  {
    id: 'system',
    title: 'System',
    ...PLAIN_GROUP,
    items: [
      { path: '/alerts', title: 'Alerts', roles: ['admin', 'manager', 'designer'], icon: 'bell' },
      { path: '/rfid-mapping', title: 'RFID Mapping', roles: ['admin'], icon: 'scan-line' },
      { path: '/settings', title: 'Settings', roles: 'all', icon: 'settings' },
    ],
  },
] as const satisfies readonly TSidebarGroup[];

export type TSidebarPath = (typeof SIDEBAR_GROUPS)[number]['items'][number]['path'];

const SIDEBAR_ROLES: ReadonlyMap<string, TRoleAccess> = new Map(
  (SIDEBAR_GROUPS as readonly TSidebarGroup[]).flatMap((group) =>
    group.items.map((item) => [item.path, item.roles]),
  ),
);

function sidebarRoles(path: TSidebarPath): TRoleAccess {
  // TSidebarPath only holds sidebar paths, so the lookup always succeeds; were it not to, deny.
  return SIDEBAR_ROLES.get(path) ?? [];
}

/**
 * Who may open each signed-in route of spec §2 (paths as the router writes them). Sidebar routes take the
 * sidebar's roles; the spec gives no roles for the others, so each of those carries a comment on the choice.
 * The server decides every permission (docs/architecture.md): this table only drives what the web app shows.
 */
export const ROUTE_ACCESS = {
  // The dashboard, also served at the root.
  '/': sidebarRoles('/dashboard'),
  '/dashboard': sidebarRoles('/dashboard'),
  // Choice: anyone can be given work (issue 12), so everyone may open their list; the sidebar offers it
  // to the roles of spec §2.
  '/my-tasks': 'all',
  '/ai': sidebarRoles('/ai'),
  '/orders': sidebarRoles('/orders'),
  // Choice: everyone who may see repairs (§6), wider than the sidebar's roles: production manages repairs
  // (§6) without a sidebar entry for them, and reaches them from the dashboard (issue 11 §4).
  '/repairs': REPAIR_VIEWER_ROLES,
  '/offsite': sidebarRoles('/offsite'),
  '/safe-counts': sidebarRoles('/safe-counts'),
  // A bag's page (/transfers/:id) matches this too.
  '/transfers': sidebarRoles('/transfers'),
  '/workflow-dashboard': sidebarRoles('/workflow-dashboard'),
  '/workflow-analytics': sidebarRoles('/workflow-analytics'),
  '/product-type-performance': sidebarRoles('/product-type-performance'),
  '/comparison-analytics': sidebarRoles('/comparison-analytics'),
  '/capacity-planning': sidebarRoles('/capacity-planning'),
  '/root-cause-dashboard': sidebarRoles('/root-cause-dashboard'),
  '/transit-analytics': sidebarRoles('/transit-analytics'),
  '/manager-department': sidebarRoles('/manager-department'),
  '/designer-workspace': sidebarRoles('/designer-workspace'),
  '/alerts': sidebarRoles('/alerts'),
  '/rfid-mapping': sidebarRoles('/rfid-mapping'),
  '/settings': sidebarRoles('/settings'),
  // Not in the sidebar. Choice: the department overview is the shell's landing content (tagline, §1), so all.
  '/departments': 'all',
  // Choice: a location's day (issue 39), reached from the dashboard's location picker, like the departments: all.
  '/locations/:locationId': 'all',
  // Choice: an analytics screen, so the Workflow & Analytics group's roles.
  '/on-time-delivery': ANALYTICS_ROLES,
  // Choice: configures the AI assistant for everyone, like the admin/manager settings sections (§6).
  '/ai/settings': ['admin', 'manager'],
  // Choice: sets up the station TVs, like the tv-displays settings section (§6: admin, manager).
  '/tv-setup': ['admin', 'manager'],
  // Choice: a station's TV screen is signed in as whoever stands at it, so all.
  '/jeweler-tv/:stationId': 'all',
  // Choice: the full-screen AI assistants are what /ai (all) redirects to, so all.
  '/jbh-ai': 'all',
  '/jbh-ai-v2': 'all',
} as const satisfies Record<string, TRoleAccess>;

export type TAppRoutePath = keyof typeof ROUTE_ACCESS;

/** Routes for signed-out visitors (spec §2); a signed-in user opening /login or /register goes to /dashboard. */
export const PUBLIC_ROUTES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
] as const;
export type TPublicRoutePath = (typeof PUBLIC_ROUTES)[number];

export type TVisibleNavigationOptions = { readonly aiAssistantName?: string };

/** The sidebar for one user: only the items visible to their role, and only groups with a visible item (§2). */
export function visibleNavigation(
  user: TActor | null | undefined,
  options: TVisibleNavigationOptions = {},
): TSidebarGroup[] {
  if (!user) return [];
  const aiTitle = options.aiAssistantName?.trim() || DEFAULT_AI_ASSISTANT_NAME;
  const groups: TSidebarGroup[] = [];
  for (const group of SIDEBAR_GROUPS as readonly TSidebarGroup[]) {
    const items = group.items
      .filter((item) => isAllowed(user, item.roles))
      .map((item) => (item.titledWithAssistantName ? { ...item, title: aiTitle } : item));
    if (items.length > 0) groups.push({ ...group, items });
  }
  return groups;
}

const ROUTE_PATTERNS = Object.entries(ROUTE_ACCESS).map(([pattern, access]) => ({
  segments: pattern.split('/').filter(Boolean),
  access: access as TRoleAccess,
}));

function normalizePath(path: string): string[] {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname.toLowerCase().split('/').filter(Boolean);
}

/** How many leading segments a pattern matches (":param" matches any one segment), or -1 if it does not. */
function matchLength(pattern: readonly string[], segments: readonly string[]): number {
  if (pattern.length > segments.length) return -1;
  // The root route matches only itself, never as a prefix of everything.
  if (pattern.length === 0) return segments.length === 0 ? 0 : -1;
  for (const [index, part] of pattern.entries()) {
    if (!part.startsWith(':') && part !== segments[index]) return -1;
  }
  return pattern.length;
}

/**
 * Whether the user may open `path` — a route of ROUTE_ACCESS or a sub-route of one (the longest match wins,
 * so /ai/settings is not /ai). For the access-denied screen. Unknown paths and a missing user give false.
 * Paths are matched case-insensitively, like the router; query and hash are ignored.
 */
export function canSeeRoute(user: TActor | null | undefined, path: string): boolean {
  if (!user) return false;
  const segments = normalizePath(path);
  let best: { length: number; access: TRoleAccess } | undefined;
  for (const route of ROUTE_PATTERNS) {
    const length = matchLength(route.segments, segments);
    if (length >= 0 && (!best || length > best.length)) best = { length, access: route.access };
  }
  return best ? isAllowed(user, best.access) : false;
}
