import { z } from 'zod';
import { isAllowed } from '../auth/permissions';
import type { TActor, TRole } from '../auth/roles';
import { isOpenStatus } from '../jobs/job-state';
import type { TJobKind } from '../jobs/job-views';
import { lazySchema } from '../validation/lazy-schema';
import {
  instantOf,
  isWorkshopOpen,
  minutesOf,
  type TWorkingCalendar,
  wallTime,
} from '../workflow/working-calendar';

/**
 * The closing count (issue 37 §5): a location's safe is one of its stations, with its own antennas. At closing
 * (the working calendar's end, or a button) every open job of the location that is not offsite is expected in
 * the safe; reads within the count's window count it. What is missing raises an alert; each count is kept as a
 * report for the insurer. Pieces taken out of the safe after a count are logged as removals.
 */

/** How long a count listens for reads at the safe before it finishes by itself. */
export const SAFE_COUNT_WINDOW_MINUTES = 10;

export const SAFE_COUNT_TRIGGERS = ['closing', 'button'] as const;
export type TSafeCountTrigger = (typeof SAFE_COUNT_TRIGGERS)[number];

export const SAFE_COUNT_STATUSES = ['running', 'finished'] as const;
export type TSafeCountStatus = (typeof SAFE_COUNT_STATUSES)[number];

/**
 * Who starts, finishes and reads counts: admins and managers. Choice: a count is the workshop's custody record
 * for its insurer and names who closed; the bench roles (production, operator) put pieces in the safe but do
 * not sign for the count, and the closing count starts by itself at closing time without anyone's button.
 */
export const SAFE_COUNT_ROLES = ['admin', 'manager'] as const satisfies readonly TRole[];

export function canReadSafeCounts(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, SAFE_COUNT_ROLES);
}

export function canStartSafeCount(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, SAFE_COUNT_ROLES);
}

/** Choosing which station is a location's safe is registry work: admins and managers, like stations (§6). */
export function canChooseSafe(actor: TActor | null | undefined): boolean {
  return isAllowed(actor, SAFE_COUNT_ROLES);
}

export const SAFE_COUNT_MESSAGES = {
  noSafe: 'This location has no safe yet: choose the station that is its safe first.',
  alreadyRunning: 'A count is already running at this location.',
  notRunning: 'This count has already finished.',
  started: (location: string) => `Count started at ${location}.`,
  finished: (missing: number) =>
    missing === 0 ? 'Count finished: every piece is in the safe.' : `Count finished: ${missing} missing.`,
  alertTitle: (number: string) => `${number} missing from the safe`,
  alertMessage: (number: string, location: string, lastSeen: string | null) =>
    `The closing count at ${location} did not find ${number} in the safe.${lastSeen ? ` Last seen at ${lastSeen}.` : ''}`,
} as const;

/** An open job as a count sees it: where it belongs and whether it is offsite. */
export type TCountCandidate = {
  readonly kind: TJobKind;
  readonly id: string;
  readonly number: string;
  readonly status: string;
  /** The location of the station it was last read at; null when never read. */
  readonly locationId: string | null;
  readonly isOffsite: boolean;
};

/** The count's expected set: the location's open jobs (not delivered, picked up or cancelled), not offsite. */
export function expectedSet<T extends TCountCandidate>(jobs: readonly T[], locationId: string): T[] {
  return jobs.filter(
    (job) => job.locationId === locationId && !job.isOffsite && isOpenStatus(job.kind, job.status),
  );
}

/** One read of a job within (or around) a count's window. */
export type TCountRead = {
  readonly kind: TJobKind;
  readonly id: string;
  readonly stationId: string;
  readonly at: Date;
};

export type TJobRef = { readonly kind: TJobKind; readonly id: string };

const keyOf = (job: TJobRef) => `${job.kind}:${job.id}`;

/**
 * What a count found: counted are the expected jobs whose latest read within [startedAt, endsAt] is at the safe;
 * missing the expected ones that are not; extra the jobs read last at the safe that were not expected (listed
 * apart: a delivered job's envelope, a piece of another location).
 */
export function countResult<T extends TJobRef>(input: {
  readonly expected: readonly T[];
  readonly reads: readonly TCountRead[];
  readonly safeStationId: string;
  readonly startedAt: Date;
  readonly endsAt: Date;
}): { counted: T[]; missing: T[]; extra: TJobRef[] } {
  const latest = new Map<string, TCountRead>();
  for (const read of input.reads) {
    const time = read.at.getTime();
    if (time < input.startedAt.getTime() || time > input.endsAt.getTime()) continue;
    const key = keyOf(read);
    const before = latest.get(key);
    if (before === undefined || before.at.getTime() <= time) latest.set(key, read);
  }
  const inSafe = (job: TJobRef) => latest.get(keyOf(job))?.stationId === input.safeStationId;
  const expectedKeys = new Set(input.expected.map(keyOf));
  const extra = [...latest.values()]
    .filter((read) => read.stationId === input.safeStationId && !expectedKeys.has(keyOf(read)))
    .map((read) => ({ kind: read.kind, id: read.id }));
  return {
    counted: input.expected.filter(inSafe),
    missing: input.expected.filter((job) => !inSafe(job)),
    extra,
  };
}

/** When a count started at `startedAt` stops listening. */
export function countEndsAt(startedAt: Date): Date {
  return new Date(startedAt.getTime() + SAFE_COUNT_WINDOW_MINUTES * 60_000);
}

