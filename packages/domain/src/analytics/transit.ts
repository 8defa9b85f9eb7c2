import { z } from 'zod';
import { isTransferOverdue } from '../transfers/transfer-rules';
import { lazySchema } from '../validation/lazy-schema';
import { ZAnalyticsFilterSchema, ZResolvedAnalyticsFilterSchema } from './analytics-api';
import { percentile, rate, round } from './statistics';

/**
 * Transit as a phase of its own (issue 39 §4): how long bags take from one location to another, per route and
 * carrier. A bag counts in the range it was sent in; an envelope's transit is its bag's send to the envelope's
 * own arrival (a piece read at the destination, or scanned at its receiving station), in hours.
 *
 * GET /api/v1/analytics/transit?from=&to=&locationId= (admins and managers) → TTransitAnalytics. A location
 * narrows to the bags it sent or received.
 */

export const ZTransitQuerySchema = lazySchema(() =>
  ZAnalyticsFilterSchema.unwrap().pick({ from: true, to: true, locationId: true }),
);
export type TTransitQueryInput = z.input<typeof ZTransitQuerySchema>;
export type TTransitQuery = z.infer<typeof ZTransitQuerySchema>;

export const ZTransitRouteSchema = lazySchema(() =>
  z.object({
    fromLocationId: z.string(),
    fromLocationName: z.string(),
    toLocationId: z.string(),
    toLocationName: z.string(),
    /** As the sender wrote it; '' for none. */
    carrier: z.string(),
    /** Bags sent in the range. */
    bags: z.number().int(),
    /** Envelopes on their manifests (missing ones too; not the extras). */
    envelopes: z.number().int(),
    /** Envelopes that arrived: what the hours are taken over. */
    arrived: z.number().int(),
    medianHours: z.number().nullable(),
    p90Hours: z.number().nullable(),
    /** Bags closed with envelopes missing. */
    short: z.number().int(),
    /** Bags on this route still on their way after the day they were expected, now (whenever they were sent). */
    overdue: z.number().int(),
    /** Share of bags sent in the range that were closed short. */
    shortRate: z.number().min(0).max(1).nullable(),
  }),
);
export type TTransitRoute = z.infer<typeof ZTransitRouteSchema>;

export const ZTransitDaySchema = lazySchema(() =>
  z.object({
    /** The workshop-local day the bags were sent on. */
    day: z.string(),
    arrived: z.number().int(),
    medianHours: z.number().nullable(),
  }),
);
export type TTransitDay = z.infer<typeof ZTransitDaySchema>;

export const ZTransitAnalyticsSchema = lazySchema(() =>
  z.object({
    filter: ZResolvedAnalyticsFilterSchema,
    generatedAt: z.string(),
    summary: z.object({
      bags: z.number().int(),
      envelopes: z.number().int(),
      arrived: z.number().int(),
      medianHours: z.number().nullable(),
      p90Hours: z.number().nullable(),
      short: z.number().int(),
      overdue: z.number().int(),
      inTransit: z.number().int(),
    }),
    /** The busiest route first (bags, then names, then carrier). */
    routes: z.array(ZTransitRouteSchema),
    /** Days with at least one arrived envelope, the earliest first. */
    byDay: z.array(ZTransitDaySchema),
  }),
);
export type TTransitAnalytics = z.infer<typeof ZTransitAnalyticsSchema>;

// ── Pure aggregation ────────────────────────────────────────────────────────────────────────────

/** A bag as the figures need it. `sentDay` is the workshop-local day it was sent on. */
export type TTransitBag = {
  readonly id: string;
  readonly fromLocationId: string;
  readonly toLocationId: string;
  readonly carrier: string;
  readonly status: string;
  readonly sentDay: string;
  readonly expectedOn: string | null;
};

/** An envelope on a bag's manifest: hours from send to its arrival, null while it has not arrived. */
export type TTransitEnvelope = {
  readonly transferId: string;
  readonly state: string;
  readonly hours: number | null;
};

const HOUR_MS = 3_600_000;

/** Hours from a bag's send to an envelope's arrival; null when it has not arrived (or before it was sent). */
export function transitHours(sentAt: Date, receivedAt: Date | null): number | null {
  if (receivedAt === null) return null;
  const hours = (receivedAt.getTime() - sentAt.getTime()) / HOUR_MS;
  return hours < 0 ? null : hours;
}

