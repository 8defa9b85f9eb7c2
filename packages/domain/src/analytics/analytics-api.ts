import { z } from 'zod';
import { ZCalendarDateSchema, ZStoredCalendarDateSchema } from '../api/dates';
import { lazySchema } from '../validation/lazy-schema';

/**
 * The shapes of /api/v1/analytics (issue 13): the server answers them, the web parses them. Durations are in
 * hours (dwell and phase times) or days (cycle times, lateness); rates are fractions 0–1, null when there is
 * nothing to divide by. Every list is already sorted the way its screen shows it.
 */

const ZTimestampSchema = lazySchema(() => z.string());

/** The status that hands a job to its customer: its delivery, which on-time and cycle times count to. */
export const DELIVERED_STATUS = { order: 'delivered', repair: 'picked_up' } as const;
const ZRateSchema = lazySchema(() => z.number().min(0).max(1).nullable());

export const ANALYTICS_KINDS = ['all', 'order', 'repair'] as const;
export const ZAnalyticsKindSchema = lazySchema(() => z.enum(ANALYTICS_KINDS));
export type TAnalyticsKind = z.infer<typeof ZAnalyticsKindSchema>;

/** How many days a range covers when `from` is left out: about a quarter. */
export const ANALYTICS_DEFAULT_DAYS = 90;
/** The longest range one request may cover. */
export const ANALYTICS_MAX_DAYS = 731;

/**
 * The filters every analytics screen shares (query string). `from`/`to` are calendar days, both included;
 * `to` defaults to today and `from` to ANALYTICS_DEFAULT_DAYS before it.
 */
export const ZAnalyticsFilterSchema = lazySchema(() =>
  z.object({
    from: ZCalendarDateSchema.optional(),
    to: ZCalendarDateSchema.optional(),
    locationId: z.string().min(1).max(100).optional(),
    departmentId: z.string().min(1).max(100).optional(),
    productTypeId: z.uuid().optional(),
    salespersonId: z.uuid().optional(),
    kind: ZAnalyticsKindSchema.default('all'),
  }),
);
export type TAnalyticsFilterInput = z.input<typeof ZAnalyticsFilterSchema>;
export type TAnalyticsFilter = z.infer<typeof ZAnalyticsFilterSchema>;

/** The filters as the server applied them: the range resolved, the rest null when not filtered on. */
export const ZResolvedAnalyticsFilterSchema = lazySchema(() =>
  z.object({
    from: ZStoredCalendarDateSchema,
    to: ZStoredCalendarDateSchema,
    locationId: z.string().nullable(),
    departmentId: z.string().nullable(),
    productTypeId: z.string().nullable(),
    salespersonId: z.string().nullable(),
    kind: ZAnalyticsKindSchema,
  }),
);
export type TResolvedAnalyticsFilter = z.infer<typeof ZResolvedAnalyticsFilterSchema>;

const answerBase = { filter: ZResolvedAnalyticsFilterSchema, generatedAt: ZTimestampSchema };

/** A duration's spread over many visits or jobs. */
export const ZDurationStatsSchema = lazySchema(() =>
  z.object({
    count: z.number().int(),
    average: z.number().nullable(),
    median: z.number().nullable(),
    p90: z.number().nullable(),
  }),
);
export type TDurationStats = z.infer<typeof ZDurationStatsSchema>;

// ── /analytics/workflow ─────────────────────────────────────────────────────────────────────────

export const ZWorkflowAnalyticsSchema = lazySchema(() =>
  z.object({
    ...answerBase,
    /** Per week (Monday): jobs whose first read fell in it, and jobs delivered in it. */
    throughput: z.array(
      z.object({
        weekStart: ZStoredCalendarDateSchema,
        started: z.number().int(),
        delivered: z.number().int(),
      }),
    ),
    /** The phases the WIP counts are keyed by, in workflow order. */
    wipPhases: z.array(z.object({ key: z.string(), name: z.string() })),
    /** Jobs in each phase at the end of each week (keys of `counts` are phase keys). */
    wip: z.array(
      z.object({
        weekStart: ZStoredCalendarDateSchema,
        counts: z.record(z.string(), z.number().int()),
        total: z.number().int(),
      }),
    ),
    /** Hours spent in each phase per job (all visits of a job in the phase added up). */
    phaseTimes: z.array(
      z.object({
        phaseKey: z.string(),
        phaseName: z.string(),
        hours: ZDurationStatsSchema,
        /**
         * Work time (issue 37 §3): hours people's timers counted in the phase, per job that recorded any, over the
         * same delivered jobs; null when none did. Labour against dwell (`hours.average`).
         */
        labourHours: z.number().nullable(),
      }),
    ),
    /** Hours per visit at each station. */
    stationTimes: z.array(
      z.object({
        stationId: z.string(),
        stationName: z.string(),
        departmentId: z.string(),
        departmentName: z.string(),
        hours: ZDurationStatsSchema,
      }),
    ),
    /** Stations ranked by the hours jobs spent there in the range (the largest share first). */
    bottlenecks: z.array(
      z.object({
        rank: z.number().int(),
        stationId: z.string(),
        stationName: z.string(),
        departmentName: z.string(),
        totalHours: z.number(),
        /** Share of all hours spent at stations in the range. */
        share: z.number(),
        averageHours: z.number().nullable(),
        p90Hours: z.number().nullable(),
        /** Jobs whose tag was last read there now. */
        waitingNow: z.number().int(),
      }),
    ),
    /** How good the predicted completion was on the jobs delivered in the range. */
    predictionAccuracy: z.object({
      jobs: z.number().int(),
      meanAbsoluteErrorDays: z.number().nullable(),
    }),
  }),
);
export type TWorkflowAnalytics = z.infer<typeof ZWorkflowAnalyticsSchema>;

