import { calendarDayOf } from '@loupe/domain/analytics/statistics';
import {
  aggregateTransit,
  type TTransitAnalytics,
  type TTransitQuery,
} from '@loupe/domain/analytics/transit';
import type { TActor } from '@loupe/domain/auth/roles';
import { assertMayViewAnalytics, type TAnalyticsContext } from './context.ts';
import { resolveFilter } from './scope.ts';

/** The transit screen (issue 39 §4): bags between locations per route and carrier, and their hours on the way. */
export function createTransitAnalytics(context: TAnalyticsContext) {
  const { clock, reference } = context;
  const repo = context.repositories.transit;

  return async function transit(actor: TActor, filter: TTransitQuery): Promise<TTransitAnalytics> {
    assertMayViewAnalytics(actor);
    const calendar = await context.calendar();
    const now = clock();
    const { resolved, scope } = resolveFilter({ ...filter, kind: 'all' }, calendar, now);
    const [sent, envelopes, open, names] = await Promise.all([
      repo.bagsSentIn(scope),
      repo.envelopesSentIn(scope),
      repo.openBags(scope),
      reference.names(),
    ]);
    return {
      filter: resolved,
      generatedAt: now.toISOString(),
      ...aggregateTransit({
        sent,
        envelopes,
        open,
        today: calendarDayOf(now, calendar.timeZone),
        locationName: (id) => names.locations.get(id) ?? id,
      }),
    };
  };
}