const roundedPercentile = (values: readonly number[], p: number) => {
  const value = percentile(values, p);
  return value === null ? null : round(value, 1);
};

const routeKey = (bag: Pick<TTransitBag, 'fromLocationId' | 'toLocationId' | 'carrier'>) =>
  `${bag.fromLocationId}\u0000${bag.toLocationId}\u0000${bag.carrier}`;

/**
 * The transit figures from the bags sent in the range (`sent`), their manifests, and the bags open now
 * (`open`, sent whenever: what is overdue today). Cancelled bags never travelled and count nowhere.
 */
export function aggregateTransit(input: {
  readonly sent: readonly TTransitBag[];
  readonly envelopes: readonly TTransitEnvelope[];
  readonly open: readonly TTransitBag[];
  readonly today: string;
  readonly locationName: (id: string) => string;
}): Pick<TTransitAnalytics, 'summary' | 'routes' | 'byDay'> {
  const sent = input.sent.filter((bag) => bag.status !== 'cancelled');
  const bagById = new Map(sent.map((bag) => [bag.id, bag]));
  type TAcc = {
    bag: TTransitBag;
    bags: number;
    envelopes: number;
    hours: number[];
    short: number;
    overdue: number;
  };
  const routes = new Map<string, TAcc>();
  const accOf = (bag: TTransitBag) => {
    const key = routeKey(bag);
    let acc = routes.get(key);
    if (!acc) {
      acc = { bag, bags: 0, envelopes: 0, hours: [], short: 0, overdue: 0 };
      routes.set(key, acc);
    }
    return acc;
  };
  for (const bag of sent) {
    const acc = accOf(bag);
    acc.bags += 1;
    if (bag.status === 'received_short') acc.short += 1;
  }
  const allHours: number[] = [];
  const hoursByDay = new Map<string, number[]>();
  let envelopes = 0;
  for (const envelope of input.envelopes) {
    const bag = bagById.get(envelope.transferId);
    if (!bag || envelope.state === 'extra') continue;
    const acc = accOf(bag);
    acc.envelopes += 1;
    envelopes += 1;
    if (envelope.hours === null) continue;
    acc.hours.push(envelope.hours);
    allHours.push(envelope.hours);
    const day = hoursByDay.get(bag.sentDay) ?? [];
    day.push(envelope.hours);
    hoursByDay.set(bag.sentDay, day);
  }
  let overdue = 0;
  let inTransit = 0;
  for (const bag of input.open) {
    if (bag.status !== 'in_transit') continue;
    inTransit += 1;
    if (!isTransferOverdue(bag, input.today)) continue;
    overdue += 1;
    accOf(bag).overdue += 1;
  }
  const rows = [...routes.values()].map(
    (acc): TTransitRoute => ({
      fromLocationId: acc.bag.fromLocationId,
      fromLocationName: input.locationName(acc.bag.fromLocationId),
      toLocationId: acc.bag.toLocationId,
      toLocationName: input.locationName(acc.bag.toLocationId),
      carrier: acc.bag.carrier,
      bags: acc.bags,
      envelopes: acc.envelopes,
      arrived: acc.hours.length,
      medianHours: roundedPercentile(acc.hours, 0.5),
      p90Hours: roundedPercentile(acc.hours, 0.9),
      short: acc.short,
      overdue: acc.overdue,
      shortRate: rate(acc.short, acc.bags),
    }),
  );
  rows.sort(
    (a, b) =>
      b.bags - a.bags ||
      a.fromLocationName.localeCompare(b.fromLocationName) ||
      a.toLocationName.localeCompare(b.toLocationName) ||
      a.carrier.localeCompare(b.carrier),
  );
  const byDay = [...hoursByDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, hours]) => ({ day, arrived: hours.length, medianHours: roundedPercentile(hours, 0.5) }));
  return {
    summary: {
      bags: sent.length,
      envelopes,
      arrived: allHours.length,
      medianHours: roundedPercentile(allHours, 0.5),
      p90Hours: roundedPercentile(allHours, 0.9),
      short: sent.filter((bag) => bag.status === 'received_short').length,
      overdue,
      inTransit,
    },
    routes: rows,
    byDay,
  };
}

/** A route as the screens name it: 'Downtown Store → Workshop'. */
export function routeName(route: Pick<TTransitRoute, 'fromLocationName' | 'toLocationName'>): string {
  return `${route.fromLocationName} → ${route.toLocationName}`;
}