// ── /analytics/on-time ──────────────────────────────────────────────────────────────────────────

export const ZOnTimeGroupSchema = lazySchema(() =>
  z.object({
    /** Null: jobs without one (no product type, no salesperson, never read at a location). */
    id: z.string().nullable(),
    name: z.string(),
    delivered: z.number().int(),
    onTime: z.number().int(),
    late: z.number().int(),
    onTimeRate: ZRateSchema,
  }),
);
export type TOnTimeGroup = z.infer<typeof ZOnTimeGroupSchema>;

export const ZLateJobSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['order', 'repair']),
    id: z.string(),
    number: z.string(),
    customerName: z.string(),
    productTypeName: z.string().nullable(),
    salespersonName: z.string().nullable(),
    locationName: z.string().nullable(),
    promisedDate: ZStoredCalendarDateSchema,
    deliveredAt: ZTimestampSchema,
    daysLate: z.number().int(),
  }),
);
export type TLateJob = z.infer<typeof ZLateJobSchema>;

/** Only delivered jobs with a promised date count; on time is delivered on or before the promised day. */
export const ZOnTimeAnalyticsSchema = lazySchema(() =>
  z.object({
    ...answerBase,
    summary: ZOnTimeGroupSchema.unwrap().omit({ id: true, name: true }).extend({
      averageDaysLate: z.number().nullable(),
    }),
    byMonth: z.array(
      ZOnTimeGroupSchema.unwrap().omit({ id: true, name: true }).extend({ month: z.string() }),
    ),
    byProductType: z.array(ZOnTimeGroupSchema),
    bySalesperson: z.array(ZOnTimeGroupSchema),
    byLocation: z.array(ZOnTimeGroupSchema),
    /** By where the customer collects it (issue 39 §4): the job's pickup location, the workshop's unless chosen. */
    byPickupLocation: z.array(ZOnTimeGroupSchema),
    /** Delivered minus promised, in whole days (negative: early), from the earliest to the latest. */
    distribution: z.array(z.object({ daysLate: z.number().int(), jobs: z.number().int() })),
    /** The late jobs, the latest first (at most 500). */
    lateJobs: z.array(ZLateJobSchema),
  }),
);
export type TOnTimeAnalytics = z.infer<typeof ZOnTimeAnalyticsSchema>;

// ── /analytics/product-types ────────────────────────────────────────────────────────────────────

export const ZProductTypeRowSchema = lazySchema(() =>
  z.object({
    /** Null with kind 'repair' for repairs, and for orders without a product type. */
    productTypeId: z.string().nullable(),
    productTypeName: z.string(),
    /** Null on the per-product-type totals and for jobs without a metal. */
    metalTypeId: z.string().nullable(),
    metalTypeName: z.string().nullable(),
    kind: z.enum(['order', 'repair']),
    delivered: z.number().int(),
    /** From the first read to delivery, in days. */
    cycleDays: ZDurationStatsSchema,
    /** Share of the jobs that went back to a department they had already left. */
    reworkRate: ZRateSchema,
    onTimeRate: ZRateSchema,
  }),
);
export type TProductTypeRow = z.infer<typeof ZProductTypeRowSchema>;

/** A product type's visits to one station that ended in the range (orders and repairs alike). */
export const ZProductTypeStationRowSchema = lazySchema(() =>
  z.object({
    /** Null with kind 'repair' for repairs, and for orders without a product type. */
    productTypeId: z.string().nullable(),
    productTypeName: z.string(),
    kind: z.enum(['order', 'repair']),
    stationId: z.string(),
    stationName: z.string(),
    departmentName: z.string(),
    /** Hours per visit at the station, offsite time left out (as the workflow's station times). */
    dwellHours: ZDurationStatsSchema,
    /** Share of the visits that were rework: back in a department the job had already left. */
    reworkRate: ZRateSchema,
  }),
);
export type TProductTypeStationRow = z.infer<typeof ZProductTypeStationRowSchema>;

