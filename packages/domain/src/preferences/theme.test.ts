import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, parseStoredTheme, resolveTheme, THEME_STORAGE_KEY, ZThemeSchema } from './theme';

describe('theme preference (spec §3)', () => {
  it('is stored under admin-ui-theme and defaults to dark', () => {
    expect(THEME_STORAGE_KEY).toBe('admin-ui-theme');
    expect(DEFAULT_THEME).toBe('dark');
  });

  it('is light, dark or system', () => {
    expect(ZThemeSchema.unwrap().options).toEqual(['light', 'dark', 'system']);
  });

  it.each([
    ['a plain stored theme', 'light', 'light'],
    ['a JSON stored theme', '"system"', 'system'],
    ['dark', 'dark', 'dark'],
    ['a missing value', null, 'dark'],
    ['an undefined value', undefined, 'dark'],
    ['an empty value', '', 'dark'],
    ['an unknown theme', 'sepia', 'dark'],
    ['a theme in another case', 'Light', 'dark'],
    ['unparsable JSON', '{"theme":', 'dark'],
    ['JSON of the wrong shape', '{"theme":"light"}', 'dark'],
  ] as const)('reads %s as %s', (_label, raw, expected) => {
    expect(parseStoredTheme(raw)).toBe(expected);
  });
});

describe('resolveTheme', () => {
  it.each([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['system', true, 'dark'],
    ['system', false, 'light'],
  ] as const)('paints %s as %s-preferring → %s', (theme, prefersDark, expected) => {
    expect(resolveTheme(theme, { prefersDark })).toBe(expected);
  });

  it('throws for a theme outside the union from an untyped caller', () => {
    expect(() => resolveTheme('sepia' as never, { prefersDark: true })).toThrow(TypeError);
  });
});
