import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * The workshop's locale (Settings › general, issue 35 §5): a BCP 47 tag that says how dates and figures read on
 * every screen and print — day-month order, the decimal mark, the thousands separator, month names. Loupe's
 * own words (and relative times such as '5 minutes ago') stay English whatever it is.
 */
export const WORKSHOP_LOCALE_DEFAULT = 'en-US';

/** The locales Settings › general offers; any other supported tag sent through the API is kept as well. */
export const WORKSHOP_LOCALE_CHOICES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IE',
  'fr-FR',
  'fr-CA',
  'de-DE',
  'de-CH',
  'it-IT',
  'es-ES',
  'nl-NL',
  'pt-BR',
  'ja-JP',
] as const;

export const UNKNOWN_LOCALE_MESSAGE = 'Choose a locale such as en-US, en-GB, fr-FR or de-DE';

/** A tag's canonical spelling ('en-gb' → 'en-GB'); null when it is not a well-formed BCP 47 tag. */
export function canonicalLocale(value: string): string | null {
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * A well-formed tag this runtime has data for: 'en-GB', 'fr-FR'. A made-up language ('xx-YY') or a malformed
 * tag ('en_US', 'English') is not, so figures never silently fall back to another locale.
 */
export function isWorkshopLocale(value: string): boolean {
  const canonical = canonicalLocale(value);
  if (canonical === null) return false;
  return Intl.NumberFormat.supportedLocalesOf([canonical], { localeMatcher: 'lookup' }).length === 1;
}

/**
 * A locale as the API takes it. The refusal carries the stable code LOCALE_UNKNOWN (the server's error handler
 * reads `params.code`), so a client can tell it from any other invalid field.
 */
export const ZWorkshopLocaleSchema = lazySchema(() =>
  z
    .string()
    .min(2)
    .max(35)
    .refine(isWorkshopLocale, { message: UNKNOWN_LOCALE_MESSAGE, params: { code: 'LOCALE_UNKNOWN' } }),
);
