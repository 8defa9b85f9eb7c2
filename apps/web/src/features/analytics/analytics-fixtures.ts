import type {
  TCapacityAnalytics,
  TComparisonAnalytics,
  TOnTimeAnalytics,
  TProductTypeAnalytics,
  TResolvedAnalyticsFilter,
  TRootCauseAnalytics,
  TWorkflowAnalytics,
} from '@loupe/domain/analytics/analytics-api';
import { aggregateTransit, type TTransitAnalytics } from '@loupe/domain/analytics/transit';

// Answers of /api/v1/analytics as the server sends them, for the screens' tests.

export const FILTER: TResolvedAnalyticsFilter = {
  from: '2026-08-01',
  to: '2026-10-31',
  locationId: null,
  departmentId: null,
  productTypeId: null,
  salespersonId: null,
  kind: 'all',
};
const GENERATED_AT = '2026-11-01T09:00:00.000Z';
const base = { filter: FILTER, generatedAt: GENERATED_AT };
const stats = (count: number, average: number, p90: number) => ({ count, average, median: average, p90 });

export const WORKFLOW_ANALYTICS: TWorkflowAnalytics = {
  ...base,
  throughput: [
    { weekStart: '2026-10-19', started: 4, delivered: 3 },
    { weekStart: '2026-10-26', started: 6, delivered: 5 },
  ],
  wipPhases: [
    { key: 'casting', name: 'Casting' },
    { key: 'setting', name: 'Stone setting' },
  ],
  wip: [
    { weekStart: '2026-10-19', counts: { casting: 2, setting: 1 }, total: 3 },
    { weekStart: '2026-10-26', counts: { casting: 1, setting: 3 }, total: 4 },
  ],
  phaseTimes: [
    { phaseKey: 'casting', phaseName: 'Casting', hours: stats(8, 5.25, 9), labourHours: 1.5 },
    { phaseKey: 'setting', phaseName: 'Stone setting', hours: stats(6, 12.5, 20.04), labourHours: null },
  ],
  stationTimes: [
    {
      stationId: 'S-1',
      stationName: 'Bench 1',
      departmentId: 'D-1',
      departmentName: 'Setting',
      hours: stats(10, 3.5, 7),
    },
  ],
  bottlenecks: [
    {
      rank: 1,
      stationId: 'S-1',
      stationName: 'Bench 1',
      departmentName: 'Setting',
      totalHours: 35,
      share: 0.62,
      averageHours: 3.5,
      p90Hours: 7,
      waitingNow: 2,
    },
  ],
  predictionAccuracy: { jobs: 8, meanAbsoluteErrorDays: 1.375 },
};

export const ON_TIME_ANALYTICS: TOnTimeAnalytics = {
  ...base,
  summary: { delivered: 10, onTime: 8, late: 2, onTimeRate: 0.8, averageDaysLate: 2.5 },
  byMonth: [
    { month: '2026-09', delivered: 4, onTime: 3, late: 1, onTimeRate: 0.75 },
    { month: '2026-10', delivered: 6, onTime: 5, late: 1, onTimeRate: 5 / 6 },
  ],
  byProductType: [
    { id: 'pt-ring', name: 'Ring', delivered: 6, onTime: 5, late: 1, onTimeRate: 5 / 6 },
    { id: null, name: 'No product type', delivered: 4, onTime: 3, late: 1, onTimeRate: 0.75 },
  ],
  bySalesperson: [{ id: 'u-1', name: 'Evelyn Moreau', delivered: 10, onTime: 8, late: 2, onTimeRate: 0.8 }],
  byLocation: [{ id: 'L-1', name: 'Main workshop', delivered: 10, onTime: 8, late: 2, onTimeRate: 0.8 }],
  byPickupLocation: [
    { id: 'LOC002', name: 'Downtown Store', delivered: 6, onTime: 4, late: 2, onTimeRate: 4 / 6 },
    { id: 'LOC001', name: 'Main workshop', delivered: 4, onTime: 4, late: 0, onTimeRate: 1 },
  ],
  distribution: [
    { daysLate: -2, jobs: 5 },
    { daysLate: 0, jobs: 3 },
    { daysLate: 3, jobs: 2 },
  ],
  lateJobs: [
    {
      kind: 'order',
      id: 'o-1',
      number: 'ORD-00042',
      customerName: 'Abigail Foster',
      productTypeName: 'Ring',
      salespersonName: 'Evelyn Moreau',
      locationName: 'Main workshop',
      promisedDate: '2026-10-10',
      deliveredAt: '2026-10-13T15:00:00.000Z',
      daysLate: 3,
    },
    {
      kind: 'repair',
      id: 'r-1',
      number: 'REP-00007',
      customerName: 'Hannah Okafor',
      productTypeName: null,
      salespersonName: null,
      locationName: 'Main workshop',
      promisedDate: '2026-09-01',
      deliveredAt: '2026-09-03T10:00:00.000Z',
      daysLate: 2,
    },
  ],
};

