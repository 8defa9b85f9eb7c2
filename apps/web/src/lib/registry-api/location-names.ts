import type { TLocation } from '@loupe/domain/registry/locations';

/**
 * An outside vendor (issue 39): the location list carries `kind` once the transfers change adds it to
 * ZLocationSchema; until then no location reads as a vendor here, and the server still refuses one.
 */
export function isVendorLocation(location: TLocation): boolean {
  return (location as TLocation & { readonly kind?: unknown }).kind === 'vendor';
}

/** A location's name by id; the id itself while the list loads or when it is not there. */
export function locationNameOf(locations: readonly TLocation[] | undefined, id: string): string {
  return locations?.find((location) => location.id === id)?.name ?? id;
}

/**
 * The choices of a job's intake and pickup selects: every location but outside vendors, plus any id already
 * chosen that the list does not (yet) hold, so a select never shows blank.
 */
export function jobLocationOptions(
  locations: readonly TLocation[] | undefined,
  chosen: readonly string[],
): { value: string; label: string }[] {
  const options = (locations ?? [])
    .filter((location) => !isVendorLocation(location))
    .map((location) => ({ value: location.id, label: location.name }));
  for (const id of chosen) {
    if (id !== '' && !options.some((option) => option.value === id)) options.push({ value: id, label: id });
  }
  return options;
}
