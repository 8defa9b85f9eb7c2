import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppLayout } from '@/app/layouts/app-layout';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { apiClient } from '@/lib/api-client';
import { AuthContext, type TAuthContext } from '@/lib/auth/auth-context';
import { RuntimeConfigContext } from '@/lib/runtime-config-context';
import { TEST_PUBLIC_CONFIG } from '@/test/factories';

const CONFIG = TEST_PUBLIC_CONFIG;

const AUTH: TAuthContext = {
  status: 'signed-in',
  user: {
    id: 'u1',
    email: 'admin@example.test',
    name: 'Ada Admin',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    department: null,
  },
  signIn: vi.fn(),
  continueSignIn: vi.fn(),
  signOut: vi.fn(async () => {}),
  refreshUser: vi.fn(async () => {}),
};

describe('AppLayout', () => {
  it('has the shell landmarks, both toggles, the bell, the routed page and the copyright of the current year', async () => {
    vi.spyOn(apiClient, 'get').mockImplementation(async (path) => {
      if (path !== 'notifications') throw new Error(`unexpected GET ${path}`);
      return { success: true, data: { items: [], unread: 3 } };
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RuntimeConfigContext.Provider value={CONFIG}>
          <AuthContext.Provider value={AUTH}>
            <ThemeProvider>
              <MemoryRouter initialEntries={['/orders']}>
                <Routes>
                  <Route element={<AppLayout title="Orders" now={() => new Date('2031-06-01T12:00:00Z')} />}>
                    <Route path="/orders" element={<p>Orders page</p>} />
                  </Route>
                </Routes>
              </MemoryRouter>
            </ThemeProvider>
          </AuthContext.Provider>
        </RuntimeConfigContext.Provider>
      </QueryClientProvider>,
    );

    const header = screen.getByRole('banner');
    expect(
      await within(header).findByRole('button', { name: 'Notifications, 3 unread' }),
    ).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Toggle sidebar' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Orders page')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2031 Atelier Test. All rights reserved.');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });
});
