import { locationLabel } from '@loupe/domain/tracking/location-history';
import type { TTrackedItemSummary } from '@loupe/domain/tracking/tracking-api';
import type { TTrackingStatus } from '@loupe/domain/tracking/tracking-status';

export const TRACKING_STATUS_LABELS: Readonly<Record<TTrackingStatus, string>> = {
  active: 'Active',
  offsite: 'Offsite',
  returned: 'Returned',
};

/** What an order or repair without a tag shows where its location would be. */
export const NOT_TAGGED = 'Not tagged';
/** A tag that no reader has seen yet. */
export const NOT_SEEN_YET = 'Not seen by a reader yet';

/** Where a tagged item is, as spec §3 writes it ('department - station'), or why that is unknown. */
export function currentLocationText(tracking: TTrackedItemSummary | null): string {
  if (tracking === null) return NOT_TAGGED;
  if (tracking.departmentName === null) return NOT_SEEN_YET;
  return tracking.stationName === null
    ? tracking.departmentName
    : locationLabel(tracking.departmentName, tracking.stationName);
}
