import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { ZWorkingCalendarSchema } from '../workflow/working-calendar';

/**
 * Where a location differs from the workshop (issue 39 §3): each field left out takes the workshop's value
 * (Settings › general and the working calendar). Stored as the location's `settings`.
 */
export const LOCATION_TRANSIT_DAYS_MAX = 30;
/**
 * Days a bag takes one way between a location and the workshop when the location says nothing: one day. The
 * bags' expected day and the jobs' default promise both count from it.
 */
export const DEFAULT_TRANSIT_DAYS = 1;

export const ZLocationSettingsSchema = lazySchema(() =>
  z.object({
    /** The location's own opening days, hours and zone: its closing count and due times follow it. */
    calendar: ZWorkingCalendarSchema.optional(),
    /** Minutes without a read before a piece here is taken as offsite (the workshop's offsiteTimeout otherwise). */
    offsiteTimeoutMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .optional(),
    /** Working days a bag takes one way between this location and the workshop (0: same building). */
    transitDays: z.number().int().min(0).max(LOCATION_TRANSIT_DAYS_MAX).optional(),
    /** Where envelope labels and bag manifests print (a printer's name or address as the workshop knows it). */
    labelPrinter: z.string().trim().max(200).optional(),
    manifestPrinter: z.string().trim().max(200).optional(),
  }),
);
export type TLocationSettings = z.output<typeof ZLocationSettingsSchema>;