export const EMPTY_ON_TIME: TOnTimeAnalytics = {
  ...base,
  summary: { delivered: 0, onTime: 0, late: 0, onTimeRate: null, averageDaysLate: null },
  byMonth: [],
  byProductType: [],
  bySalesperson: [],
  byLocation: [],
  byPickupLocation: [],
  distribution: [],
  lateJobs: [],
};

const productRow = (
  name: string,
  metal: string | null,
  delivered: number,
  average: number,
): TProductTypeAnalytics['byProductType'][number] => ({
  productTypeId: `pt-${name}`,
  productTypeName: name,
  metalTypeId: metal ? `mt-${metal}` : null,
  metalTypeName: metal,
  kind: 'order',
  delivered,
  cycleDays: stats(delivered, average, average * 1.5),
  reworkRate: 0.25,
  onTimeRate: 0.75,
});

export const PRODUCT_TYPE_ANALYTICS: TProductTypeAnalytics = {
  ...base,
  byProductType: [productRow('Ring', null, 4, 9.5), productRow('Pendant', null, 2, 6)],
  byProductTypeAndMetal: [productRow('Ring', 'Gold', 3, 10), productRow('Ring', 'Platinum', 1, 8)],
  byProductTypeAndStation: [
    {
      productTypeId: 'pt-Ring',
      productTypeName: 'Ring',
      kind: 'order',
      stationId: 's-bench',
      stationName: 'Bench 1',
      departmentName: 'Bench',
      dwellHours: stats(6, 3.25, 7.5),
      reworkRate: 0.1667,
    },
    {
      productTypeId: null,
      productTypeName: 'Repairs',
      kind: 'repair',
      stationId: 's-polish',
      stationName: 'Lathe',
      departmentName: 'Polishing',
      dwellHours: stats(2, 0.5, 0.9),
      reworkRate: 0,
    },
  ],
};

export const COMPARISON_ANALYTICS: TComparisonAnalytics = {
  ...base,
  a: { label: 'This period', from: '2026-08-01', to: '2026-10-31', locationId: null, locationName: null },
  b: { label: 'Previous period', from: '2026-05-02', to: '2026-07-31', locationId: null, locationName: null },
  figures: [
    {
      key: 'delivered',
      label: 'Delivered',
      unit: 'jobs',
      betterWhen: 'higher',
      a: 12,
      b: 10,
      change: 2,
      changeRatio: 0.2,
    },
    {
      key: 'onTimeRate',
      label: 'On-time rate',
      unit: 'rate',
      betterWhen: 'higher',
      a: 0.75,
      b: 0.8,
      change: -0.05,
      changeRatio: -0.0625,
    },
    {
      key: 'averageCycleDays',
      label: 'Average cycle time',
      unit: 'days',
      betterWhen: 'lower',
      a: 8.5,
      b: 9.75,
      change: -1.25,
      changeRatio: -0.128,
    },
  ],
};

