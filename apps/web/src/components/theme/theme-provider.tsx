import {
  DEFAULT_THEME,
  parseStoredTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
  type TTheme,
} from '@loupe/domain/preferences/theme';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';

// Theme of spec §3: light, dark or system (follows the operating system live), default dark, kept in
// localStorage under 'admin-ui-theme'; an unreadable stored value falls back to dark (§5).

const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

export type TThemeContext = {
  readonly theme: TTheme;
  /** The theme actually painted: 'system' resolved against the operating system's preference. */
  readonly resolvedTheme: 'light' | 'dark';
  readonly setTheme: (theme: TTheme) => void;
};

const ThemeContext = createContext<TThemeContext | null>(null);

export function useTheme(): TThemeContext {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside <ThemeProvider>');
  return context;
}

function readStoredTheme(storageKey: string): TTheme {
  try {
    return parseStoredTheme(window.localStorage.getItem(storageKey));
  } catch (error) {
    // Storage can be blocked (privacy settings); the default theme still works (§8: storage failures are logged).
    console.warn(`Could not read the theme from localStorage key '${storageKey}'`, error);
    return DEFAULT_THEME;
  }
}

/** The style element that holds every transition still while the theme's colours change. */
export const THEME_SWITCH_STYLE_ID = 'theme-switch-no-transitions';

/**
 * Stops every CSS transition until the new theme's colours are computed, so a switch repaints at once
 * instead of fading each badge and button through colours of neither theme. Returns the undo.
 */
/** Whether the page is painted in `theme` already: the stylesheet's colours are light unless 'dark' is set. */
function isPaintedIn(root: HTMLElement, theme: 'light' | 'dark'): boolean {
  return root.classList.contains('dark') === (theme === 'dark');
}

function suspendTransitions(): () => void {
  const style = document.createElement('style');
  style.id = THEME_SWITCH_STYLE_ID;
  style.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(style);
  return () => {
    // Reading a computed style makes the browser apply the new colours while transitions are off.
    window.getComputedStyle(document.body).getPropertyValue('color');
    window.setTimeout(() => style.remove(), 1);
  };
}

export function ThemeProvider({
  children,
  storageKey = THEME_STORAGE_KEY,
}: {
  children: ReactNode;
  storageKey?: string;
}) {
  const [theme, setThemeState] = useState<TTheme>(() => readStoredTheme(storageKey));
  const prefersDark = useMediaQuery(PREFERS_DARK_QUERY);
  const resolvedTheme = resolveTheme(theme, { prefersDark });

  // Before paint, so a change never flashes the other theme.
  useLayoutEffect(() => {
    const root = document.documentElement;
    // Transitions are held only when the colours change: not as the app starts in the theme index.html's
    // script painted already (holding them then cost a style recalculation of the whole page, issue 35 §4).
    const restoreTransitions = isPaintedIn(root, resolvedTheme) ? null : suspendTransitions();
    root.classList.remove('light', 'dark');
    root.classList.add(resolvedTheme);
    root.style.colorScheme = resolvedTheme;
    restoreTransitions?.();
  }, [resolvedTheme]);

  // Another tab changed the theme: follow it.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === storageKey) setThemeState(parseStoredTheme(event.newValue));
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKey]);

  const setTheme = useCallback(
    (next: TTheme) => {
      try {
        window.localStorage.setItem(storageKey, next);
      } catch (error) {
        console.warn(`Could not save the theme under localStorage key '${storageKey}'`, error);
      }
      setThemeState(next);
    },
    [storageKey],
  );

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
