import type { TActor, TRole } from '@loupe/domain/auth/roles';
import { canSeeRoute, ROUTE_ACCESS } from '@loupe/domain/navigation/sidebar';
import { canAccessSettingsSection, SETTINGS_SECTIONS } from '@loupe/domain/settings/sections';
import { paths } from '../../apps/web/src/lib/paths';
import type { TDemoWorkshop } from './demo-workshop';

/**
 * Every screen of the web app, read off its router's `paths` table and the domain's route access table, with
 * real ids from the demo workshop filled in: the list the dead-end and accessibility tests walk. A path
 * added to the router without being classified here fails the typecheck.
 */

type TPathKey = keyof typeof paths;

/**
 * How the router serves each path: behind the route access check for signed-in staff (`guarded`), signed in
 * without that check (`open`: the TV setup page, which a TV opens without anyone signing in), for
 * signed-out visitors (`signed-out`: a signed-in user is sent on), or for customers with a link's token.
 */
export const SERVED_AS = {
  login: 'signed-out',
  register: 'signed-out',
  forgotPassword: 'signed-out',
  resetPassword: 'signed-out',
  verifyEmail: 'signed-out',
  home: 'guarded',
  dashboard: 'guarded',
  departments: 'guarded',
  stationDetail: 'guarded',
  aiSettings: 'guarded',
  orders: 'guarded',
  orderNew: 'guarded',
  orderDetail: 'guarded',
  orderEdit: 'guarded',
  repairs: 'guarded',
  repairNew: 'guarded',
  repairDetail: 'guarded',
  repairEdit: 'guarded',
  offsite: 'guarded',
  settings: 'guarded',
  settingsSection: 'guarded',
  profile: 'guarded',
  workflowDashboard: 'guarded',
  workflowAnalytics: 'guarded',
  onTimeDelivery: 'guarded',
  productTypePerformance: 'guarded',
  comparisonAnalytics: 'guarded',
  capacityPlanning: 'guarded',
  alerts: 'guarded',
  rootCauseDashboard: 'guarded',
  designerWorkspace: 'guarded',
  myTasks: 'guarded',
  jewelerTv: 'guarded',
  managerDepartment: 'guarded',
  tvSetup: 'open',
  publicTracking: 'customer',
  designApproval: 'customer',
  rfidMapping: 'guarded',
  ai: 'guarded',
  aiAssistant: 'guarded',
  aiAssistantV2: 'guarded',
} as const satisfies Record<TPathKey, 'guarded' | 'open' | 'signed-out' | 'customer'>;

/** Router paths the route access table must name (the rest fall under one of its prefixes). */
export function routeAccessPathsMissingFromRouter(): string[] {
  const routerPaths = new Set<string>(Object.values(paths));
  return Object.keys(ROUTE_ACCESS).filter((path) => !routerPaths.has(path));
}

function actorOf(role: TRole): TActor {
  return { role };
}

/** A path of the table with real ids: one per path, a settings section per section. */
function concretePaths(key: TPathKey, demo: TDemoWorkshop): string[] {
  const path: string = paths[key];
  const department = demo.workshop.departments.find((entry) => entry.stations.length > 0);
  const order = demo.workshop.items.find((item) => item.kind === 'order');
  const repair = demo.workshop.items.find((item) => item.kind === 'repair');
  const values: Record<string, string | undefined> = {
    orderId: order?.id,
    repairId: repair?.id,
    departmentId: department?.id,
    stationId: department?.stations[0]?.id,
    token: demo.trackingToken,
  };
  if (key === 'settingsSection') return SETTINGS_SECTIONS.map((section) => `/settings/${section}`);
  // A design revision's approval page needs a revision sent to a customer: the designer's own test opens it.
  if (key === 'designApproval') return [];
  return [
    path.replace(/:(\w+)/g, (_, name: string) => {
      const value = values[name];
      if (!value) throw new Error(`no demo value for :${name} in ${path}`);
      return value;
    }),
  ];
}

/** May this role open the path, as the web app decides (which mirrors the server's permissions)? */
function mayOpen(role: TRole, key: TPathKey, path: string): boolean {
  const actor = actorOf(role);
  if (SERVED_AS[key] === 'open') return true;
  if (key === 'settingsSection') return canAccessSettingsSection(actor, path.split('/')[2]);
  return canSeeRoute(actor, path);
}

/** The screens a signed-in role may open, with the ids of the demo workshop. */
export function screensFor(role: TRole, demo: TDemoWorkshop): string[] {
  const keys = Object.keys(SERVED_AS) as TPathKey[];
  return keys
    .filter((key) => SERVED_AS[key] === 'guarded' || SERVED_AS[key] === 'open')
    .flatMap((key) => concretePaths(key, demo).filter((path) => mayOpen(role, key, path)));
}

/** The pages for people who are not signed in: the sign-in pages, and a customer's tracking page. */
export function signedOutScreens(demo: TDemoWorkshop): string[] {
  const keys = Object.keys(SERVED_AS) as TPathKey[];
  return keys
    .filter((key) => SERVED_AS[key] === 'signed-out' || SERVED_AS[key] === 'customer')
    .flatMap((key) => concretePaths(key, demo));
}
