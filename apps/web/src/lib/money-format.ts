import { centsToAmount } from '@loupe/domain/api/money';
import { numberFormat } from './date-format';

// The workshop bills in US dollars (issue 5: money is cents in the API, shown with Intl), in its locale (issue 35 §5).
const USD = { style: 'currency', currency: 'USD' } as const;

/** 125000 → '$1,250.00'. */
export function formatCents(cents: number): string {
  return numberFormat(USD).format(cents / 100);
}

/** 1234 → '1,234'. */
export function formatCount(count: number): string {
  return numberFormat().format(count);
}

/** What an amount input starts with: '' for nothing, else '1250.00'. */
export function amountInputValue(cents: number | null | undefined): string {
  return cents === null || cents === undefined || cents === 0 ? '' : centsToAmount(cents);
}
