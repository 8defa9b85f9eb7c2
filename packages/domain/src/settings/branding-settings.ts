import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { isSafeExternalUrl } from '../validation/url';

/** Lengths of the branding the shell shows (company name, tagline, logo, spec §1). */
export const BRANDING_LIMITS = {
  companyName: 100,
  tagline: 200,
  logoUrl: 2048,
} as const;

// Whitespace, control characters and backslashes have no place in a logo path; browsers read '/\host' as '//host'.
const UNSAFE_PATH_CHARACTERS = /[\s\\\p{Cc}]/u;

/** A path on the server itself ('/brand/logo.svg'); '//host' would be another site (protocol-relative). */
export function isSameOriginPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_PATH_CHARACTERS.test(value);
}

/** A logo is an image on this server, or on a public http(s) site (the URL check of spec §5). */
export function isAllowedLogoUrl(value: unknown): boolean {
  return typeof value === 'string' && (isSameOriginPath(value) || isSafeExternalUrl(value));
}

export const LOGO_URL_MESSAGE = 'Use a public http(s) address, or a path on this server starting with /';

function tooLong(field: keyof typeof BRANDING_LIMITS): string {
  return `Use at most ${BRANDING_LIMITS[field]} characters`;
}

/** One branding field: trimmed, never empty (an override is removed, not blanked). */
export const BRANDING_FIELDS = {
  companyName: lazySchema(() =>
    z.string().trim().min(1, 'Enter a company name').max(BRANDING_LIMITS.companyName, tooLong('companyName')),
  ),
  tagline: lazySchema(() =>
    z.string().trim().min(1, 'Enter a tagline').max(BRANDING_LIMITS.tagline, tooLong('tagline')),
  ),
  logoUrl: lazySchema(() =>
    z
      .string()
      .trim()
      .min(1, LOGO_URL_MESSAGE)
      .max(BRANDING_LIMITS.logoUrl, tooLong('logoUrl'))
      .refine(isAllowedLogoUrl, LOGO_URL_MESSAGE),
  ),
};

/**
 * The workshop's branding overrides, stored on the server. A field left out means the installation's
 * default (COMPANY_NAME, COMPANY_TAGLINE, COMPANY_LOGO_URL) shows.
 */
export const ZBrandingSettingsSchema = lazySchema(() =>
  z.object({
    companyName: BRANDING_FIELDS.companyName.optional(),
    tagline: BRANDING_FIELDS.tagline.optional(),
    logoUrl: BRANDING_FIELDS.logoUrl.optional(),
  }),
);
export type TBrandingSettings = z.output<typeof ZBrandingSettingsSchema>;

/** What the shell shows: each override, else the installation's default. */
export function effectiveBranding(
  overrides: TBrandingSettings,
  defaults: { companyName: string; tagline: string; logoUrl?: string | undefined },
): { companyName: string; tagline: string; logoUrl?: string } {
  const logoUrl = overrides.logoUrl ?? defaults.logoUrl;
  return {
    companyName: overrides.companyName ?? defaults.companyName,
    tagline: overrides.tagline ?? defaults.tagline,
    ...(logoUrl ? { logoUrl } : {}),
  };
}
