import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import { SPEC_VISIBLE_GROUPS, SPEC_VISIBLE_PATHS } from '@loupe/domain/navigation/spec-sidebar-table.fixture';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppSidebar } from '@/app/layouts/app-sidebar';
import { SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { AuthContext, type TAuthContext, type TCurrentUser } from '@/lib/auth/auth-context';
import { RuntimeConfigContext } from '@/lib/runtime-config-context';
import { makeAuth, makeUser, TEST_PUBLIC_CONFIG } from '@/test/factories';
import { mockMatchMedia, type TMatchMediaMock } from '@/test/match-media';

const CONFIG = TEST_PUBLIC_CONFIG;

function renderSidebar({
  user,
  route = '/dashboard',
  auth = makeAuth(user),
}: {
  user: TCurrentUser | null;
  route?: string;
  auth?: TAuthContext;
}) {
  return render(
    <RuntimeConfigContext.Provider value={CONFIG}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/login" element={<p>Login screen</p>} />
            <Route
              path="*"
              element={
                <SidebarProvider>
                  <AppSidebar />
                  <SidebarTrigger />
                </SidebarProvider>
              }
            />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </RuntimeConfigContext.Provider>,
  );
}

function navLinks(): (string | null)[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
}

function groupTitles(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return Array.from(
    nav.querySelectorAll('[data-slot="sidebar-group-label"]'),
    (label) => label.textContent ?? '',
  );
}

function clearSidebarCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookie jar between tests.
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}

// Spec §2's sidebar table, transcribed once by hand for every test layer (not computed by the app).
const EXPECTED = Object.fromEntries(
  ROLES.map((role) => [
    role,
    { links: [...SPEC_VISIBLE_PATHS[role]], groups: [...SPEC_VISIBLE_GROUPS[role]] },
  ]),
) as Record<TRole, { links: string[]; groups: string[] }>;

describe('AppSidebar', () => {
  beforeEach(clearSidebarCookie);
  afterEach(clearSidebarCookie);

  describe.each(Object.entries(EXPECTED))('for a %s', (role, expected) => {
    it('shows exactly the links of the spec table', () => {
      renderSidebar({ user: makeUser(role as TRole) });
      expect(navLinks()).toEqual(expected.links);
    });

    it('shows only the groups with a visible item', () => {
      renderSidebar({ user: makeUser(role as TRole) });
      expect(groupTitles()).toEqual(expected.groups);
    });
  });

  it('renders no navigation without a user', () => {
    renderSidebar({ user: null });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('titles the /ai item with the company AI assistant name', () => {
    renderSidebar({ user: makeUser('qa') });
    expect(screen.getByRole('link', { name: 'Gemma' })).toHaveAttribute('href', '/ai');
  });

  it('shows the company name, tagline and the user with their role', () => {
    renderSidebar({ user: makeUser('designer') });
    expect(screen.getByText('Atelier Test')).toBeInTheDocument();
    expect(screen.getByText(CONFIG.tagline)).toBeInTheDocument();
    expect(screen.getByText('Test designer')).toBeInTheDocument();
    expect(screen.getByText('designer@example.test')).toBeInTheDocument();
    expect(screen.getByText('Designer')).toBeInTheDocument();
  });

  it('marks the current route active', () => {
    renderSidebar({ user: makeUser('admin'), route: '/orders' });
    const orders = screen.getByRole('link', { name: 'Orders' });
    expect(orders).toHaveAttribute('data-active', 'true');
    expect(orders).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Repairs' })).toHaveAttribute('data-active', 'false');
  });

  it('collapses the Workflow & Analytics group, which starts open', async () => {
    const user = userEvent.setup();
    renderSidebar({ user: makeUser('manager') });
    const toggle = screen.getByRole('button', { name: 'Workflow & Analytics' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Capacity Planning' })).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Capacity Planning' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'Capacity Planning' })).toBeInTheDocument();
  });

  it('hides the Workflow & Analytics group when collapsed to icons, and Ctrl+B brings it back', async () => {
    const user = userEvent.setup();
    renderSidebar({ user: makeUser('admin') });
    expect(groupTitles()).toContain('Workflow & Analytics');

    await user.keyboard('{Control>}b{/Control}');
    expect(document.cookie).toContain('sidebar_state=false');
    expect(groupTitles()).toEqual(['Main', 'Operations', 'Workspaces', 'System']);
    expect(navLinks()).not.toContain('/workflow-dashboard');

    await user.keyboard('{Control>}b{/Control}');
    expect(document.cookie).toContain('sidebar_state=true');
    expect(groupTitles()).toContain('Workflow & Analytics');
  });

  it('logs out through useAuth().signOut and goes to /login', async () => {
    const user = userEvent.setup();
    const signOut = vi.fn(async () => {});
    renderSidebar({ user: makeUser('qa'), auth: makeAuth(makeUser('qa'), signOut) });

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(signOut).toHaveBeenCalledOnce();
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    let matchMedia: TMatchMediaMock;
    beforeEach(() => {
      matchMedia = mockMatchMedia({ '(max-width: 767px)': true });
    });
    afterEach(() => matchMedia.restore());

    it('opens the navigation in a sheet and closes it once a link is chosen', async () => {
      const user = userEvent.setup();
      renderSidebar({ user: makeUser('operator') });
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
      const sheet = screen.getByRole('dialog', { name: 'Navigation' });
      // The analytics rule is about the desktop icon rail; the sheet shows the operator's whole menu.
      expect(navLinks()).toEqual(['/dashboard', '/ai', '/orders', '/repairs', '/transfers', '/settings']);

      await user.click(within(sheet).getByRole('link', { name: 'Repairs' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
