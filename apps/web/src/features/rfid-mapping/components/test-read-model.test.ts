import { ANTENNA_MESSAGE } from '@loupe/domain/registry/readers';
import { EPC_FAILURE_MESSAGES } from '@loupe/domain/rfid/epc';
import { describe, expect, it } from 'vitest';
import { makeReader } from '@/test/factories';
import { emptyTestRead, parseTestRead, READER_MESSAGE } from './test-read-model';

describe('the test read form', () => {
  it('starts at the first reader and its first antenna, with no EPC', () => {
    expect(emptyTestRead([makeReader({ id: 'R1', name: 'Bench reader' })])).toEqual({
      readerId: 'R1',
      antenna: '1',
      epc: '',
    });
    expect(emptyTestRead([])).toEqual({ readerId: '', antenna: '', epc: '' });
  });

  it('sends the reader, the antenna as a number and the EPC in its one spelling', () => {
    expect(parseTestRead({ readerId: ' R1 ', antenna: '3', epc: 'e280 1160 6000 0208' })).toEqual({
      ok: true,
      output: { readerId: 'R1', antenna: 3, epc: 'E280116060000208' },
    });
  });

  it('says what is wrong under each field', () => {
    expect(parseTestRead({ readerId: '', antenna: '0', epc: '' })).toEqual({
      ok: false,
      errors: { readerId: READER_MESSAGE, antenna: ANTENNA_MESSAGE, epc: EPC_FAILURE_MESSAGES.empty },
    });
  });
});
