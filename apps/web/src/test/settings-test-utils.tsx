import { OFFSITE_DEFAULTS } from '@loupe/domain/settings/general-settings';
import { NOTIFICATION_DEFAULTS } from '@loupe/domain/settings/notification-settings';
import type { TWorkshopGeneralSettings } from '@loupe/domain/settings/workshop-general-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { settingsQueryKeys } from '@/features/settings/api/settings-query-keys';
import { AuthContext, type TCurrentUser } from '@/lib/auth/auth-context';
import { makeAuth } from '@/test/factories';

/**
 * A query client already holding what the settings screens read first, and never refetching it, so a test
 * renders without a server; mutations still go through the (spied) API client.
 */
export function makeQueryClient(general: TWorkshopGeneralSettings = { ...OFFSITE_DEFAULTS }): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false },
      mutations: { retry: false },
    },
  });
  client.setQueryData(settingsQueryKeys.general, general);
  client.setQueryData(settingsQueryKeys.notifications, { ...NOTIFICATION_DEFAULTS });
  return client;
}

/** jsdom has no ResizeObserver; Radix switches measure themselves with one. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

export function renderWithSettingsProviders(
  ui: ReactNode,
  {
    user,
    route = '/settings',
    path = '*',
    queryClient = makeQueryClient(),
  }: { user: TCurrentUser | null; route?: string; path?: string; queryClient?: QueryClient },
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={makeAuth(user)}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
