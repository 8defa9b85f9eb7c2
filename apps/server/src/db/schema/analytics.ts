import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Analytics facts and rollups (issue 13, docs/decisions/009-analytics-facts.md,
// docs/decisions/013-analytics-rollups.md).

/**
 * One finished visit of a job to a station: written in the transaction of the move that ends it, with what
 * the screens filter and group by copied in (location, phase, product type, salesperson), so that they never
 * scan location_history. `offsiteMinutes` is the part of the visit the piece spent offsite (a vendor leg).
 */
export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    stationId: text('station_id').notNull(),
    departmentId: text('department_id').notNull(),
    locationId: text('location_id'),
    phaseKey: text('phase_key'),
    productTypeId: uuid('product_type_id'),
    salespersonId: uuid('salesperson_id'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    offsiteMinutes: integer('offsite_minutes').notNull().default(0),
    // Back in a department the job had already left: a rework loop.
    isRework: boolean('is_rework').notNull().default(false),
  },
  (table) => [
    uniqueIndex('analytics_visits_item_idx').on(table.itemKind, table.itemId, table.arrivedAt),
    index('analytics_visits_left_idx').on(table.leftAt),
    index('analytics_visits_station_idx').on(table.stationId, table.leftAt),
    // One salesperson's visits by left_at: the partial days of a range, and the start's check that the rollups
    // keep salespeople (rebuildIfMissing in facts-repository.ts).
    index('analytics_visits_salesperson_idx').on(table.salespersonId, table.leftAt),
    // Work in progress at an instant: the visits whose span holds it, without scanning the others.
    index('analytics_visits_span_idx').using('gist', sql`tstzrange(${table.arrivedAt}, ${table.leftAt})`),
  ],
);

/** The dimensions and counts of the station dwell rollups, after their day or month. */
function stationDwellColumns() {
  return {
    itemKind: text('item_kind').notNull(),
    productTypeId: text('product_type_id').notNull().default(''),
    stationId: text('station_id').notNull(),
    departmentId: text('department_id').notNull(),
    locationId: text('location_id').notNull().default(''),
    // The visit's salesperson ('' for none): the salesperson filter reads the rollup too.
    salespersonId: text('salesperson_id').notNull().default(''),
    minutes: integer('minutes').notNull(),
    visits: integer('visits').notNull().default(0),
    reworkVisits: integer('rework_visits').notNull().default(0),
  };
}

/**
 * A station dwell rollup's key: its day or month, then every dimension and the minutes. Named, because the
 * generated name would pass PostgreSQL's 63 characters.
 */
function stationDwellKey(
  name: string,
  period: AnyPgColumn,
  table: Record<
    'itemKind' | 'productTypeId' | 'stationId' | 'departmentId' | 'locationId' | 'salespersonId' | 'minutes',
    AnyPgColumn
  >,
) {
  return primaryKey({
    name,
    columns: [
      period,
      table.itemKind,
      table.productTypeId,
      table.stationId,
      table.departmentId,
      table.locationId,
      table.salespersonId,
      table.minutes,
    ],
  });
}

/**
 * Finished visits counted per UTC day they ended, kind, product type ('' for none), station, the visit's
 * department, location and salesperson ('' for none), and exact station minutes (offsite left out), with how
 * many of them were rework (docs/decisions/013-analytics-rollups.md): the per product type × station dwell
 * table takes its median and p90 from these counts, as exactly as percentile_cont over the visits. Visits are
 * never changed once written, so the counts only grow.
 */
export const analyticsStationDwellDays = pgTable(
  'analytics_station_dwell_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...stationDwellColumns(),
  },
  (table) => [stationDwellKey('analytics_station_dwell_days_pk', table.day, table)],
);

/**
 * analytics_station_dwell_days summed per UTC month (`month` its first day), kept alongside it: a range's whole
 * months read one row per distinct duration a month instead of one a day, so a year reads about twelve
 * times fewer rows; the days at either end still come from the day rollup.
 */
export const analyticsStationDwellMonths = pgTable(
  'analytics_station_dwell_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...stationDwellColumns(),
  },
  (table) => [stationDwellKey('analytics_station_dwell_months_pk', table.month, table)],
);

