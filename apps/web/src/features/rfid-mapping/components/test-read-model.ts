import { ANTENNA_MESSAGE, type TReader, ZAntennaNumberSchema } from '@loupe/domain/registry/readers';
import { EPC_FAILURE_MESSAGES, normalizeEpc } from '@loupe/domain/rfid/epc';
import type { TFormErrors } from '@/components/forms/form-issues';
import type { TFormParseResult } from '@/components/forms/use-form-state';
import { antennaChoices } from './rfid-simulator-model';

export const READER_MESSAGE = 'Choose a reader';

/** The test read as typed: the antenna is text until sent, the EPC in any reader spelling. */
export type TTestReadValues = { readonly readerId: string; readonly antenna: string; readonly epc: string };
export const TEST_READ_FIELDS = ['readerId', 'antenna', 'epc'] as const;
export type TTestReadField = (typeof TEST_READ_FIELDS)[number];

/** The first reader and its first antenna, and no EPC yet. */
export function emptyTestRead(readers: readonly TReader[]): TTestReadValues {
  const first = readers[0];
  return {
    readerId: first?.id ?? '',
    antenna: first ? String(antennaChoices(first)[0]?.antenna ?? '') : '',
    epc: '',
  };
}

/** The read to send (`rfid:test-scan`), or an error under each field that is not right. */
export function parseTestRead(
  values: TTestReadValues,
): TFormParseResult<TTestReadField, { readerId: string; antenna: number; epc: string }> {
  const errors: TFormErrors<TTestReadField> = {};
  const readerId = values.readerId.trim();
  if (readerId === '') errors.readerId = READER_MESSAGE;
  const antenna = ZAntennaNumberSchema.safeParse(values.antenna.trim() === '' ? Number.NaN : values.antenna);
  if (!antenna.success) errors.antenna = ANTENNA_MESSAGE;
  const epc = normalizeEpc(values.epc);
  if (!epc.ok) errors.epc = EPC_FAILURE_MESSAGES[epc.reason];
  if (readerId === '' || !antenna.success || !epc.ok) return { ok: false, errors };
  return { ok: true, output: { readerId, antenna: antenna.data, epc: epc.epc } };
}
