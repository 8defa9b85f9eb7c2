import { z } from 'zod';
import { ORDER_NUMBER_PREFIX } from '../orders/order';
import { REPAIR_NUMBER_PREFIX } from '../repairs/repair';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Settings › orders (admin, manager; spec §6): how new orders and repairs are numbered and when they are
 * promised by default. Missing or unparsable stored values fall back to these defaults (spec §5).
 */
const ZPrefixSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9]{0,7}$/, 'Use 1–8 capital letters or digits, starting with a letter'),
);

export const ORDER_SETTINGS_DEFAULTS = {
  orderNumberPrefix: ORDER_NUMBER_PREFIX,
  repairNumberPrefix: REPAIR_NUMBER_PREFIX,
  defaultLeadTimeDays: 21,
  rushLeadTimeDays: 7,
  repairLeadTimeDays: 10,
} as const;

export const ZOrderSettingsSchema = lazySchema(() =>
  z.object({
    orderNumberPrefix: ZPrefixSchema.catch(ORDER_SETTINGS_DEFAULTS.orderNumberPrefix).default(
      ORDER_SETTINGS_DEFAULTS.orderNumberPrefix,
    ),
    repairNumberPrefix: ZPrefixSchema.catch(ORDER_SETTINGS_DEFAULTS.repairNumberPrefix).default(
      ORDER_SETTINGS_DEFAULTS.repairNumberPrefix,
    ),
    defaultLeadTimeDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .catch(ORDER_SETTINGS_DEFAULTS.defaultLeadTimeDays)
      .default(ORDER_SETTINGS_DEFAULTS.defaultLeadTimeDays),
    rushLeadTimeDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .catch(ORDER_SETTINGS_DEFAULTS.rushLeadTimeDays)
      .default(ORDER_SETTINGS_DEFAULTS.rushLeadTimeDays),
    repairLeadTimeDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .catch(ORDER_SETTINGS_DEFAULTS.repairLeadTimeDays)
      .default(ORDER_SETTINGS_DEFAULTS.repairLeadTimeDays),
  }),
);
export type TOrderSettings = z.output<typeof ZOrderSettingsSchema>;

export type TPrefixField = 'orderNumberPrefix' | 'repairNumberPrefix';

/**
 * Why a prefix is refused when the other kind already numbers with it: ORD-00042 must name one job, never
 * an order and a repair at once (issue 20 §6).
 */
export function prefixCollisionMessage(field: TPrefixField, prefix: string): string {
  return field === 'orderNumberPrefix'
    ? `Repairs are numbered ${prefix}-…: give orders a different prefix, so an order and a repair never share a number`
    : `Orders are numbered ${prefix}-…: give repairs a different prefix, so an order and a repair never share a number`;
}

/**
 * A change: strict (no catch), so a bad value is refused with a message instead of silently replaced. That
 * the two prefixes differ is checked on the settings the change leads to (applyOrderSettingsChanges).
 */
export const ZOrderSettingsChangesSchema = lazySchema(() =>
  z.object({
    orderNumberPrefix: ZPrefixSchema.optional(),
    repairNumberPrefix: ZPrefixSchema.optional(),
    defaultLeadTimeDays: z.number().int().min(1).max(365).optional(),
    rushLeadTimeDays: z.number().int().min(1).max(365).optional(),
    repairLeadTimeDays: z.number().int().min(1).max(365).optional(),
  }),
);
export type TOrderSettingsChanges = z.output<typeof ZOrderSettingsChangesSchema>;

/**
 * The settings a change leads to, or why it is refused: a change of one prefix is checked against the
 * stored other one, which no schema of the change alone can see. Issues name the body's fields.
 */
export function applyOrderSettingsChanges(
  current: TOrderSettings,
  changes: TOrderSettingsChanges,
):
  | { readonly ok: true; readonly value: TOrderSettings }
  | { readonly ok: false; readonly issues: { field: TPrefixField; message: string }[] } {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const value: TOrderSettings = { ...current, ...defined };
  if (value.orderNumberPrefix !== value.repairNumberPrefix) return { ok: true, value };
  // Name the field the caller changed (the repair prefix when both were).
  const field: TPrefixField =
    changes.repairNumberPrefix !== undefined ? 'repairNumberPrefix' : 'orderNumberPrefix';
  const other = field === 'orderNumberPrefix' ? value.repairNumberPrefix : value.orderNumberPrefix;
  return { ok: false, issues: [{ field, message: prefixCollisionMessage(field, other) }] };
}

/** The days a promise counts as working days: the workshop calendar's open days and closed dates. */
export type TWorkingDays = { readonly openDays: readonly number[]; readonly closedDates: readonly string[] };

/** Monday to Friday, no holidays: what transit counts in when no calendar is at hand. */
const WEEKDAYS: TWorkingDays = { openDays: [1, 2, 3, 4, 5], closedDates: [] };

/** A YYYY-MM-DD date moved forward by `days` working days (a date already past is counted from). */
export function addWorkingDays(date: string, days: number, workingDays: TWorkingDays = WEEKDAYS): string {
  const open = new Set(workingDays.openDays);
  const closed = new Set(workingDays.closedDates);
  // A calendar with no open day would never end: count calendar days then.
  const isWorking = (day: Date) =>
    open.size === 0 || (open.has(day.getUTCDay()) && !closed.has(day.toISOString().slice(0, 10)));
  const cursor = new Date(`${date}T00:00:00.000Z`);
  let left = days;
  for (let guard = 0; left > 0 && guard < 3660; guard += 1) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    if (isWorking(cursor)) left -= 1;
  }
  return cursor.toISOString().slice(0, 10);
}

/**
 * The promised date a new order or repair starts with: today plus its lead time, as YYYY-MM-DD (UTC). Taken
 * in away from the workshop (issue 39 §2), the trip there and back comes on top: `transitWorkingDays` (twice
 * the intake location's transitDays, transitWorkingDays in registry) working days of the workshop's calendar.
 */
export function defaultPromisedDate(
  settings: TOrderSettings,
  kind: 'order' | 'rush-order' | 'repair',
  today: Date,
  transit: { readonly transitWorkingDays: number; readonly workingDays?: TWorkingDays | undefined } = {
    transitWorkingDays: 0,
  },
): string {
  const days =
    kind === 'order'
      ? settings.defaultLeadTimeDays
      : kind === 'rush-order'
        ? settings.rushLeadTimeDays
        : settings.repairLeadTimeDays;
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  const base = date.toISOString().slice(0, 10);
  return transit.transitWorkingDays > 0
    ? addWorkingDays(base, transit.transitWorkingDays, transit.workingDays)
    : base;
}