export const ZProductTypeAnalyticsSchema = lazySchema(() =>
  z.object({
    ...answerBase,
    byProductType: z.array(ZProductTypeRowSchema),
    byProductTypeAndMetal: z.array(ZProductTypeRowSchema),
    /** Per product type and station, in product type then workshop order. */
    byProductTypeAndStation: z.array(ZProductTypeStationRowSchema),
  }),
);
export type TProductTypeAnalytics = z.infer<typeof ZProductTypeAnalyticsSchema>;

// ── /analytics/comparison ───────────────────────────────────────────────────────────────────────

/**
 * Side A is the shared filter; side B is the same filter with its range and/or location replaced. Without
 * `compareFrom`/`compareTo`, B's range is the one of the same length just before A's.
 */
export const ZComparisonQuerySchema = lazySchema(() =>
  ZAnalyticsFilterSchema.unwrap().extend({
    compareFrom: ZCalendarDateSchema.optional(),
    compareTo: ZCalendarDateSchema.optional(),
    compareLocationId: z.string().min(1).max(100).optional(),
  }),
);
export type TComparisonQueryInput = z.input<typeof ZComparisonQuerySchema>;

export const COMPARISON_FIGURES = [
  'started',
  'delivered',
  'onTimeRate',
  'averageDaysLate',
  'averageCycleDays',
  'p90CycleDays',
  'averageStationHours',
  'reworkRate',
] as const;
export type TComparisonFigureKey = (typeof COMPARISON_FIGURES)[number];

export const ZComparisonSideSchema = lazySchema(() =>
  z.object({
    label: z.string(),
    from: ZStoredCalendarDateSchema,
    to: ZStoredCalendarDateSchema,
    locationId: z.string().nullable(),
    locationName: z.string().nullable(),
  }),
);

export const ZComparisonAnalyticsSchema = lazySchema(() =>
  z.object({
    ...answerBase,
    a: ZComparisonSideSchema,
    b: ZComparisonSideSchema,
    figures: z.array(
      z.object({
        key: z.enum(COMPARISON_FIGURES),
        label: z.string(),
        unit: z.enum(['jobs', 'rate', 'days', 'hours']),
        /** Which direction is good, for colouring the change. */
        betterWhen: z.enum(['higher', 'lower']),
        a: z.number().nullable(),
        b: z.number().nullable(),
        /** a − b; null when either is. */
        change: z.number().nullable(),
        /** (a − b) / b; null when b is null or 0. */
        changeRatio: z.number().nullable(),
      }),
    ),
  }),
);
export type TComparisonAnalytics = z.infer<typeof ZComparisonAnalyticsSchema>;

// ── /analytics/capacity ─────────────────────────────────────────────────────────────────────────

export const CAPACITY_DEFAULT_WEEKS = 6;

/** The shared filter, how many weeks ahead, and optionally a rush job to try inserting. */
export const ZCapacityQuerySchema = lazySchema(() =>
  ZAnalyticsFilterSchema.unwrap().extend({
    weeks: z.coerce.number().int().min(1).max(26).default(CAPACITY_DEFAULT_WEEKS),
    /** What-if: a rush job of this kind (and product type) due on this day, worked before everything else. */
    rushKind: z.enum(['order', 'repair']).optional(),
    rushProductTypeId: z.uuid().optional(),
    rushPromisedDate: ZCalendarDateSchema.optional(),
  }),
);
export type TCapacityQueryInput = z.input<typeof ZCapacityQuerySchema>;

export const ZCapacityWeekSchema = lazySchema(() =>
  z.object({
    weekStart: ZStoredCalendarDateSchema,
    loadHours: z.number(),
    capacityHours: z.number(),
    /** load / capacity; null without capacity. */
    utilization: z.number().nullable(),
  }),
);

export const ZCapacityAnalyticsSchema = lazySchema(() =>
  z.object({
    ...answerBase,
    weeks: z.array(ZStoredCalendarDateSchema),
    departments: z.array(
      z.object({ departmentId: z.string(), departmentName: z.string(), weeks: z.array(ZCapacityWeekSchema) }),
    ),
    stations: z.array(
      z.object({
        stationId: z.string(),
        stationName: z.string(),
        departmentId: z.string(),
        departmentName: z.string(),
        /** Where the capacity comes from: its jeweler's working hours, or the workshop's calendar. */
        capacitySource: z.enum(['person-hours', 'workshop-hours']),
        weeks: z.array(ZCapacityWeekSchema),
      }),
    ),
    /** How the figures were made, for the screen to say. */
    assumptions: z.object({
      workshopHoursPerWeek: z.number(),
      openJobs: z.number().int(),
      note: z.string(),
    }),
    whatIf: z
      .object({
        rushPredictedCompletion: ZTimestampSchema,
        /** Open jobs predicted on time before and late after inserting the rush job. */
        pushedLate: z.array(
          z.object({
            kind: z.enum(['order', 'repair']),
            id: z.string(),
            number: z.string(),
            promisedDate: ZStoredCalendarDateSchema,
            predictedBefore: ZTimestampSchema,
            predictedAfter: ZTimestampSchema,
          }),
        ),
      })
      .nullable(),
  }),
);
export type TCapacityAnalytics = z.infer<typeof ZCapacityAnalyticsSchema>;

