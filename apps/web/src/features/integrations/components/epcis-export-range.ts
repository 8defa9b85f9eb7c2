import { addDays } from '@loupe/domain/analytics/statistics';
import type { TEpcisExportQuery } from '@loupe/domain/integrations/epcis';
import { instantOf } from '@loupe/domain/workflow/working-calendar';

/** The days an export covers, as typed (YYYY-MM-DD, both included). */
export type TEpcisExportDays = { readonly from: string; readonly to: string };

export const EPCIS_EXPORT_DAYS_MESSAGE = 'Choose a first day no later than the last day';

/**
 * The export's time range for whole workshop days: from the first day's midnight (included) to the midnight
 * after the last day (excluded), in the workshop's time zone. Null when the days are missing or reversed.
 */
export function epcisExportRange(days: TEpcisExportDays, timeZone: string): TEpcisExportQuery | null {
  if (days.from === '' || days.to === '' || days.from > days.to) return null;
  return {
    from: instantOf(days.from, 0, timeZone).toISOString(),
    to: instantOf(addDays(days.to, 1), 0, timeZone).toISOString(),
  };
}

/** The file the browser saves, named by the days it holds. */
export function epcisExportFileName(days: TEpcisExportDays): string {
  return `loupe-epcis-${days.from}_${days.to}.jsonld`;
}
