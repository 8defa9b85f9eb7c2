import {
  ANTENNA_MESSAGE,
  type TAntennaMapping,
  type TAntennaMappingInput,
  ZAntennaMappingInputSchema,
  ZAntennaNumberSchema,
} from '@loupe/domain/registry/readers';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';

/** The editor as chosen; the antenna is text, typed only when it was not picked from a row. */
export type TMappingFormValues = {
  readonly antenna: string;
  readonly isTagAssignment: boolean;
  readonly departmentId: string;
  readonly stationId: string;
};
export type TMappingFormField = keyof TMappingFormValues;
// The fields that show an error of their own; the switch cannot be wrong.
export const MAPPING_FORM_FIELDS = [
  'antenna',
  'departmentId',
  'stationId',
] as const satisfies readonly TMappingFormField[];
export type TMappingFormErrors = TFormErrors<TMappingFormField>;

export const DEPARTMENT_MESSAGE = 'Choose a department';
export const STATION_MESSAGE = 'Choose a station';

// The station branch of the PUT body's union, so that each missing choice gets its own message.
const ZStationMappingSchema = lazySchema(() => ZAntennaMappingInputSchema.unwrap().options[1]);

/** Starts from the antenna's mapping, as stored. */
export function mappingFormValues({
  antenna,
  mapping,
}: {
  antenna: number | null;
  mapping: TAntennaMapping | undefined;
}): TMappingFormValues {
  return {
    antenna: antenna === null ? '' : String(antenna),
    isTagAssignment: mapping?.isTagAssignment ?? false,
    departmentId: mapping?.departmentId ?? '',
    stationId: mapping?.stationId ?? '',
  };
}

type TListedDepartment = { readonly id: string; readonly stations: readonly { readonly id: string }[] };

/**
 * The choice as the editor shows and sends it: a department not listed (or not loaded yet) is left unchosen
 * with its station, a station its department no longer lists is left unchosen; each comes back once listed.
 */
export function withKnownStation(
  values: TMappingFormValues,
  departments: readonly TListedDepartment[] | undefined,
): TMappingFormValues {
  const { departmentId, stationId } = values;
  if (departmentId === '') return values;
  const department = departments?.find((candidate) => candidate.id === departmentId);
  if (!department) return { ...values, departmentId: '', stationId: '' };
  const isListed = stationId === '' || department.stations.some((station) => station.id === stationId);
  return isListed ? values : { ...values, stationId: '' };
}

export type TMappingFormOutput = { readonly antenna: number; readonly mapping: TAntennaMappingInput };

/** Checks the choice with the API's schema: the tag-assignment antenna, or a station of a department. */
export function parseMappingForm(
  values: TMappingFormValues,
): TFormParseResult<TMappingFormField, TMappingFormOutput> {
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
  return { ok: true, output: { antenna: antenna.data, mapping } };
}
