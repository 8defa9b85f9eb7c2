import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthContext, type TCurrentUser } from '@/lib/auth/auth-context';
import { makeAuth } from '@/test/factories';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchInterval: false },
      mutations: { retry: false },
    },
  });
}

/** Shows where the app navigated to, for tests that follow a link or a redirect. */
export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}

export type TRenderOptions = {
  readonly user: TCurrentUser;
  /** The address the test starts at, search included: '/orders?status=ready'. */
  readonly route: string;
  /** The route pattern `ui` is mounted at; by default the route's own path. */
  readonly path?: string;
  readonly queryClient?: QueryClient;
  /** Patterns a link or redirect may lead to; each shows only the location probe. */
  readonly otherRoutes?: readonly string[];
};

/** Renders `ui` signed in as `user`, at `route`, with a fresh query client and a probe of the location. */
export function renderWithProviders(
  ui: ReactNode,
  { user, route, path, queryClient = makeQueryClient(), otherRoutes = [] }: TRenderOptions,
) {
  const [pathname = route] = route.split('?');
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={makeAuth(user)}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route
              path={path ?? pathname}
              element={
                <>
                  {ui}
                  <LocationProbe />
                </>
              }
            />
            {otherRoutes.map((other) => (
              <Route key={other} path={other} element={<LocationProbe />} />
            ))}
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
