import type { TCellValue } from '@/components/data-table/columns';
import { NO_FIGURE } from '@/components/data-table/columns';
import { formatMonth as formatCalendarMonth, formatShortDay } from '@/lib/date-format';
import {
  formatDecimal,
  formatPercent as formatFraction,
  formatCount as formatWholeCount,
} from '@/lib/number-format';

// How analytics figures read, in the table and on the chart's labels alike.

const ONE_DECIMAL = { digits: 1, isFixed: true } as const;

function asNumber(value: TCellValue): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function formatCount(value: TCellValue): string {
  const n = asNumber(value);
  return n === null ? NO_FIGURE : formatWholeCount(n);
}

/** A fraction 0–1 as a whole percentage: 0.875 → '88%'. */
export function formatRate(value: TCellValue): string {
  const n = asNumber(value);
  return n === null ? NO_FIGURE : formatFraction(n);
}

/** A fraction as a percentage figure for charts and CSV: 0.875 → 87.5. */
export function ratePercent(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 10;
}

export function formatHours(value: TCellValue): string {
  const n = asNumber(value);
  return n === null ? NO_FIGURE : `${formatDecimal(n, ONE_DECIMAL)} h`;
}

export function formatDays(value: TCellValue): string {
  const n = asNumber(value);
  return n === null ? NO_FIGURE : `${formatDecimal(n, ONE_DECIMAL)} d`;
}

/** Rounded to one decimal, so charts and CSV carry the figure the table shows. */
export function oneDecimal(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10) / 10;
}

/** '2026-10-05' → 'Oct 5'. */
export function formatWeek(day: string): string {
  return formatShortDay(day);
}

/** '2026-10' or '2026-10-01' → 'Oct 2026'. */
export function formatMonth(month: string): string {
  return formatCalendarMonth(month.length === 7 ? `${month}-01` : month);
}

/** A percentage figure (already ×100) as the table and the chart label show it: 87.5 → '88%'. */
export function formatPercent(value: TCellValue): string {
  const n = asNumber(value);
  return n === null ? NO_FIGURE : formatFraction(n / 100);
}
