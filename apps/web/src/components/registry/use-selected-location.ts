import { DEFAULT_LOCATION_ID } from '@loupe/domain/registry/departments';
import type { TLocation } from '@loupe/domain/registry/locations';
import { useCallback, useState } from 'react';

/** Where the last location picked on the departments screens is remembered, per browser. */
export const SELECTED_LOCATION_STORAGE_KEY = 'loupe:departments:location';

function readStoredLocation(): string | null {
  try {
    return window.localStorage.getItem(SELECTED_LOCATION_STORAGE_KEY);
  } catch (error) {
    // Storage can be blocked (private mode, policies); the default location is used (spec §5).
    console.warn(`Could not read localStorage key '${SELECTED_LOCATION_STORAGE_KEY}'`, error);
    return null;
  }
}

function storeLocation(id: string): void {
  try {
    window.localStorage.setItem(SELECTED_LOCATION_STORAGE_KEY, id);
  } catch (error) {
    console.warn(`Could not save localStorage key '${SELECTED_LOCATION_STORAGE_KEY}'`, error);
  }
}

/**
 * The location whose departments are shown: the last one picked in this browser, else LOC001 (spec §9). A
 * remembered location that no longer exists gives way to LOC001, or the first location when LOC001 is gone.
 */
export function useSelectedLocation(locations: readonly TLocation[] | undefined) {
  const [wanted, setWanted] = useState<string>(() => readStoredLocation() ?? DEFAULT_LOCATION_ID);

  const select = useCallback((id: string) => {
    setWanted(id);
    storeLocation(id);
  }, []);

  let selectedId = wanted;
  if (locations && !locations.some((location) => location.id === wanted)) {
    selectedId = locations.some((location) => location.id === DEFAULT_LOCATION_ID)
      ? DEFAULT_LOCATION_ID
      : (locations[0]?.id ?? DEFAULT_LOCATION_ID);
  }
  return { selectedId, select } as const;
}
