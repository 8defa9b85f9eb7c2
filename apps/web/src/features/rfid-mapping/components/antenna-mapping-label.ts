import type { TAntennaMapping } from '@loupe/domain/registry/readers';

// What an antenna does, in the words of the RFID mapping screen and Settings › RFID simulator.
export const TAG_ASSIGNMENT_LABEL = 'Tag assignment';
export const NOT_MAPPED_LABEL = 'Not mapped';
/** A mapping whose department or station was deleted: the server counts its reads as unmapped. */
export const STATION_GONE_LABEL = 'Station deleted: not mapped';

/** What an antenna does, in words: 'Casting - Bench 1', 'Tag assignment' or 'Not mapped'. */
export function mappingLabel(mapping: TAntennaMapping | undefined): string {
  if (!mapping) return NOT_MAPPED_LABEL;
  if (mapping.isTagAssignment) return TAG_ASSIGNMENT_LABEL;
  if (mapping.departmentId === null || mapping.stationId === null) return STATION_GONE_LABEL;
  return `${mapping.departmentName ?? mapping.departmentId} - ${mapping.stationName ?? mapping.stationId}`;
}
