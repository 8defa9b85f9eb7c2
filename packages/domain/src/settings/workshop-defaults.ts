import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { OFFSITE_DEFAULTS, type TGeneralSettings, ZGeneralSettingsSchema } from './general-settings';
import { ORDER_SETTINGS_DEFAULTS, type TOrderSettings, ZOrderSettingsSchema } from './order-settings';
import { ZWorkshopLocaleSchema } from './workshop-locale';

/**
 * GET /settings/workshop-defaults: what the screens of every signed-in user need from Settings › general and
 * Settings › orders — number prefixes, lead times for a default promised date, the offsite timings — without
 * the sections themselves, which spec §6 gives to admins and managers (issue 20 §5). No branding here: the
 * shell reads it from GET /api/config.
 */
export const ZWorkshopDefaultsSchema = lazySchema(() =>
  z.object({
    ...ZOrderSettingsSchema.unwrap().shape,
    ...ZGeneralSettingsSchema.unwrap().shape,
    // How dates and figures read on every screen (issue 35 §5); missing means WORKSHOP_LOCALE_DEFAULT.
    locale: ZWorkshopLocaleSchema.optional(),
  }),
);
export type TWorkshopDefaults = z.output<typeof ZWorkshopDefaultsSchema>;

/** What a workshop that saved nothing answers. */
export const WORKSHOP_DEFAULTS: TWorkshopDefaults = { ...ORDER_SETTINGS_DEFAULTS, ...OFFSITE_DEFAULTS };

/** The defaults from the two stored sections, field by field (nothing else of either section leaks). */
export function workshopDefaultsOf(
  orders: TOrderSettings,
  general: TGeneralSettings & { readonly locale?: string | undefined },
): TWorkshopDefaults {
  const defaults: TWorkshopDefaults = {
    orderNumberPrefix: orders.orderNumberPrefix,
    repairNumberPrefix: orders.repairNumberPrefix,
    defaultLeadTimeDays: orders.defaultLeadTimeDays,
    rushLeadTimeDays: orders.rushLeadTimeDays,
    repairLeadTimeDays: orders.repairLeadTimeDays,
    offsiteTimeout: general.offsiteTimeout,
    expectedOffsiteGracePeriod: general.expectedOffsiteGracePeriod,
    autoOffsiteDetection: general.autoOffsiteDetection,
    offsiteCheckInterval: general.offsiteCheckInterval,
  };
  if (general.locale !== undefined) defaults.locale = general.locale;
  return defaults;
}
