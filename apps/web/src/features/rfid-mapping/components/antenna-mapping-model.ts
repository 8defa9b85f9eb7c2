import {
  ANTENNA_MESSAGE,
  type TAntennaMapping,
  type TAntennaMappingInput,
  ZAntennaMappingInputSchema,
  ZAntennaNumberSchema,
} from '@loupe/domain/registry/readers';
import type { TFormErrors } from '@/components/forms/form-issues';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';

export const MAPPING_FORM_FIELDS = ['antenna', 'isTagAssignment', 'departmentId', 'stationId'] as const;
export type TMappingFormField = (typeof MAPPING_FORM_FIELDS)[number];
export type TMappingFormErrors = TFormErrors<TMappingFormField>;

/** The editor as chosen; the antenna is text, typed only when it was not picked from a row. */
export type TMappingFormValues = {
  readonly antenna: string;
  readonly isTagAssignment: boolean;
  readonly departmentId: string;
  readonly stationId: string;
};

export const DEPARTMENT_MESSAGE = 'Choose a department';
export const STATION_MESSAGE = 'Choose a station';

// The station branch of the PUT body's union, so that each missing choice gets its own message.
const ZStationMappingSchema = ZAntennaMappingInputSchema.options[1];

/** Starts from the antenna's mapping; a department or station no longer listed is left unchosen. */
export function mappingFormValues({
  antenna,
  mapping,
  isKnownStation,
}: {
  antenna: number | null;
  mapping: TAntennaMapping | undefined;
  isKnownStation: (departmentId: string, stationId: string) => boolean;
}): TMappingFormValues {
  const departmentId = mapping?.departmentId ?? '';
  const stationId = mapping?.stationId ?? '';
  const isKnown = departmentId !== '' && stationId !== '' && isKnownStation(departmentId, stationId);
  return {
    antenna: antenna === null ? '' : String(antenna),
    isTagAssignment: mapping?.isTagAssignment ?? false,
    departmentId: isKnown ? departmentId : '',
    stationId: isKnown ? stationId : '',
  };
}

export type TMappingFormResult =
  | { readonly ok: true; readonly antenna: number; readonly mapping: TAntennaMappingInput }
  | { readonly ok: false; readonly errors: TMappingFormErrors };

/** Checks the choice with the API's schema: the tag-assignment antenna, or a station of a department. */
export function parseMappingForm(values: TMappingFormValues): TMappingFormResult {
  const errors: TMappingFormErrors = {};
  const antenna = ZAntennaNumberSchema.safeParse(values.antenna.trim() === '' ? Number.NaN : values.antenna);
  if (!antenna.success) errors.antenna = ANTENNA_MESSAGE;

  let mapping: TAntennaMappingInput | null = null;
  if (values.isTagAssignment) {
    mapping = { isTagAssignment: true };
  } else {
    const parsed = ZStationMappingSchema.safeParse({
      departmentId: values.departmentId,
      stationId: values.stationId,
    });
    if (parsed.success) mapping = parsed.data;
    else {
      Object.assign(
        errors,
        formErrorsFromZod(parsed.error, MAPPING_FORM_FIELDS, {
          departmentId: DEPARTMENT_MESSAGE,
          stationId: STATION_MESSAGE,
        }),
      );
    }
  }
  if (!antenna.success || mapping === null) return { ok: false, errors };
  return { ok: true, antenna: antenna.data, mapping };
}
