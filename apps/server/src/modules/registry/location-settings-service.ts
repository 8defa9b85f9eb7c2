import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import {
  effectiveLocationSettings,
  storedLocationSettings,
  type TEffectiveLocationSettings,
  type TWorkshopLocationDefaults,
} from '@loupe/domain/registry/effective-location-settings';
import type { TLocationSettings } from '@loupe/domain/registry/location-settings';
import type { TLocationSettingsView } from '@loupe/domain/registry/location-settings-api';
import type { TClock } from '../../lib/clock.ts';
import type { TLocationSettingsRepository } from './location-settings-repository.ts';
import { assertMayManageRegistry } from './service.ts';

export type TLocationSettingsServiceOptions = {
  readonly repository: TLocationSettingsRepository;
  readonly clock: TClock;
  /** The workshop's values (its working calendar, Settings › general's offsiteTimeout), read when needed. */
  readonly workshop: () => Promise<TWorkshopLocationDefaults>;
};

function noLocation(id: string): AppError {
  return new AppError('NOT_FOUND', `There is no location ${id}.`);
}

/** Drops the fields left out, so the stored object holds only what the location sets itself. */
function storable(settings: TLocationSettings): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined && value !== ''),
  );
}

/**
 * Per-location rules (issue 39 §3): what a location sets itself, read by everyone signed in and set by admins
 * and managers like the rest of the registry; and the effective values the other modules apply.
 */
export function createLocationSettingsService(options: TLocationSettingsServiceOptions) {
  const { repository, clock, workshop } = options;

  async function view(id: string): Promise<TLocationSettingsView> {
    const row = await repository.find(id);
    if (!row) throw noLocation(id);
    const defaults = await workshop();
    return {
      locationId: row.id,
      kind: row.kind,
      settings: storedLocationSettings(row.settings),
      workshop: { calendar: defaults.calendar, offsiteTimeoutMinutes: defaults.offsiteTimeoutMinutes },
    };
  }

  return {
    get: (_actor: TActor, id: string) => view(id),

    /** Replaces the location's settings: a field left out goes back to the workshop's. */
    async update(actor: TActor, id: string, settings: TLocationSettings): Promise<TLocationSettingsView> {
      assertMayManageRegistry(actor);
      if (!(await repository.save(id, storable(settings), clock()))) throw noLocation(id);
      return view(id);
    },

    /** A location's rules as they apply; undefined when there is no such location. */
    async effective(
      id: string,
    ): Promise<(TEffectiveLocationSettings & { kind: string; own: TLocationSettings }) | undefined> {
      const row = await repository.find(id);
      if (!row) return undefined;
      const own = storedLocationSettings(row.settings);
      return { ...effectiveLocationSettings(own, await workshop()), kind: row.kind, own };
    },

    /** The stations whose location sets its own offsite timeout, with that timeout in minutes. */
    async offsiteTimeoutsByStation(): Promise<ReadonlyMap<string, number>> {
      const timeouts = new Map<string, number>();
      for (const { stationId, settings } of await repository.stationSettings()) {
        const minutes = storedLocationSettings(settings).offsiteTimeoutMinutes;
        if (minutes !== undefined) timeouts.set(stationId, minutes);
      }
      return timeouts;
    },

    homeLocationOf: (userId: string) => repository.homeLocationOf(userId),
  };
}

export type TLocationSettingsService = ReturnType<typeof createLocationSettingsService>;
