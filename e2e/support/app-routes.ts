import type { TRole } from '@loupe/domain/auth/roles';
import { canSeeRoute } from '@loupe/domain/navigation/sidebar';
import { visibleSettingsSections } from '@loupe/domain/settings/sections';
import { paths, pathTo } from '../../apps/web/src/lib/paths';

/** Real ids of the seeded workshop, to fill the routes' parameters. */
export type TRouteIds = {
  readonly orderId: string;
  readonly repairId: string;
  readonly departmentId: string;
  readonly stationId: string;
  /** A job's public tracking token. */
  readonly trackingToken: string;
  /** A bag between two locations (issue 39), and a location. */
  readonly transferId: string;
  readonly locationId: string;
};

type TPathName = keyof typeof paths;

/**
 * The web router's paths (apps/web/src/lib/paths.ts) that a test does not open as they are, and why; every
 * other path is opened by each role the domain's route table lets in (canSeeRoute), so a new route is covered
 * the day it is added.
 */
const NOT_OPENED_AS_IS: Partial<Record<TPathName, string>> = {
  home: 'redirects to /dashboard',
  ai: 'redirects to /jbh-ai',
  settingsSection: 'opened once per settings section the role may open',
};

/** Routes for signed-out visitors: the sign-in pages, a TV pairing, a customer's tracking and approval pages. */
const SIGNED_OUT: readonly TPathName[] = [
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'verifyEmail',
  'tvSetup',
  'publicTracking',
  'designApproval',
];

function fill(path: string, ids: TRouteIds): string {
  return pathTo(path, {
    orderId: ids.orderId,
    repairId: ids.repairId,
    departmentId: ids.departmentId,
    stationId: ids.stationId,
    token: ids.trackingToken,
    transferId: ids.transferId,
    locationId: ids.locationId,
  });
}

/** Every signed-in route `role` may open, its parameters filled in, and each settings section it may open. */
export function signedInRoutesOf(role: TRole, ids: TRouteIds): string[] {
  const actor = { role };
  const routes = (Object.entries(paths) as [TPathName, string][])
    .filter(
      ([name, path]) => !(name in NOT_OPENED_AS_IS) && !SIGNED_OUT.includes(name) && canSeeRoute(actor, path),
    )
    .map(([, path]) => fill(path, ids));
  const sections = visibleSettingsSections(actor).map((section) =>
    pathTo(paths.settingsSection, { section }),
  );
  return [...new Set([...routes, ...sections])];
}

/** The routes a visitor who is not signed in opens. */
export function signedOutRoutes(ids: TRouteIds): string[] {
  return SIGNED_OUT.map((name) => fill(paths[name], ids));
}
