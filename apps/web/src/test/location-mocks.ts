import type { TLocationSettings } from '@loupe/domain/registry/location-settings';
import { WORKING_CALENDAR_DEFAULTS } from '@loupe/domain/workflow/working-calendar';
import { envelope, page } from './api-mocks';
import { makeLocation } from './factories';

/** The workshop, a store two transit days away and an outside vendor (issue 39). */
export const WORKSHOP = { ...makeLocation({ id: 'LOC001', name: 'Main Workshop' }), kind: 'workshop' };
export const STORE = { ...makeLocation({ id: 'LOC002', name: 'Downtown Store' }), kind: 'store' };
export const VENDOR = { ...makeLocation({ id: 'LOC003', name: 'Casting House' }), kind: 'vendor' };

export function locationSettingsView(
  location: { id: string; kind: string },
  settings: TLocationSettings = {},
) {
  return envelope({
    locationId: location.id,
    kind: location.kind,
    settings,
    workshop: { calendar: WORKING_CALENDAR_DEFAULTS, offsiteTimeoutMinutes: 30 },
  });
}

/** mockGet answers for the locations, their settings (the store: 2 transit days) and the workshop calendar. */
export function locationAnswers(): Record<string, unknown> {
  return {
    locations: page([WORKSHOP, STORE, VENDOR]),
    [`locations/${WORKSHOP.id}/settings`]: locationSettingsView(WORKSHOP),
    [`locations/${STORE.id}/settings`]: locationSettingsView(STORE, { transitDays: 2 }),
    'workflow/calendar': envelope(WORKING_CALENDAR_DEFAULTS),
  };
}
