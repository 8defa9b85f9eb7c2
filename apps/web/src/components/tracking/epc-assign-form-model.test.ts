import { EPC_FAILURE_MESSAGES } from '@loupe/domain/rfid/epc';
import { describe, expect, it } from 'vitest';
import { emptyEpcAssignForm, parseEpcAssignForm } from './epc-assign-form-model';

describe('parseEpcAssignForm', () => {
  it.each(['e2 80 11 60', 'E2-80-11-60', '0xe2801160', ' E2:80:11:60 '])(
    'normalizes the reader spelling %j',
    (epc) => {
      expect(parseEpcAssignForm({ epc })).toEqual({ ok: true, output: 'E2801160' });
    },
  );

  it.each([
    ['', EPC_FAILURE_MESSAGES.empty],
    ['XYZ1', EPC_FAILURE_MESSAGES['not-hex']],
    ['E28', EPC_FAILURE_MESSAGES['not-whole-words']],
  ])('refuses %j with the domain’s reason, under the field', (epc, message) => {
    expect(parseEpcAssignForm({ ...emptyEpcAssignForm(), epc })).toEqual({
      ok: false,
      errors: { epc: message },
    });
  });
});
