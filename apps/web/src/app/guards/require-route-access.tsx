import { canSeeRoute } from '@loupe/domain/navigation/sidebar';
import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { AccessDeniedScreen } from '../routes/access-denied-screen';

/**
 * Shows the access-denied screen when the user's role may not see this route. Convenience only: the
 * server refuses the data anyway (docs/architecture.md).
 */
export function RequireRouteAccess({ path, children }: { path: string; children: ReactNode }) {
  const { user } = useAuth();
  if (!user || !canSeeRoute(user, path)) return <AccessDeniedScreen isDashboard={isDashboardPath(path)} />;
  return children;
}

const DASHBOARD_PATHS = ['/workflow-dashboard', '/workflow-analytics', '/root-cause-dashboard', '/dashboard'];

function isDashboardPath(path: string): boolean {
  return DASHBOARD_PATHS.includes(path);
}
