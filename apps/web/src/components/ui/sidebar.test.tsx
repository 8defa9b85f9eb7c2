import { SIDEBAR } from '@loupe/domain/config/constants';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  readSidebarCookie,
  Sidebar,
  SidebarContent,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar';

function clearSidebarCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookie jar between tests.
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}

function StateProbe() {
  const { state, open } = useSidebar();
  return <output aria-label="sidebar state">{`${state} ${open}`}</output>;
}

function renderSidebar(props: { defaultOpen?: boolean } = {}) {
  return render(
    <SidebarProvider {...props}>
      <Sidebar collapsible="icon">
        <SidebarContent>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton tooltip="Orders">Orders</SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarContent>
      </Sidebar>
      <SidebarTrigger />
      <StateProbe />
    </SidebarProvider>,
  );
}

describe('SidebarProvider', () => {
  beforeEach(clearSidebarCookie);
  afterEach(() => {
    clearSidebarCookie();
    vi.restoreAllMocks();
  });

  it('starts expanded without a cookie and sets the spec widths', () => {
    const { container } = renderSidebar();
    expect(screen.getByLabelText('sidebar state')).toHaveTextContent('expanded true');
    const wrapper = container.querySelector<HTMLElement>('[data-slot="sidebar-wrapper"]');
    expect(wrapper?.style.getPropertyValue('--sidebar-width')).toBe('16rem');
    expect(wrapper?.style.getPropertyValue('--sidebar-width-icon')).toBe('3rem');
  });

  it('toggles with Ctrl+B and Cmd+B and keeps the state in the sidebar_state cookie for 7 days', async () => {
    const user = userEvent.setup();
    const cookieWrites = vi.spyOn(Document.prototype, 'cookie', 'set');
    const { container } = renderSidebar();

    await user.keyboard('{Control>}b{/Control}');
    expect(screen.getByLabelText('sidebar state')).toHaveTextContent('collapsed false');
    expect(container.querySelector('[data-slot="sidebar"]')).toHaveAttribute('data-collapsible', 'icon');
    expect(cookieWrites).toHaveBeenLastCalledWith(
      `sidebar_state=false; path=/; max-age=${7 * 24 * 60 * 60}; SameSite=Lax`,
    );
    expect(SIDEBAR.cookieMaxAgeSeconds).toBe(604_800);

    await user.keyboard('{Meta>}b{/Meta}');
    expect(screen.getByLabelText('sidebar state')).toHaveTextContent('expanded true');
    expect(readSidebarCookie()).toBe(true);
  });

  it('ignores B without a modifier', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.keyboard('b');
    expect(screen.getByLabelText('sidebar state')).toHaveTextContent('expanded true');
  });

  it('restores the collapsed state from the cookie', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: arranging a cookie from an earlier visit.
    document.cookie = 'sidebar_state=false; path=/';
    renderSidebar();
    expect(screen.getByLabelText('sidebar state')).toHaveTextContent('collapsed false');
  });

  it('toggles from the trigger, which reports whether the sidebar is expanded', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const trigger = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(readSidebarCookie()).toBe(false);
  });
});

describe('SidebarMenuButton', () => {
  beforeEach(clearSidebarCookie);
  afterEach(() => {
    clearSidebarCookie();
    vi.unstubAllGlobals();
  });

  it('shows its tooltip only when the sidebar is collapsed to icons', async () => {
    // Radix positions tooltips with ResizeObserver, which jsdom lacks.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const user = userEvent.setup();
    renderSidebar();
    const button = screen.getByRole('button', { name: 'Orders' });
    expect(button).toHaveAttribute('type', 'button');

    await user.hover(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.unhover(button);

    await user.keyboard('{Control>}b{/Control}');
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Orders');
  });
});

describe('readSidebarCookie', () => {
  it.each([
    ['sidebar_state=true', true],
    ['a=1; sidebar_state=false', false],
    ['sidebar_state=maybe', undefined],
    ['', undefined],
  ])('reads %j as %s', (cookie, expected) => {
    expect(readSidebarCookie(cookie)).toBe(expected);
  });
});
