import { lazy, memo, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '@/components/loading-spinner';
import { useAuth } from '@/lib/auth/auth-context';
import { paths } from '@/lib/paths';

// Loaded once signed in: the socket client stays out of the sign-in page's JavaScript.
const LiveConnection = lazy(async () => ({
  default: (await import('../layouts/live-connection')).LiveConnection,
}));

/** Signed-in routes: a visitor without a session goes to /login (spec §2), remembering where they were going. */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingSpinner fullScreen />;
  if (auth.status === 'signed-out') {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <SignedInRoutes />;
}

/**
 * Around every signed-in route, the full-screen assistants included: the socket stays open across them. Memoised:
 * a new session state (the server's profile after the remembered one) re-renders the components that read it,
 * not the whole shell and screen a second time (issue 35 §4); the route's own changes reach <Outlet /> as before.
 */
const SignedInRoutes = memo(function SignedInRoutes() {
  return (
    <Suspense fallback={<LoadingSpinner fullScreen />}>
      <LiveConnection>
        <Outlet />
      </LiveConnection>
    </Suspense>
  );
});

/** /login and /register: a signed-in user goes to /dashboard (spec §2). */
export function RedirectIfSignedIn() {
  const auth = useAuth();
  // In the auth layout's form slot, not full screen: a screen-high spinner there pushed the branding up, and
  // it jumped back down when the form came (Lighthouse measured a layout shift of 0.33 on /login).
  if (auth.status === 'loading') return <LoadingSpinner />;
  if (auth.status === 'signed-in') return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
