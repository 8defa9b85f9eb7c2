import { ANTENNA_MESSAGE } from '@loupe/domain/registry/readers';
import { type TStation, ZCreateStationInputSchema } from '@loupe/domain/registry/stations';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { formErrorsFromZod } from '@/components/forms/zod-form-errors';

/** The station form as typed: the antenna is text until submitted. */
export type TStationFormValues = {
  readonly name: string;
  readonly antennaNumber: string;
  readonly jewelerName: string;
  readonly specialization: string;
  readonly status: string;
  readonly isActive: boolean;
};

export const STATION_FORM_FIELDS = [
  'name',
  'antennaNumber',
  'jewelerName',
  'specialization',
  'status',
  'isActive',
] as const;
export type TStationFormField = (typeof STATION_FORM_FIELDS)[number];
export type TStationFormErrors = TFormErrors<TStationFormField>;

export type TStationFormOutput = {
  name: string;
  antennaNumber: number;
  jewelerName: string | null;
  specialization: string | null;
  status: string | null;
  isActive: boolean;
};

/** Spec §3 defaults: antenna 1, active. */
export function emptyStationForm(): TStationFormValues {
  return { name: '', antennaNumber: '1', jewelerName: '', specialization: '', status: '', isActive: true };
}

export function stationFormValues(station: TStation): TStationFormValues {
  return {
    name: station.name,
    antennaNumber: String(station.antennaNumber),
    jewelerName: station.jewelerName ?? '',
    specialization: station.specialization ?? '',
    status: station.status ?? '',
    isActive: station.isActive,
  };
}

// '' is a missing antenna, not antenna 0: Number('') would read it as 0.
function toAntenna(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Checks the form with the server's rules (ZCreateStationInputSchema); blank optional fields are none. */
export function parseStationForm(
  values: TStationFormValues,
): TFormParseResult<TStationFormField, TStationFormOutput> {
  const candidate = {
    name: values.name,
    antennaNumber: toAntenna(values.antennaNumber),
    jewelerName: values.jewelerName.trim() || null,
    specialization: values.specialization.trim() || null,
    status: values.status.trim() || null,
    isActive: values.isActive,
  };
  const parsed = ZCreateStationInputSchema.safeParse(candidate);
  if (!parsed.success) {
    return {
      ok: false,
      errors: formErrorsFromZod(parsed.error, STATION_FORM_FIELDS, {
        name: 'Enter a station name',
        antennaNumber: ANTENNA_MESSAGE,
      }),
    };
  }
  return { ok: true, output: { ...candidate, name: parsed.data.name } };
}