const week = (weekStart: string, loadHours: number, capacityHours: number) => ({
  weekStart,
  loadHours,
  capacityHours,
  utilization: capacityHours > 0 ? loadHours / capacityHours : null,
});

export const CAPACITY_ANALYTICS: TCapacityAnalytics = {
  ...base,
  weeks: ['2026-11-02', '2026-11-09'],
  departments: [
    {
      departmentId: 'D-1',
      departmentName: 'Setting',
      weeks: [week('2026-11-02', 50, 40), week('2026-11-09', 20, 40)],
    },
  ],
  stations: [
    {
      stationId: 'S-1',
      stationName: 'Bench 1',
      departmentId: 'D-1',
      departmentName: 'Setting',
      capacitySource: 'person-hours',
      weeks: [week('2026-11-02', 30, 20), week('2026-11-09', 10, 20)],
    },
  ],
  assumptions: {
    workshopHoursPerWeek: 40,
    openJobs: 12,
    note: 'Load is the remaining phases at their median.',
  },
  whatIf: null,
};

export const ROOT_CAUSE_ANALYTICS: TRootCauseAnalytics = {
  ...base,
  lateJobs: 3,
  causes: [
    { kind: 'station', id: 'S-1', name: 'Bench 1', lateJobs: 2, excessHours: 14.5 },
    { kind: 'offsite', id: 'S-2', name: 'Plating vendor', lateJobs: 1, excessHours: 30 },
  ],
  jobs: [
    {
      kind: 'order',
      id: 'o-1',
      number: 'ORD-00042',
      promisedDate: '2026-10-10',
      deliveredAt: '2026-10-13T15:00:00.000Z',
      daysLate: 3,
      cause: { kind: 'station', id: 'S-1', name: 'Bench 1' },
      hours: 20,
      medianHours: 8,
      excessHours: 12,
    },
    {
      kind: 'repair',
      id: 'r-1',
      number: 'REP-00007',
      promisedDate: '2026-09-01',
      deliveredAt: '2026-09-03T10:00:00.000Z',
      daysLate: 2,
      cause: { kind: 'offsite', id: 'S-2', name: 'Plating vendor' },
      hours: 54,
      medianHours: 24,
      excessHours: 30,
    },
  ],
};

export const TRANSIT_ANALYTICS: TTransitAnalytics = {
  ...base,
  summary: {
    bags: 5,
    envelopes: 14,
    arrived: 12,
    medianHours: 20.5,
    p90Hours: 44.2,
    short: 1,
    overdue: 1,
    inTransit: 2,
  },
  routes: [
    {
      fromLocationId: 'LOC002',
      fromLocationName: 'Downtown Store',
      toLocationId: 'LOC001',
      toLocationName: 'Main workshop',
      carrier: 'FedEx Priority Overnight',
      bags: 3,
      envelopes: 9,
      arrived: 8,
      medianHours: 18.5,
      p90Hours: 26,
      short: 1,
      overdue: 0,
      shortRate: 1 / 3,
    },
    {
      fromLocationId: 'LOC001',
      fromLocationName: 'Main workshop',
      toLocationId: 'LOC009',
      toLocationName: 'Ashford Casting House',
      carrier: 'Brink’s',
      bags: 2,
      envelopes: 5,
      arrived: 4,
      medianHours: 96,
      p90Hours: 120.4,
      short: 0,
      overdue: 1,
      shortRate: 0,
    },
  ],
  byDay: [
    { day: '2026-10-05', arrived: 5, medianHours: 19 },
    { day: '2026-10-12', arrived: 7, medianHours: 22.5 },
  ],
};

/** What the server answers for a range without bags: the domain's own aggregate of nothing. */
export const EMPTY_TRANSIT: TTransitAnalytics = {
  ...base,
  ...aggregateTransit({ sent: [], envelopes: [], open: [], today: '2026-10-31', locationName: (id) => id }),
};
