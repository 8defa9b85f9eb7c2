import {
  LLRP_DEFAULT_PORT,
  LLRP_DEFAULT_SESSION,
  LLRP_MESSAGES,
  LLRP_REPORT_EVERY_MS_DEFAULT,
  LLRP_TX_POWER_DEFAULT_DBM,
  LLRP_TX_POWER_MAX_DBM,
  type TLlrpSearchMode,
  type TLlrpSettings,
  type TLlrpTestInput,
  ZLlrpSettingsSchema,
  ZLlrpTestInputSchema,
} from '@loupe/domain/registry/llrp';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult, TFormState } from '@/components/forms/use-form-state';
import { firstIssuePerField, type TFormIssue } from '@/components/forms/zod-form-errors';

export const LLRP_SETTINGS_FIELDS = [
  'host',
  'port',
  'useTls',
  'antennas',
  'session',
  'searchMode',
  'reportEveryMs',
] as const;
export type TLlrpSettingsField = (typeof LLRP_SETTINGS_FIELDS)[number];

/** One antenna's row: its power as typed, so a half-typed number is kept until the form is checked. */
export type TLlrpAntennaValues = {
  readonly antenna: number;
  readonly enabled: boolean;
  readonly txPowerDbm: string;
};

/** The sentinel of "no search mode" (Radix items cannot have '' as a value): the reader chooses. */
export const NO_SEARCH_MODE = 'none';

export type TLlrpSettingsValues = {
  readonly host: string;
  readonly port: string;
  readonly useTls: boolean;
  readonly antennas: readonly TLlrpAntennaValues[];
  readonly session: string;
  readonly searchMode: TLlrpSearchMode | typeof NO_SEARCH_MODE;
  readonly reportEveryMs: string;
};

/** The LLRP part of a form, in the add-reader dialog and in the LLRP settings dialog alike. */
export type TLlrpForm = Pick<
  TFormState<TLlrpSettingsField, TLlrpSettingsValues>,
  'values' | 'errors' | 'setValue' | 'field' | 'setErrors'
>;

export const LLRP_ANTENNAS_MISSING = 'Test the connection to list the reader’s antennas';

export function emptyLlrpSettingsValues(): TLlrpSettingsValues {
  return {
    host: '',
    port: String(LLRP_DEFAULT_PORT),
    useTls: false,
    antennas: [],
    session: String(LLRP_DEFAULT_SESSION),
    searchMode: NO_SEARCH_MODE,
    reportEveryMs: String(LLRP_REPORT_EVERY_MS_DEFAULT),
  };
}

/** The form's values for saved settings, or an empty form when none were saved yet. */
export function llrpSettingsValues(settings: TLlrpSettings | null): TLlrpSettingsValues {
  if (!settings) return emptyLlrpSettingsValues();
  return {
    host: settings.host,
    port: String(settings.port),
    useTls: settings.useTls,
    antennas: settings.antennas.map((antenna) => ({ ...antenna, txPowerDbm: String(antenna.txPowerDbm) })),
    session: String(settings.session),
    searchMode: settings.searchMode ?? NO_SEARCH_MODE,
    reportEveryMs: String(settings.reportEveryMs),
  };
}

/**
 * The antenna rows for a reader that reports `antennaCount` antennas: the rows already there are kept, new
 * ones are enabled at the default power (or the reader's maximum, when that is lower).
 */
export function antennasForCount(
  current: readonly TLlrpAntennaValues[],
  antennaCount: number,
  maxTxPowerDbm?: number,
): TLlrpAntennaValues[] {
  const power = Math.min(LLRP_TX_POWER_DEFAULT_DBM, maxTxPowerDbm ?? LLRP_TX_POWER_MAX_DBM);
  return Array.from({ length: antennaCount }, (_, index) => {
    const antenna = index + 1;
    return (
      current.find((row) => row.antenna === antenna) ?? { antenna, enabled: true, txPowerDbm: String(power) }
    );
  });
}

/** '' stays '' (so the schema says the field is missing); anything else is read as a number. */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** An antenna's issue names the antenna: the rows share one error line under the table. */
function messageOf(values: TLlrpSettingsValues) {
  return (field: TLlrpSettingsField, issue: TFormIssue): string => {
    if (field === 'host') return LLRP_MESSAGES.host;
    if (field === 'port') return LLRP_MESSAGES.port;
    if (field !== 'antennas') return issue.message;
    const row = typeof issue.path[1] === 'number' ? values.antennas[issue.path[1]] : undefined;
    const message = issue.path[2] === 'txPowerDbm' ? LLRP_MESSAGES.txPower : issue.message;
    return row ? `Antenna ${row.antenna}: ${message}` : message;
  };
}

function parsed<TOutput>(
  values: TLlrpSettingsValues,
  result: { success: true; data: TOutput } | { success: false; error: { issues: readonly TFormIssue[] } },
): TFormParseResult<TLlrpSettingsField, TOutput> {
  if (result.success) return { ok: true, output: result.data };
  return {
    ok: false,
    errors: firstIssuePerField(result.error.issues, LLRP_SETTINGS_FIELDS, messageOf(values)),
  };
}

/** Where the reader is, checked with the API's own schema: what "Test connection" sends. */
export function parseLlrpEndpoint(
  values: TLlrpSettingsValues,
): TFormParseResult<TLlrpSettingsField, TLlrpTestInput> {
  return parsed(
    values,
    ZLlrpTestInputSchema.safeParse({ host: values.host, port: numberOf(values.port), useTls: values.useTls }),
  );
}

/** The whole settings, checked with the API's own schema: what a save sends. */
export function parseLlrpSettings(
  values: TLlrpSettingsValues,
): TFormParseResult<TLlrpSettingsField, TLlrpSettings> {
  if (values.antennas.length === 0) {
    const endpoint = parseLlrpEndpoint(values);
    const errors: TFormErrors<TLlrpSettingsField> = endpoint.ok ? {} : { ...endpoint.errors };
    return { ok: false, errors: { ...errors, antennas: LLRP_ANTENNAS_MISSING } };
  }
  return parsed(
    values,
    ZLlrpSettingsSchema.safeParse({
      host: values.host,
      port: numberOf(values.port),
      useTls: values.useTls,
      antennas: values.antennas.map((row) => ({ ...row, txPowerDbm: numberOf(row.txPowerDbm) })),
      session: Number(values.session),
      ...(values.searchMode === NO_SEARCH_MODE ? {} : { searchMode: values.searchMode }),
      reportEveryMs: numberOf(values.reportEveryMs),
    }),
  );
}
