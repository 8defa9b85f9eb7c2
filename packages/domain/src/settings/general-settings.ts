import { z } from 'zod';
import { parseStoredValue } from '../storage/stored-value';
import { lazySchema } from '../validation/lazy-schema';

/** Browser storage key of the general (offsite) settings, spec §3. */
export const GENERAL_SETTINGS_STORAGE_KEY = 'generalSettings';

/** Spec §9 "Offsite defaults". */
export const OFFSITE_DEFAULTS = {
  offsiteTimeout: 30,
  expectedOffsiteGracePeriod: 60,
  autoOffsiteDetection: true,
  offsiteCheckInterval: 5,
} as const;

/**
 * Upper bounds in minutes. The spec gives none; these only stop a typo (or an attack) from
 * disabling detection in practice: an item gone a month is offsite whatever was typed.
 */
export const GENERAL_SETTINGS_LIMITS = {
  offsiteTimeout: 30 * 24 * 60,
  expectedOffsiteGracePeriod: 30 * 24 * 60,
  offsiteCheckInterval: 24 * 60,
} as const;

const minutes = (max: number) => z.number().int().positive().max(max);

const FIELDS = {
  offsiteTimeout: lazySchema(() => minutes(GENERAL_SETTINGS_LIMITS.offsiteTimeout)),
  expectedOffsiteGracePeriod: lazySchema(() => minutes(GENERAL_SETTINGS_LIMITS.expectedOffsiteGracePeriod)),
  autoOffsiteDetection: lazySchema(() => z.boolean()),
  offsiteCheckInterval: lazySchema(() => minutes(GENERAL_SETTINGS_LIMITS.offsiteCheckInterval)),
};

/** General settings (spec §3): durations in whole minutes; a missing field takes its §9 default. */
export const ZGeneralSettingsSchema = lazySchema(() =>
  z.object({
    offsiteTimeout: FIELDS.offsiteTimeout.default(OFFSITE_DEFAULTS.offsiteTimeout),
    expectedOffsiteGracePeriod: FIELDS.expectedOffsiteGracePeriod.default(
      OFFSITE_DEFAULTS.expectedOffsiteGracePeriod,
    ),
    autoOffsiteDetection: FIELDS.autoOffsiteDetection.default(OFFSITE_DEFAULTS.autoOffsiteDetection),
    offsiteCheckInterval: FIELDS.offsiteCheckInterval.default(OFFSITE_DEFAULTS.offsiteCheckInterval),
  }),
);
export type TGeneralSettings = z.output<typeof ZGeneralSettingsSchema>;

// Stored values fall back field by field (spec §5): one bad field must not throw away the others.
const ZStoredGeneralSettingsSchema = lazySchema(() =>
  z.object({
    offsiteTimeout: FIELDS.offsiteTimeout.catch(OFFSITE_DEFAULTS.offsiteTimeout),
    expectedOffsiteGracePeriod: FIELDS.expectedOffsiteGracePeriod.catch(
      OFFSITE_DEFAULTS.expectedOffsiteGracePeriod,
    ),
    autoOffsiteDetection: FIELDS.autoOffsiteDetection.catch(OFFSITE_DEFAULTS.autoOffsiteDetection),
    offsiteCheckInterval: FIELDS.offsiteCheckInterval.catch(OFFSITE_DEFAULTS.offsiteCheckInterval),
  }),
);

/** Reads the raw stored string; missing, unparsable or non-object values give the §9 defaults. */
export function parseStoredGeneralSettings(raw: string | null | undefined): TGeneralSettings {
  return parseStoredValue<TGeneralSettings>(ZStoredGeneralSettingsSchema, raw, { ...OFFSITE_DEFAULTS });
}
