import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { THEME_SWITCH_STYLE_ID, ThemeProvider, useTheme } from '@/components/theme/theme-provider';
import { mockMatchMedia, type TMatchMediaMock } from '@/test/match-media';

const PREFERS_DARK = '(prefers-color-scheme: dark)';

function ThemeProbe() {
  const { theme, resolvedTheme } = useTheme();
  return <output aria-label="theme">{`${theme} ${resolvedTheme}`}</output>;
}

function renderTheme() {
  return render(
    <ThemeProvider>
      <ModeToggle />
      <ThemeProbe />
    </ThemeProvider>,
  );
}

describe('ThemeProvider', () => {
  let matchMedia: TMatchMediaMock;

  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
    matchMedia = mockMatchMedia({ [PREFERS_DARK]: false });
  });
  afterEach(() => matchMedia.restore());

  it('defaults to dark', () => {
    renderTheme();
    expect(screen.getByLabelText('theme')).toHaveTextContent('dark dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
  });

  it('falls back to dark when the stored value is not a theme', () => {
    localStorage.setItem('admin-ui-theme', 'purple');
    renderTheme();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('uses the stored theme', () => {
    localStorage.setItem('admin-ui-theme', 'light');
    renderTheme();
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('offers light, dark and system from the toggle and persists the choice under admin-ui-theme', async () => {
    const user = userEvent.setup();
    renderTheme();

    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    const choices = screen.getAllByRole('menuitemradio');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(localStorage.getItem('admin-ui-theme')).toBe('light');
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('switches with every transition held still, so no badge fades through colours of neither theme', async () => {
    const user = userEvent.setup();
    renderTheme();
    await waitFor(() => expect(document.getElementById(THEME_SWITCH_STYLE_ID)).toBeNull());
    let heldWhenSwitched = false;
    const observer = new MutationObserver(() => {
      heldWhenSwitched =
        document.getElementById(THEME_SWITCH_STYLE_ID)?.textContent?.includes('transition:none') ?? false;
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });

    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    observer.disconnect();

    expect(document.documentElement).toHaveClass('light');
    expect(heldWhenSwitched).toBe(true);
    await waitFor(() => expect(document.getElementById(THEME_SWITCH_STYLE_ID)).toBeNull());
  });

  it.each([
    ['dark', 'dark', 'dark'],
    ['light', '', 'light'],
  ])('starts in the %s theme index.html painted without holding transitions', (stored, painted, applied) => {
    localStorage.setItem('admin-ui-theme', stored);
    document.documentElement.className = painted;
    const observer = new MutationObserver(() => {});
    observer.observe(document.head, { childList: true });
    renderTheme();
    const inserted = observer
      .takeRecords()
      .flatMap((record) => [...record.addedNodes])
      .filter((node): node is HTMLStyleElement => node instanceof HTMLStyleElement)
      .map((node) => node.id);
    observer.disconnect();
    expect(document.documentElement).toHaveClass(applied);
    expect(inserted).not.toContain(THEME_SWITCH_STYLE_ID);
  });

  it('opens the toggle from the keyboard', async () => {
    const user = userEvent.setup();
    renderTheme();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('follows the operating system live when set to system', () => {
    localStorage.setItem('admin-ui-theme', 'system');
    renderTheme();
    expect(screen.getByLabelText('theme')).toHaveTextContent('system light');
    expect(document.documentElement).toHaveClass('light');

    act(() => matchMedia.setMatches(PREFERS_DARK, true));
    expect(screen.getByLabelText('theme')).toHaveTextContent('system dark');
    expect(document.documentElement).toHaveClass('dark');
  });
});