// ── /analytics/root-cause ───────────────────────────────────────────────────────────────────────

export const ROOT_CAUSE_KINDS = ['phase', 'station', 'offsite'] as const;
export type TRootCauseKind = (typeof ROOT_CAUSE_KINDS)[number];

/** The shared filter; `causeKind` + `causeId` pick one cause for the drill-down list. */
export const ROOT_CAUSE_LEVELS = ['station', 'phase'] as const;

export const ZRootCauseQuerySchema = lazySchema(() =>
  ZAnalyticsFilterSchema.unwrap().extend({
    /** Which steps compete for the blame: stations and offsite legs (default), or phases. */
    level: z.enum(ROOT_CAUSE_LEVELS).default('station'),
    causeKind: z.enum(ROOT_CAUSE_KINDS).optional(),
    causeId: z.string().min(1).max(100).optional(),
  }),
);
export type TRootCauseQueryInput = z.input<typeof ZRootCauseQuerySchema>;

export const ZRootCauseSchema = lazySchema(() =>
  z.object({
    kind: z.enum(ROOT_CAUSE_KINDS),
    /** Phase key, station id, or the station id the job left for the offsite leg. */
    id: z.string(),
    name: z.string(),
    /** Late jobs for which this was the largest delay beyond its median. */
    lateJobs: z.number().int(),
    /** Hours beyond the median it added, over those jobs. */
    excessHours: z.number(),
  }),
);
export type TRootCause = z.infer<typeof ZRootCauseSchema>;

export const ZRootCauseJobSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['order', 'repair']),
    id: z.string(),
    number: z.string(),
    promisedDate: ZStoredCalendarDateSchema,
    deliveredAt: ZTimestampSchema,
    daysLate: z.number().int(),
    cause: ZRootCauseSchema.unwrap().pick({ kind: true, id: true, name: true }),
    /** Hours the cause took for this job, its median, and the excess. */
    hours: z.number(),
    medianHours: z.number(),
    excessHours: z.number(),
  }),
);
export type TRootCauseJob = z.infer<typeof ZRootCauseJobSchema>;

export const ZRootCauseAnalyticsSchema = lazySchema(() =>
  z.object({
    ...answerBase,
    lateJobs: z.number().int(),
    /** Top causes, the most late jobs first. */
    causes: z.array(ZRootCauseSchema),
    /** Each late job with its main cause (only the picked cause's jobs when one is picked; at most 500). */
    jobs: z.array(ZRootCauseJobSchema),
  }),
);
export type TRootCauseAnalytics = z.infer<typeof ZRootCauseAnalyticsSchema>;

// ── Predicted completion ───────────────────────────────────────────────────────────────────────

/** An open job's predicted completion: a likely date with an interval, and whether it risks being late. */
export const ZPredictedCompletionSchema = lazySchema(() =>
  z.object({
    /** Optimistic (remaining phases at their 25th percentile). */
    earliest: ZTimestampSchema,
    /** Remaining phases at their median. */
    likely: ZTimestampSchema,
    /** Pessimistic (remaining phases at their 80th percentile). */
    latest: ZTimestampSchema,
    remainingPhases: z.number().int(),
  }),
);
export type TPredictedCompletion = z.infer<typeof ZPredictedCompletionSchema>;

/** GET /analytics/predictions?kind=&ids=: by job id (open jobs only; finished ones are left out). */
export const ZPredictionsQuerySchema = lazySchema(() =>
  z.object({
    kind: z.enum(['order', 'repair']).optional(),
    /** Comma-separated ids; all open jobs when left out. */
    ids: z.string().max(20_000).optional(),
  }),
);
export type TPredictionsQueryInput = z.input<typeof ZPredictionsQuerySchema>;

export const ZPredictionsSchema = lazySchema(() =>
  z.object({
    generatedAt: ZTimestampSchema,
    predictions: z.record(
      z.string(),
      ZPredictedCompletionSchema.unwrap().extend({ kind: z.enum(['order', 'repair']), number: z.string() }),
    ),
  }),
);
export type TPredictions = z.infer<typeof ZPredictionsSchema>;
