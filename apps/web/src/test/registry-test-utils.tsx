import type { TRole } from '@loupe/domain/auth/roles';
import type { TDepartment } from '@loupe/domain/registry/departments';
import type { TLocation } from '@loupe/domain/registry/locations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { apiClient, type TRequestOptions } from '@/lib/api-client';
import { AuthContext } from '@/lib/auth/auth-context';
import { makeAuth, makeUser } from '@/test/factories';

export function page<T>(items: readonly T[]) {
  return { success: true, data: { items, total: items.length, nextCursor: null } };
}

/**
 * Answers the registry GETs from fixed lists, through the real API client's interface (spied), as the
 * server would: departments filtered by the locationId asked for. Any other GET is a bug in the test.
 */
export function stubRegistryGets({
  locations,
  departments,
}: {
  locations: readonly TLocation[];
  departments: readonly TDepartment[];
}) {
  return vi.spyOn(apiClient, 'get').mockImplementation(async (path: string, options?: TRequestOptions) => {
    if (path === 'locations') return page(locations);
    if (path === 'departments') {
      const locationId = options?.searchParams?.locationId;
      return page(departments.filter((department) => department.locationId === locationId));
    }
    throw new Error(`unexpected GET ${path}`);
  });
}

export function makeTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders with a query client, a signed-in user of `role` and a router. */
export function renderWithRegistryProviders(
  ui: ReactNode,
  {
    role,
    route = '/',
    queryClient = makeTestQueryClient(),
  }: { role: TRole; route?: string; queryClient?: QueryClient },
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={makeAuth(makeUser(role))}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** jsdom lacks what Radix Select uses to open with a pointer. */
export function stubPointerApis(): void {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};
}
