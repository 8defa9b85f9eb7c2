import { z } from 'zod';
import { parseStoredValue } from '../storage/stored-value';
import { lazySchema } from '../validation/lazy-schema';

/** Theme of spec §3 (browser key admin-ui-theme). */
export const THEMES = ['light', 'dark', 'system'] as const;
export const ZThemeSchema = lazySchema(() => z.enum(THEMES));
export type TTheme = z.infer<typeof ZThemeSchema>;

export const DEFAULT_THEME: TTheme = 'dark';
export const THEME_STORAGE_KEY = 'admin-ui-theme';

/** The stored theme, or dark when it is missing or unparsable (spec §3, §5). */
export function parseStoredTheme(raw: string | null | undefined): TTheme {
  return parseStoredValue(ZThemeSchema, raw, DEFAULT_THEME);
}

/** The theme to paint: 'system' follows the operating system's preference. */
export function resolveTheme(theme: TTheme, options: { readonly prefersDark: boolean }): 'light' | 'dark' {
  switch (theme) {
    case 'light':
    case 'dark':
      return theme;
    case 'system':
      return options.prefersDark ? 'dark' : 'light';
    default: {
      // Only reachable from untyped callers; fail loudly rather than paint an unknown theme.
      const unknownTheme: never = theme;
      throw new TypeError(`Unknown theme: ${String(unknownTheme)}`);
    }
  }
}