/**
 * Finished visits under way at each midnight of the zone in `analytics_wip_zone` (`day` 00:00 there, the visit
 * arrived at or before it and left after it), counted per kind, phase ('' for none), the visit's location ('' for
 * none), department, product type and salesperson ('' for none) (docs/decisions/013-analytics-rollups.md):
 * the workflow screen's work in progress at such a midnight reads these counts instead of searching the
 * visits' spans.
 */
export const analyticsWipDays = pgTable(
  'analytics_wip_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    phaseKey: text('phase_key').notNull().default(''),
    locationId: text('location_id').notNull().default(''),
    departmentId: text('department_id').notNull(),
    productTypeId: text('product_type_id').notNull().default(''),
    // The visit's salesperson ('' for none): the salesperson filter reads the rollup too.
    salespersonId: text('salesperson_id').notNull().default(''),
    jobs: integer('jobs').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_wip_days_pk',
      columns: [
        table.day,
        table.itemKind,
        table.phaseKey,
        table.locationId,
        table.departmentId,
        table.productTypeId,
        table.salespersonId,
      ],
    }),
  ],
);

/**
 * The time zone whose midnights `analytics_wip_days` counts at: the workshop's (Settings › general), so that
 * the workflow screen's week ends, local midnights, are rollup reads. One row; a change of the workshop's zone
 * refills the rollup for the new one (docs/decisions/013-analytics-rollups.md).
 */
export const analyticsWipZone = pgTable(
  'analytics_wip_zone',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
  },
  (table) => [check('analytics_wip_zone_one_row', sql`${table.id}`)],
);

/**
 * Jobs first read and jobs delivered, counted per day of the zone in `analytics_wip_zone` (the workshop's),
 * kind, location ('' for none), product type and salesperson ('' for none)
 * (docs/decisions/013-analytics-rollups.md): the workflow screen's throughput per week reads these counts
 * instead of a year's jobs. Kept with the phase-time rollup; a count may stay at 0.
 */
export const analyticsJobDays = pgTable(
  'analytics_job_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    locationId: text('location_id').notNull().default(''),
    productTypeId: text('product_type_id').notNull().default(''),
    salespersonId: text('salesperson_id').notNull().default(''),
    started: integer('started').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_job_days_pk',
      columns: [table.day, table.itemKind, table.locationId, table.productTypeId, table.salespersonId],
    }),
  ],
);

/**
 * Delivered jobs with a promised date, counted per day of delivery in the zone of `analytics_wip_zone` (the
 * workshop's), kind, location ('' for none), product type, salesperson ('' for none) and days late (that
 * day less the promised one) (docs/decisions/013-analytics-rollups.md): the on-time screen's groups read these
 * counts instead of a year's jobs. Kept with `analytics_job_days`; a count may stay at 0.
 */
export const analyticsDeliveryDays = pgTable(
  'analytics_delivery_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    locationId: text('location_id').notNull().default(''),
    productTypeId: text('product_type_id').notNull().default(''),
    salespersonId: text('salesperson_id').notNull().default(''),
    daysLate: integer('days_late').notNull(),
    jobs: integer('jobs').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_delivery_days_pk',
      columns: [
        table.day,
        table.itemKind,
        table.locationId,
        table.productTypeId,
        table.salespersonId,
        table.daysLate,
      ],
    }),
  ],
);

/**
 * The steps of delivered jobs (phase, station and offsite minutes) counted per UTC day of delivery, step,
 * exact minutes, kind and location (docs/decisions/013-analytics-rollups.md): root cause's step medians over
 * the latest deliveries, for the whole workshop or one kind or location, read whole days here and only the
 * days at their ends from the steps. Kept with the phase-time rollup, by the delivery and by reads of a
 * delivered job; a count may stay at 0.
 */
export const analyticsStepDays = pgTable(
  'analytics_step_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    stepKind: text('step_kind').notNull(),
    stepKey: text('step_key').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
    itemKind: text('item_kind').notNull().default(''),
    // '' for a job never read (no location).
    locationId: text('location_id').notNull().default(''),
    jobs: integer('jobs').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_step_days_pk',
      columns: [table.day, table.stepKind, table.stepKey, table.minutes, table.itemKind, table.locationId],
    }),
  ],
);

/**
 * Phase times of delivered jobs counted per UTC day of delivery, kind, phase, location, salesperson and exact
 * whole minutes (a histogram, docs/decisions/013-analytics-rollups.md): the workflow screen's phase median and
 * p90 over a range read one row per distinct duration a day instead of one per job, and come out as exactly as
 * percentile_cont over the jobs. Kept by the delivery and by reads of a delivered job; a count may stay at 0.
 */
