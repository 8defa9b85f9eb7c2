import type {
  TAnalyticsFilter,
  TProductTypeAnalytics,
  TProductTypeRow,
  TProductTypeStationRow,
} from '@loupe/domain/analytics/analytics-api';
import { rate, round } from '@loupe/domain/analytics/statistics';
import type { TActor } from '@loupe/domain/auth/roles';
import { assertMayViewAnalytics, type TAnalyticsContext } from './context.ts';
import { resolveFilter, type TScope } from './scope.ts';

/** The product-type screen: cycle time, rework and on-time rate per product type, metal and station. */
export function createProductTypeAnalytics(context: TAnalyticsContext) {
  const { clock, reference } = context;
  const repo = context.repositories.productTypes;

  /** Dwell and rework per product type and station (issue 13 §2 /product-type-performance). */
  async function productTypeStations(
    scope: TScope,
    productTypeNames: ReadonlyMap<string, string>,
  ): Promise<TProductTypeStationRow[]> {
    const [rows, stations] = await Promise.all([repo.productTypeStations(scope), reference.stations()]);
    const stationOrder = new Map(stations.map((station, index) => [station.id, { station, index }]));
    const hours = (minutes: number) => round(minutes / 60);
    return rows
      .map((row) => {
        const station = stationOrder.get(row.stationId)?.station;
        return {
          productTypeId: row.productTypeId,
          productTypeName:
            row.kind === 'repair'
              ? 'Repairs'
              : row.productTypeId === null
                ? 'No product type'
                : (productTypeNames.get(row.productTypeId) ?? 'Unknown'),
          kind: row.kind,
          stationId: row.stationId,
          stationName: station?.name ?? 'Unknown',
          departmentName: station?.departmentName ?? 'Unknown',
          dwellHours: {
            count: row.visits,
            average: hours(row.average),
            median: hours(row.median),
            p90: hours(row.p90),
          },
          reworkRate: rate(row.rework, row.visits),
        };
      })
      .sort(
        (a, b) =>
          a.productTypeName.localeCompare(b.productTypeName) ||
          a.kind.localeCompare(b.kind) ||
          (stationOrder.get(a.stationId)?.index ?? stations.length) -
            (stationOrder.get(b.stationId)?.index ?? stations.length),
      );
  }

  return async function productTypes(
    actor: TActor,
    filter: TAnalyticsFilter,
  ): Promise<TProductTypeAnalytics> {
    assertMayViewAnalytics(actor);
    const calendar = await context.calendar();
    const { resolved, scope } = resolveFilter(filter, calendar, clock());
    // The station table alongside the groups, not after them: each reads a year of jobs or visits.
    const namesRead = reference.names();
    const [rows, names, stationRows] = await Promise.all([
      repo.productTypeGroups(scope),
      namesRead,
      namesRead.then((read) => productTypeStations(scope, read.productTypes)),
    ]);
    const toRow = (row: (typeof rows)[number], withMetal: boolean): TProductTypeRow => ({
      productTypeId: row.productTypeId,
      productTypeName:
        row.kind === 'repair'
          ? 'Repairs'
          : row.productTypeId === null
            ? 'No product type'
            : (names.productTypes.get(row.productTypeId) ?? 'Unknown'),
      metalTypeId: withMetal ? row.metalTypeId : null,
      metalTypeName:
        withMetal && row.metalTypeId !== null ? (names.metals.get(row.metalTypeId) ?? 'Unknown') : null,
      kind: row.kind,
      delivered: row.delivered,
      cycleDays: {
        count: row.timed,
        average: row.average === null ? null : round(row.average),
        median: row.median === null ? null : round(row.median),
        p90: row.p90 === null ? null : round(row.p90),
      },
      reworkRate: rate(row.reworked, row.delivered),
      onTimeRate: rate(row.onTime, row.promised),
    });
    const sort = (a: TProductTypeRow, b: TProductTypeRow) =>
      b.delivered - a.delivered ||
      a.productTypeName.localeCompare(b.productTypeName) ||
      (a.metalTypeName ?? '').localeCompare(b.metalTypeName ?? '');
    return {
      filter: resolved,
      generatedAt: clock().toISOString(),
      byProductType: rows
        .filter((row) => row.byType === 1)
        .map((row) => toRow(row, false))
        .sort(sort),
      byProductTypeAndMetal: rows
        .filter((row) => row.byType === 0)
        .map((row) => toRow(row, true))
        .sort(sort),
      byProductTypeAndStation: stationRows,
    };
  };
}
