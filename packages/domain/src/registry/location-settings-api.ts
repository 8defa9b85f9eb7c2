import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { ZWorkingCalendarSchema } from '../workflow/working-calendar';
import { ZLocationSettingsSchema } from './location-settings';

/**
 * GET/PUT /locations/{id}/settings (issue 39 §3): what the location sets itself, and the workshop's values
 * that every field it leaves out takes (so Settings › Locations can say what "Same as the workshop" is).
 */
export const ZLocationSettingsViewSchema = lazySchema(() =>
  z.object({
    locationId: z.string(),
    kind: z.string(),
    settings: ZLocationSettingsSchema,
    workshop: z.object({
      calendar: ZWorkingCalendarSchema,
      offsiteTimeoutMinutes: z.number().int(),
    }),
  }),
);
export type TLocationSettingsView = z.infer<typeof ZLocationSettingsViewSchema>;

export const LOCATION_SETTINGS_MESSAGES = { saved: 'Location settings saved.' } as const;