export const analyticsPhaseDays = pgTable(
  'analytics_phase_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemKind: text('item_kind').notNull(),
    phaseKey: text('phase_key').notNull(),
    // The job's location (where it was first read, '' for none): the location filter reads the rollup too.
    locationId: text('location_id').notNull().default(''),
    // The job's salesperson ('' for none), as in analytics_jobs: the salesperson filter reads the rollup too.
    salespersonId: text('salesperson_id').notNull().default(''),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
    jobs: integer('jobs').notNull().default(0),
  },
  (table) => [
    // A unique index rather than a primary key: migrations add the location column before indexing it.
    uniqueIndex('analytics_phase_days_key_idx').on(
      table.day,
      table.itemKind,
      table.phaseKey,
      table.locationId,
      table.salespersonId,
      table.minutes,
    ),
  ],
);

/**
 * One row per job that has been read somewhere: its counters, kept as its visits are written, and its
 * delivery, stamped when its status becomes delivered (orders) or picked up (repairs).
 */
export const analyticsJobs = pgTable(
  'analytics_jobs',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    // Where it was first read.
    locationId: text('location_id'),
    productTypeId: uuid('product_type_id'),
    metalTypeId: uuid('metal_type_id'),
    salespersonId: uuid('salesperson_id'),
    promisedDate: date('promised_date', { mode: 'string' }),
    firstArrivalAt: timestamp('first_arrival_at', { withTimezone: true }),
    visits: integer('visits').notNull().default(0),
    reworkVisits: integer('rework_visits').notNull().default(0),
    dwellMinutes: bigint('dwell_minutes', { mode: 'number' }).notNull().default(0),
    offsiteMinutes: bigint('offsite_minutes', { mode: 'number' }).notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.itemKind, table.itemId] }),
    // With every column the delivered-job figures filter and count by: a range of deliveries is read from the
    // index alone (index-only scans), not from a heap page per job.
    index('analytics_jobs_delivered_idx').on(
      table.deliveredAt,
      table.itemKind,
      table.itemId,
      table.locationId,
      table.productTypeId,
      table.metalTypeId,
      table.salespersonId,
      table.promisedDate,
      table.firstArrivalAt,
      table.reworkVisits,
    ),
    index('analytics_jobs_first_arrival_idx').on(
      table.firstArrivalAt,
      table.itemKind,
      table.locationId,
      table.productTypeId,
      table.salespersonId,
    ),
    // Product type figures group a range's deliveries by kind, product type and metal: over a long range, read
    // in that order from the index alone instead of sorted (a year at 100,000 jobs: 57 → 28 ms).
    index('analytics_jobs_product_type_idx').on(
      table.itemKind,
      table.productTypeId,
      table.metalTypeId,
      table.deliveredAt,
      table.firstArrivalAt,
      table.reworkVisits,
      table.promisedDate,
      table.locationId,
      table.salespersonId,
    ),
  ],
);

/**
 * Minutes each job spent per phase, per station and per offsite leg (keyed by the station it left from):
 * what root cause compares with the median, and what predictions draw their durations from.
 */
export const analyticsJobSteps = pgTable(
  'analytics_job_steps',
  {
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    // phase, station or offsite
    stepKind: text('step_kind').notNull(),
    stepKey: text('step_key').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull().default(0),
    visits: integer('visits').notNull().default(0),
    // The job's analytics_jobs.delivered_at, copied so that root cause's medians read the steps of a range of
    // deliveries as one index range, not job by job.
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.itemKind, table.itemId, table.stepKind, table.stepKey] }),
    index('analytics_job_steps_key_idx').on(table.stepKind, table.stepKey),
    // Root cause's medians and late steps read thousands of jobs' steps: from the index alone, not a heap page
    // per step (a job's steps are spread over the table).
    index('analytics_job_steps_minutes_idx').on(
      table.itemKind,
      table.itemId,
      table.stepKind,
      table.stepKey,
      table.minutes,
    ),
    // Root cause's medians without a job filter: the steps of the latest deliveries, by kind, from the index alone.
    index('analytics_job_steps_delivered_idx')
      .on(table.stepKind, table.deliveredAt, table.stepKey, table.minutes)
      .where(sql`${table.deliveredAt} is not null`),
  ],
);
