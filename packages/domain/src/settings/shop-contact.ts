import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * The shop's contact (Settings › general), shown on the public tracking page and usable in customer
 * messages. Each field is optional: a workshop that saved none shows only its name.
 */
export const SHOP_CONTACT_LIMITS = { phone: 40, email: 254, addressLine: 120, addressLines: 4 } as const;

export const SHOP_CONTACT_FIELDS = {
  shopPhone: lazySchema(() =>
    z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{5,40}$/, 'Enter a phone number, e.g. +1 555 010 2030'),
  ),
  shopEmail: lazySchema(() =>
    z
      .string()
      .trim()
      .toLowerCase()
      .max(SHOP_CONTACT_LIMITS.email)
      .pipe(z.email('Enter a valid e-mail address')),
  ),
  shopAddressLines: lazySchema(() =>
    z
      .array(
        z.string().trim().min(1).max(SHOP_CONTACT_LIMITS.addressLine, 'Use at most 120 characters a line'),
      )
      .max(SHOP_CONTACT_LIMITS.addressLines, 'Use at most 4 address lines'),
  ),
};

/** Address lines as typed in one box: one line per line, blank lines dropped. */
export function addressLinesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
