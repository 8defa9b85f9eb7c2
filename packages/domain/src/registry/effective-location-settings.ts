import type { TWorkingCalendar } from '../workflow/working-calendar';
import { DEFAULT_TRANSIT_DAYS, type TLocationSettings, ZLocationSettingsSchema } from './location-settings';

/**
 * Issue 39 §3: what rules a location follows. Each field it leaves out is the workshop's (its calendar,
 * Settings › general's offsiteTimeout, no transit, the workshop's printers when it has any).
 */
export type TWorkshopLocationDefaults = {
  readonly calendar: TWorkingCalendar;
  readonly offsiteTimeoutMinutes: number;
  readonly labelPrinter?: string | undefined;
  readonly manifestPrinter?: string | undefined;
};

export type TEffectiveLocationSettings = {
  readonly calendar: TWorkingCalendar;
  readonly offsiteTimeoutMinutes: number;
  readonly transitDays: number;
  readonly labelPrinter: string | null;
  readonly manifestPrinter: string | null;
};

/** The location's own value where it has one, the workshop's otherwise. */
export function effectiveLocationSettings(
  own: TLocationSettings,
  workshop: TWorkshopLocationDefaults,
): TEffectiveLocationSettings {
  return {
    calendar: own.calendar ?? workshop.calendar,
    offsiteTimeoutMinutes: own.offsiteTimeoutMinutes ?? workshop.offsiteTimeoutMinutes,
    transitDays: own.transitDays ?? DEFAULT_TRANSIT_DAYS,
    labelPrinter: nonEmpty(own.labelPrinter) ?? nonEmpty(workshop.labelPrinter) ?? null,
    manifestPrinter: nonEmpty(own.manifestPrinter) ?? nonEmpty(workshop.manifestPrinter) ?? null,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * A location's stored settings, read leniently: a field that no longer passes the schema (a time zone the
 * runtime dropped, a bound since narrowed) falls back to the workshop's instead of breaking every rule.
 */
export function storedLocationSettings(raw: unknown): TLocationSettings {
  if (raw === null || typeof raw !== 'object') return {};
  const whole = ZLocationSettingsSchema.safeParse(raw);
  if (whole.success) return whole.data;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(key in ZLocationSettingsSchema.unwrap().shape)) continue;
    const field = ZLocationSettingsSchema.safeParse({ [key]: value });
    if (field.success) Object.assign(kept, field.data);
  }
  return kept as TLocationSettings;
}

/**
 * Working days a job taken in at a location adds to its promise (issue 39 §2): there and back, so twice the
 * location's transitDays; none when it is taken in at the workshop itself.
 */
export function transitWorkingDays(location: {
  readonly kind: string;
  readonly settings: TLocationSettings;
}): number {
  return location.kind === 'workshop' ? 0 : 2 * (location.settings.transitDays ?? DEFAULT_TRANSIT_DAYS);
}
