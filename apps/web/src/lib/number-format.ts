import { centsToAmount } from '@loupe/domain/api/money';
import { numberFormat, type TWorkshopFormat, workshopFormat } from './date-format';

/**
 * How figures read on every screen and printed page (issue 35 §5): counts, decimals and weights, money and
 * percentages, in the workshop's locale (Settings › general) through the one cached Intl.NumberFormat of
 * date-format.ts — never `toFixed`, `toLocaleString()` or a hand-written '%'. Like the date functions, each takes
 * an explicit format last, for tests. A CSV export writes raw figures instead (see analytics-table.ts's toCsv).
 */

/**
 * The workshop bills in US dollars (issue 5: money is cents in the API): Settings has no currency, so only the
 * way an amount is written ('$1,250.00', '1 250,00 $US') follows the locale.
 */
export const WORKSHOP_CURRENCY = 'USD';

const MONEY = { style: 'currency', currency: WORKSHOP_CURRENCY } as const;
const WHOLE = { maximumFractionDigits: 0 } as const;

/** 1234 → '1,234' (en-US), '1.234' (de-DE), '1 234' (fr-FR). */
export function formatCount(count: number, format: TWorkshopFormat = workshopFormat()): string {
  return numberFormat(WHOLE, format).format(count);
}

/**
 * A decimal with `digits` places at most (or exactly, with `isFixed`): 1234.5 → '1,234.5', '1.234,5' (de-DE).
 * The locale's own grouping and decimal mark, where `toFixed` would always write '1234.50'.
 */
export function formatDecimal(
  value: number,
  options: { readonly digits?: number; readonly isFixed?: boolean; readonly isSigned?: boolean } = {},
  format: TWorkshopFormat = workshopFormat(),
): string {
  const digits = options.digits ?? 2;
  return numberFormat(
    {
      minimumFractionDigits: options.isFixed ? digits : 0,
      maximumFractionDigits: digits,
      ...(options.isSigned ? { signDisplay: 'exceptZero' } : {}),
    },
    format,
  ).format(value);
}

/** The units a jeweller weighs in, and the places each is read to: metal in grams, stones in carats. */
const WEIGHT_UNITS = { g: 2, ct: 2 } as const;
export type TWeightUnit = keyof typeof WEIGHT_UNITS;

/** 3.456 g → '3.46 g'; 0.5 ct → '0.50 ct' (de-DE: '0,50 ct'). */
export function formatWeight(
  value: number,
  unit: TWeightUnit,
  format: TWorkshopFormat = workshopFormat(),
): string {
  return `${formatDecimal(value, { digits: WEIGHT_UNITS[unit], isFixed: unit === 'ct' }, format)} ${unit}`;
}

/** 125000 cents → '$1,250.00' (en-US), '1.250,00 $' (de-DE). */
export function formatCents(cents: number, format: TWorkshopFormat = workshopFormat()): string {
  return numberFormat(MONEY, format).format(cents / 100);
}

/**
 * A fraction as a percentage: 0.875 → '88%' (en-US), '88 %' (fr-FR, de-DE); `digits` places at most; signed
 * ('+12%', '−3%') for a change.
 */
export function formatPercent(
  fraction: number,
  options: { readonly digits?: number; readonly isSigned?: boolean } = {},
  format: TWorkshopFormat = workshopFormat(),
): string {
  return numberFormat(
    {
      style: 'percent',
      maximumFractionDigits: options.digits ?? 0,
      ...(options.isSigned ? { signDisplay: 'exceptZero' } : {}),
    },
    format,
  ).format(fraction);
}

const KIBIBYTE = 1024;
const MEBIBYTE = KIBIBYTE * KIBIBYTE;

/** A file's size: 2_516_582 → '2.4 MB', 2_048 → '2 KB' (never '0 KB' for a file that has bytes). */
export function formatFileSize(bytes: number, format: TWorkshopFormat = workshopFormat()): string {
  return bytes >= MEBIBYTE
    ? `${formatDecimal(bytes / MEBIBYTE, { digits: 1, isFixed: true }, format)} MB`
    : `${formatCount(Math.max(1, Math.round(bytes / KIBIBYTE)), format)} KB`;
}

/**
 * What an amount input starts with: '' for nothing, else '1250.00'. Not localised on purpose: the input reads
 * it back as a plain decimal, whatever the locale.
 */
export function amountInputValue(cents: number | null | undefined): string {
  return cents === null || cents === undefined || cents === 0 ? '' : centsToAmount(cents);
}
