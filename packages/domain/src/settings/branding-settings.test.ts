import { describe, expect, it } from 'vitest';
import {
  BRANDING_LIMITS,
  effectiveBranding,
  isAllowedLogoUrl,
  isSameOriginPath,
  ZBrandingSettingsSchema,
} from './branding-settings';

describe('isAllowedLogoUrl', () => {
  it.each([
    '/logo.svg',
    '/brand/logo.png?v=2',
    'https://cdn.example.com/logo.png',
    'http://example.com/a.svg',
  ])('accepts %s', (url) => {
    expect(isAllowedLogoUrl(url)).toBe(true);
  });

  it.each([
    ['a protocol-relative address', '//evil.example/logo.png'],
    ['a backslash host', '/\\evil.example/logo.png'],
    ['a path with a space', '/my logo.png'],
    ['a relative path', 'logo.png'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:image/svg+xml,<svg/>'],
    ['localhost', 'http://localhost/logo.png'],
    ['a private network', 'http://192.168.1.4/logo.png'],
    ['an IP literal', 'http://8.8.8.8/logo.png'],
    ['not a string', 42],
  ])('refuses %s', (_label, url) => {
    expect(isAllowedLogoUrl(url)).toBe(false);
  });

  it('only calls a single-slash path same-origin', () => {
    expect(isSameOriginPath('/a')).toBe(true);
    expect(isSameOriginPath('//a')).toBe(false);
  });
});

describe('ZBrandingSettingsSchema', () => {
  it('trims and keeps the overrides given', () => {
    expect(ZBrandingSettingsSchema.parse({ companyName: '  Atelier  ', tagline: 'Fine work' })).toEqual({
      companyName: 'Atelier',
      tagline: 'Fine work',
    });
  });

  it.each([
    ['an empty company name', { companyName: '   ' }],
    ['a company name too long', { companyName: 'x'.repeat(BRANDING_LIMITS.companyName + 1) }],
    ['a tagline too long', { tagline: 'x'.repeat(BRANDING_LIMITS.tagline + 1) }],
    ['an unsafe logo', { logoUrl: 'javascript:alert(1)' }],
  ])('refuses %s', (_label, value) => {
    expect(ZBrandingSettingsSchema.safeParse(value).success).toBe(false);
  });
});

describe('effectiveBranding', () => {
  const defaults = { companyName: 'Loupe', tagline: 'Default tagline' };

  it('uses the installation defaults where no override is stored', () => {
    expect(effectiveBranding({}, defaults)).toEqual(defaults);
  });

  it('prefers every stored override', () => {
    expect(
      effectiveBranding(
        { companyName: 'Atelier', tagline: 'Ours', logoUrl: '/logo.svg' },
        { ...defaults, logoUrl: 'https://example.com/l.png' },
      ),
    ).toEqual({ companyName: 'Atelier', tagline: 'Ours', logoUrl: '/logo.svg' });
  });

  it('keeps the default logo when none is overridden', () => {
    expect(effectiveBranding({}, { ...defaults, logoUrl: 'https://example.com/l.png' }).logoUrl).toBe(
      'https://example.com/l.png',
    );
  });
});
