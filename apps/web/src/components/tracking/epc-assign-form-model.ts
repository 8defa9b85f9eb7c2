import { EPC_FAILURE_MESSAGES, normalizeEpc } from '@loupe/domain/rfid/epc';
import type { TFormParseResult } from '@/components/forms/use-form-state';

/** The EPC as typed or scanned, in any reader spelling. */
export type TEpcAssignFormValues = { epc: string };
export type TEpcAssignField = keyof TEpcAssignFormValues;
export const EPC_ASSIGN_FIELDS = ['epc'] as const satisfies readonly TEpcAssignField[];

export function emptyEpcAssignForm(): TEpcAssignFormValues {
  return { epc: '' };
}

/** The EPC normalized with the domain's rule ('e2 80-11 60' → 'E2801160'), or why it is not one. */
export function parseEpcAssignForm(values: TEpcAssignFormValues): TFormParseResult<TEpcAssignField, string> {
  const result = normalizeEpc(values.epc);
  return result.ok
    ? { ok: true, output: result.epc }
    : { ok: false, errors: { epc: EPC_FAILURE_MESSAGES[result.reason] } };
}
