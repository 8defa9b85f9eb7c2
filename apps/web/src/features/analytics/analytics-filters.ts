import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_KINDS,
  type TAnalyticsFilterInput,
  type TAnalyticsKind,
} from '@loupe/domain/analytics/analytics-api';
import { addDays } from '@loupe/domain/analytics/statistics';

/**
 * The filters every analytics screen shares (issue 13 §2), kept in the address so a view can be shared:
 * `?from=2026-08-01&to=2026-10-31&locationId=…`. Dates are calendar days (yyyy-mm-dd), both ends included.
 */
export type TAnalyticsFilters = {
  readonly from: string;
  readonly to: string;
  readonly locationId: string | null;
  readonly departmentId: string | null;
  readonly productTypeId: string | null;
  readonly salespersonId: string | null;
  /** Orders, repairs or both. */
  readonly kind: TAnalyticsKind;
};

/** The address parameters of the filter bar, in the order it shows them. */
export const FILTER_PARAMS = [
  'from',
  'to',
  'kind',
  'locationId',
  'departmentId',
  'productTypeId',
  'salespersonId',
] as const;
export type TFilterParam = (typeof FILTER_PARAMS)[number];

/** With no dates in the address a screen looks back as far as the server would, today included. */
export const DEFAULT_RANGE_DAYS = ANALYTICS_DEFAULT_DAYS;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function idParam(params: URLSearchParams, name: TFilterParam): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

/**
 * The filters in `params`; a missing or malformed date falls back to the last DEFAULT_RANGE_DAYS days up
 * to `today`, and a range given backwards is put the right way round.
 */
export function readAnalyticsFilters(params: URLSearchParams, today: string): TAnalyticsFilters {
  const to = isIsoDay(params.get('to')) ? (params.get('to') as string) : today;
  const from = isIsoDay(params.get('from'))
    ? (params.get('from') as string)
    : addDays(to, 1 - DEFAULT_RANGE_DAYS);
  const [start, end] = from <= to ? [from, to] : [to, from];
  return {
    from: start,
    to: end,
    locationId: idParam(params, 'locationId'),
    departmentId: idParam(params, 'departmentId'),
    productTypeId: idParam(params, 'productTypeId'),
    salespersonId: idParam(params, 'salespersonId'),
    kind: ANALYTICS_KINDS.find((kind) => kind === params.get('kind')) ?? 'all',
  };
}

/** The filters as the analytics endpoints' query parameters; "any" is left out. */
export function analyticsQuery(filters: TAnalyticsFilters): TAnalyticsFilterInput {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.kind === 'all' ? {} : { kind: filters.kind }),
    ...(filters.locationId ? { locationId: filters.locationId } : {}),
    ...(filters.departmentId ? { departmentId: filters.departmentId } : {}),
    ...(filters.productTypeId ? { productTypeId: filters.productTypeId } : {}),
    ...(filters.salespersonId ? { salespersonId: filters.salespersonId } : {}),
  };
}

/** Whether anything beyond the default date range narrows the figures. */
export function hasNarrowingFilters(filters: TAnalyticsFilters): boolean {
  return Boolean(
    filters.kind !== 'all' ||
      filters.locationId ||
      filters.departmentId ||
      filters.productTypeId ||
      filters.salespersonId,
  );
}
