import { type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client.ts';
import { nullableNum, nullableText, query, text, ts } from './query-repository.ts';
import type { TScope } from './scope.ts';

/**
 * The SQL of the transit figures (issue 39 §4): the transfers tables read directly (bags and their manifests),
 * not through the transfers service. A few hundred bags a quarter: the figures are worked out in the domain.
 */
export function createTransitAnalyticsRepository(db: TDatabase) {
  const bagShape = {
    id: text,
    fromLocationId: text,
    toLocationId: text,
    carrier: text,
    status: text,
    sentDay: text,
    expectedOn: nullableText,
  };
  const bagColumns = (timeZone: string) => sql`
    t.id::text as id, t.from_location_id as "fromLocationId", t.to_location_id as "toLocationId", t.carrier,
    t.status, to_char(t.sent_at at time zone ${timeZone}, 'YYYY-MM-DD') as "sentDay",
    t.expected_on::text as "expectedOn"`;
  const atLocation = (locationId: string | null): SQL =>
    locationId ? sql`(t.from_location_id = ${locationId} or t.to_location_id = ${locationId})` : sql`true`;

  return {
    /** Bags sent in the range (cancelled ones never are), from or to the location when one is asked for. */
    async bagsSentIn(scope: TScope) {
      return query(
        db,
        sql`
          select ${bagColumns(scope.timeZone)}
          from transfers t
          where t.sent_at >= ${ts(scope.fromAt)} and t.sent_at < ${ts(scope.toAt)}
            and ${atLocation(scope.locationId)}
          order by t.sent_at, t.id`,
        bagShape,
      );
    },

    /** Every envelope of the bags sent in the range, with the hours from its bag's send to its arrival. */
    async envelopesSentIn(scope: TScope) {
      return query(
        db,
        sql`
          select i.transfer_id::text as "transferId", i.state,
            case when i.received_at is null or i.received_at < t.sent_at then null
              else (date_part('epoch', i.received_at - t.sent_at) / 3600.0)::float8 end as hours
          from transfers t join transfer_items i on i.transfer_id = t.id
          where t.sent_at >= ${ts(scope.fromAt)} and t.sent_at < ${ts(scope.toAt)}
            and ${atLocation(scope.locationId)}`,
        { transferId: text, state: text, hours: nullableNum },
      );
    },

    /** The bags on their way now, sent whenever: what is in transit and overdue today. */
    async openBags(scope: Pick<TScope, 'locationId' | 'timeZone'>) {
      return query(
        db,
        sql`
          select ${bagColumns(scope.timeZone)}
          from transfers t
          where t.status = 'in_transit' and t.sent_at is not null and ${atLocation(scope.locationId)}`,
        bagShape,
      );
    },
  };
}

export type TTransitAnalyticsRepository = ReturnType<typeof createTransitAnalyticsRepository>;
