import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type TAnalyticsFilter,
  type TResolvedAnalyticsFilter,
} from '@loupe/domain/analytics/analytics-api';
import { addDays, calendarDayOf, daysBetween } from '@loupe/domain/analytics/statistics';
import { AppError } from '@loupe/domain/errors/errors';
import type { TWorkingCalendar } from '@loupe/domain/workflow/working-calendar';
import { dayStart } from './workshop-days.ts';

/** A request's filters, resolved: instants for the range [fromAt, toAt) and UTC days for the day rollups. */
export type TScope = {
  readonly fromAt: Date;
  readonly toAt: Date;
  readonly fromDay: string;
  readonly toDay: string;
  readonly timeZone: string;
  readonly kind: 'order' | 'repair' | null;
  readonly locationId: string | null;
  readonly departmentId: string | null;
  readonly productTypeId: string | null;
  readonly salespersonId: string | null;
};

/**
 * A filter refused. Unlike the shared fieldError, the message carries no field name: the screens show it as it
 * is above the figures ("The start of the range must not be after its end").
 */
function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: { issues: [{ field, message }] } });
}

/** The filters with the range resolved in the workshop's zone, on the day `now` falls on there. */
export function resolveFilter(
  filter: TAnalyticsFilter,
  calendar: TWorkingCalendar,
  now: Date,
): { resolved: TResolvedAnalyticsFilter; scope: TScope } {
  const today = calendarDayOf(now, calendar.timeZone);
  const to = filter.to ?? today;
  const from = filter.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (from > to) throw invalid('from', 'The start of the range must not be after its end');
  if (daysBetween(from, to) >= ANALYTICS_MAX_DAYS) {
    throw invalid('from', `Choose a range of at most ${ANALYTICS_MAX_DAYS} days`);
  }
  const resolved: TResolvedAnalyticsFilter = {
    from,
    to,
    locationId: filter.locationId ?? null,
    departmentId: filter.departmentId ?? null,
    productTypeId: filter.productTypeId ?? null,
    salespersonId: filter.salespersonId ?? null,
    kind: filter.kind,
  };
  return { resolved, scope: scopeOf(resolved, calendar.timeZone) };
}

function scopeOf(resolved: TResolvedAnalyticsFilter, timeZone: string): TScope {
  return {
    fromAt: dayStart(resolved.from, timeZone),
    toAt: dayStart(addDays(resolved.to, 1), timeZone),
    fromDay: resolved.from,
    toDay: resolved.to,
    timeZone,
    kind: resolved.kind === 'all' ? null : resolved.kind,
    locationId: resolved.locationId,
    departmentId: resolved.departmentId,
    productTypeId: resolved.productTypeId,
    salespersonId: resolved.salespersonId,
  };
}
