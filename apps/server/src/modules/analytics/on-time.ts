import type { TAnalyticsFilter, TOnTimeAnalytics, TOnTimeGroup } from '@loupe/domain/analytics/analytics-api';
import { rate, round } from '@loupe/domain/analytics/statistics';
import type { TActor } from '@loupe/domain/auth/roles';
import { assertMayViewAnalytics, LIST_LIMIT, type TAnalyticsContext } from './context.ts';
import { REPAIRS_GROUP } from './on-time-repository.ts';
import { resolveFilter } from './scope.ts';

/** The on-time screen: deliveries against their promised day, by month, product type, salesperson and location. */
export function createOnTimeAnalytics(context: TAnalyticsContext) {
  const { clock, reference } = context;
  const repo = context.repositories.onTime;

  return async function onTime(actor: TActor, filter: TAnalyticsFilter): Promise<TOnTimeAnalytics> {
    assertMayViewAnalytics(actor);
    const calendar = await context.calendar();
    const { resolved, scope } = resolveFilter(filter, calendar, clock());
    const [groups, late, byPickup, names] = await Promise.all([
      repo.onTimeGroups(scope),
      repo.lateJobs(scope, LIST_LIMIT),
      repo.onTimeByPickupLocation(scope),
      reference.names(),
    ]);
    const group = (
      row: { delivered: number; onTime: number },
      id: string | null,
      name: string,
    ): TOnTimeGroup => ({
      id,
      name,
      delivered: row.delivered,
      onTime: row.onTime,
      late: row.delivered - row.onTime,
      onTimeRate: rate(row.onTime, row.delivered),
    });
    // grouping() bits, highest first: month, product type, salesperson, location, late.
    const only = (bit: number) => groups.filter((row) => row.g === 31 - bit);
    const total = groups.find((row) => row.g === 31);
    const byName = (a: TOnTimeGroup, b: TOnTimeGroup) =>
      b.delivered - a.delivered || a.name.localeCompare(b.name);
    return {
      filter: resolved,
      generatedAt: clock().toISOString(),
      summary: {
        delivered: total?.delivered ?? 0,
        onTime: total?.onTime ?? 0,
        late: (total?.delivered ?? 0) - (total?.onTime ?? 0),
        onTimeRate: rate(total?.onTime ?? 0, total?.delivered ?? 0),
        averageDaysLate: total?.avgLate == null ? null : round(total.avgLate),
      },
      byMonth: only(16)
        .map((row) => ({ month: row.month ?? '', ...group(row, null, '') }))
        .map(({ id: _id, name: _name, ...rest }) => rest)
        .sort((a, b) => a.month.localeCompare(b.month)),
      byProductType: only(8)
        .map((row) =>
          group(
            row,
            row.productTypeId,
            row.productTypeId === null
              ? 'No product type'
              : row.productTypeId === REPAIRS_GROUP
                ? 'Repairs'
                : (names.productTypes.get(row.productTypeId) ?? 'Unknown'),
          ),
        )
        .sort(byName),
      bySalesperson: only(4)
        .map((row) =>
          group(
            row,
            row.salespersonId,
            row.salespersonId === null
              ? 'No salesperson'
              : (names.people.get(row.salespersonId) ?? 'Unknown'),
          ),
        )
        .sort(byName),
      byLocation: only(2)
        .map((row) =>
          group(
            row,
            row.locationId,
            row.locationId === null ? 'Never read' : (names.locations.get(row.locationId) ?? row.locationId),
          ),
        )
        .sort(byName),
      byPickupLocation: byPickup
        .map((row) => group(row, row.locationId, names.locations.get(row.locationId) ?? row.locationId))
        .sort(byName),
      distribution: only(1)
        .map((row) => ({ daysLate: row.late ?? 0, jobs: row.delivered }))
        .sort((a, b) => a.daysLate - b.daysLate),
      lateJobs: late.map((job) => ({
        ...job,
        number: job.number ?? job.id,
        deliveredAt: new Date(job.deliveredAt).toISOString(),
      })),
    };
  };
}
