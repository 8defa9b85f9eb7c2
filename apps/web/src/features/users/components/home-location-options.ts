import { useLocations } from '@/lib/registry-api/get-locations';

/** Select items cannot carry null: this value stands for "every location" (no home location). */
export const ALL_LOCATIONS = 'all';

export const HOME_LOCATION_LABEL = 'Home location';

/** "All locations" and every location by name: where someone works (issue 39), their lists start there. */
export function useHomeLocationOptions(current: string | null) {
  const locations = useLocations().data?.items ?? [];
  const options = [
    { value: ALL_LOCATIONS, label: 'All locations' },
    ...locations.map((location) => ({ value: location.id, label: location.name })),
  ];
  if (current !== null && !locations.some((location) => location.id === current)) {
    options.push({ value: current, label: current });
  }
  return options;
}

export const homeLocationValue = (id: string | null) => id ?? ALL_LOCATIONS;
export const homeLocationIdOf = (value: string) => (value === ALL_LOCATIONS ? null : value);
