import { z } from 'zod';
import { ORDER_NUMBER_PREFIX } from '../orders/order';
import { REPAIR_NUMBER_PREFIX } from '../repairs/repair';

/**
 * Settings › orders (admin, manager; spec §6): how new orders and repairs are numbered and when they are
 * promised by default. Missing or unparsable stored values fall back to these defaults (spec §5).
 */
const ZPrefixSchema = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9]{0,7}$/, 'Use 1–8 capital letters or digits, starting with a letter');

export const ORDER_SETTINGS_DEFAULTS = {
  orderNumberPrefix: ORDER_NUMBER_PREFIX,
  repairNumberPrefix: REPAIR_NUMBER_PREFIX,
  defaultLeadTimeDays: 21,
  rushLeadTimeDays: 7,
  repairLeadTimeDays: 10,
} as const;

export const ZOrderSettingsSchema = z.object({
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
});
export type TOrderSettings = z.output<typeof ZOrderSettingsSchema>;

/** A change: strict (no catch), so a bad value is refused with a message instead of silently replaced. */
export const ZOrderSettingsChangesSchema = z.object({
  orderNumberPrefix: ZPrefixSchema.optional(),
  repairNumberPrefix: ZPrefixSchema.optional(),
  defaultLeadTimeDays: z.number().int().min(1).max(365).optional(),
  rushLeadTimeDays: z.number().int().min(1).max(365).optional(),
  repairLeadTimeDays: z.number().int().min(1).max(365).optional(),
});
export type TOrderSettingsChanges = z.output<typeof ZOrderSettingsChangesSchema>;

/** The promised date a new order or repair starts with: today plus its lead time, as YYYY-MM-DD (UTC). */
export function defaultPromisedDate(
  settings: TOrderSettings,
  kind: 'order' | 'rush-order' | 'repair',
  today: Date,
): string {
  const days =
    kind === 'order'
      ? settings.defaultLeadTimeDays
      : kind === 'rush-order'
        ? settings.rushLeadTimeDays
        : settings.repairLeadTimeDays;
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}
