import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { INT32_MAX } from './integers';

/**
 * Money travels and is stored as whole cents: no floating point near a customer's balance. Every money
 * column (orders' price and deposit, repairs' declared value and estimate) is an `integer`, so the largest
 * amount is what one holds: 21,474,836.47.
 */
export const MONEY_CENTS_MAX = INT32_MAX;
export const ZCentsSchema = lazySchema(() => z.number().int().min(0).max(MONEY_CENTS_MAX));

/** 12345 → '123.45', for inputs; display goes through Intl in the web app. */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '123.45', '123.4', '123', '1,234.50' → cents; null for anything that is not an amount of money. */
export function amountToCents(amount: string): number | null {
  const compact = amount.trim().replaceAll(',', '');
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}