/**
 * The closing count due at `now`: on an open day, once the workshop's closing time has passed (and before
 * midnight), the workshop's date and its closing instant; else null. One closing count per location and date.
 */
export function closingCountDue(
  now: Date,
  calendar: TWorkingCalendar,
): { readonly date: string; readonly closesAt: Date } | null {
  const { date, minutes } = wallTime(now, calendar.timeZone);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const isOpenDay = calendar.openDays.includes(weekday) && !calendar.closedDates.includes(date);
  const closes = minutesOf(calendar.closesAt);
  if (!isOpenDay || minutes < closes) return null;
  return { date, closesAt: instantOf(date, closes, calendar.timeZone) };
}

/**
 * The morning side: a job a finished count found in the safe, read later at another station, was taken out.
 */
export function isRemoval(input: {
  readonly countedKeys: ReadonlySet<string>;
  readonly finishedAt: Date;
  readonly safeStationId: string;
  readonly move: TJobRef & { readonly stationId: string; readonly at: Date };
}): boolean {
  const { move } = input;
  return (
    input.countedKeys.has(keyOf(move)) &&
    move.stationId !== input.safeStationId &&
    move.at.getTime() >= input.finishedAt.getTime()
  );
}

/** A removal while the workshop was closed (at night, on a closed day) is news for the manager. */
export function isWhileClosed(at: Date, calendar: TWorkingCalendar): boolean {
  return !isWorkshopOpen(at, calendar);
}

export const jobKey = keyOf;

// The shapes of /api/v1/safe-counts.

const ZTimestampSchema = lazySchema(() => z.string());

export const ZSafeCountPieceSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['order', 'repair']),
    id: z.string(),
    number: z.string(),
    description: z.string(),
    /** Where it was last read before or during the count (null: never read). */
    lastStationName: z.string().nullable(),
    lastReadAt: ZTimestampSchema.nullable(),
  }),
);
export type TSafeCountPiece = z.infer<typeof ZSafeCountPieceSchema>;

export const ZSafeCountRemovalSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['order', 'repair']),
    id: z.string(),
    number: z.string(),
    at: ZTimestampSchema,
    stationName: z.string(),
    isWhileClosed: z.boolean(),
  }),
);
export type TSafeCountRemoval = z.infer<typeof ZSafeCountRemovalSchema>;

export const ZSafeCountSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    locationId: z.string(),
    locationName: z.string(),
    safeStationName: z.string(),
    trigger: z.enum(SAFE_COUNT_TRIGGERS),
    status: z.enum(SAFE_COUNT_STATUSES),
    startedAt: ZTimestampSchema,
    endsAt: ZTimestampSchema,
    finishedAt: ZTimestampSchema.nullable(),
    /** Who started it; null for the closing count that started by itself. */
    startedBy: z.string().nullable(),
    finishedBy: z.string().nullable(),
    expectedCount: z.number().int().nonnegative(),
    countedCount: z.number().int().nonnegative(),
    missingCount: z.number().int().nonnegative(),
    extraCount: z.number().int().nonnegative(),
  }),
);
export type TSafeCountSummary = z.infer<typeof ZSafeCountSummarySchema>;

export const ZSafeCountSchema = lazySchema(() =>
  ZSafeCountSummarySchema.unwrap().extend({
    counted: z.array(ZSafeCountPieceSchema),
    missing: z.array(ZSafeCountPieceSchema),
    extra: z.array(ZSafeCountPieceSchema),
    removals: z.array(ZSafeCountRemovalSchema),
  }),
);
export type TSafeCount = z.infer<typeof ZSafeCountSchema>;

/** A location and its safe, for the count screen's start button and the safe's choice. */
export const ZSafeLocationSchema = lazySchema(() =>
  z.object({
    locationId: z.string(),
    locationName: z.string(),
    safe: z.object({ stationId: z.string(), stationName: z.string() }).nullable(),
    stations: z.array(z.object({ id: z.string(), name: z.string(), departmentName: z.string() })),
    runningCountId: z.string().nullable(),
  }),
);
export type TSafeLocation = z.infer<typeof ZSafeLocationSchema>;

export const ZStartSafeCountSchema = lazySchema(() => z.object({ locationId: z.string().min(1).max(64) }));
export const ZChooseSafeSchema = lazySchema(() =>
  z.object({ stationId: z.string().min(1).max(64).nullable() }),
);

/** The report's rows as the CSV for the insurer has them: one line a piece, what the count found of it. */
export const SAFE_COUNT_RESULTS = ['counted', 'missing', 'extra', 'removed'] as const;
export type TSafeCountResult = (typeof SAFE_COUNT_RESULTS)[number];
export type TSafeCountReportRow = {
  readonly result: TSafeCountResult;
  readonly number: string;
  readonly kind: TJobKind;
  readonly description: string;
  readonly station: string;
  readonly at: string;
};

export function safeCountReportRows(count: TSafeCount): TSafeCountReportRow[] {
  const piece = (result: TSafeCountResult) => (p: TSafeCountPiece) => ({
    result,
    number: p.number,
    kind: p.kind,
    description: p.description,
    station: p.lastStationName ?? '',
    at: p.lastReadAt ?? '',
  });
  return [
    ...count.counted.map(piece('counted')),
    ...count.missing.map(piece('missing')),
    ...count.extra.map(piece('extra')),
    ...count.removals.map((r) => ({
      result: 'removed' as const,
      number: r.number,
      kind: r.kind,
      description: '',
      station: r.stationName,
      at: r.at,
    })),
  ];
}
