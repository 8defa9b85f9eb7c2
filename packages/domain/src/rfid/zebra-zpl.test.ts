import { describe, expect, it } from 'vitest';
import { pcWordFor, zebraEnvelopeZpl, zplEpcWrite } from './zebra-zpl';

describe('the Zebra RFID label', () => {
  it('gives the PC word the EPC’s length in words', () => {
    expect(pcWordFor(6)).toBe('3000');
    expect(pcWordFor(8)).toBe('4000');
  });

  it('writes a 96-bit EPC as 6 words, 12 bytes from word 2 of the EPC bank', () => {
    expect(zplEpcWrite('e2 80 11 60 00 00 00 00 00 00 00 42')).toBe(
      '^RFW,H,1,2,1^FD3000^FS\n^RFW,H,2,12,1^FDE28011600000000000000042^FS',
    );
  });

  it('writes a 128-bit EPC as 8 words', () => {
    expect(zplEpcWrite('3034257BF7194E4000001A85ABCD0001')).toContain(
      '^RFW,H,2,16,1^FD3034257BF7194E4000001A85ABCD0001^FS',
    );
    expect(zplEpcWrite('3034257BF7194E4000001A85ABCD0001')).toContain('^FD4000^FS');
  });

  it('refuses what is not an EPC', () => {
    expect(() => zplEpcWrite('E28')).toThrow(/not-whole-words/);
    expect(() => zplEpcWrite('XYZ1')).toThrow(/not-hex/);
  });

  it('is one format: the tag written, then the number, customer, EPC and a QR code', () => {
    const zpl = zebraEnvelopeZpl({
      number: 'REP-00042',
      customerName: 'Ada ^Lovelace~',
      epc: 'E28011600000000000000042',
      qrValue: '{"n":"REP-00042"}',
    });
    const lines = zpl.trimEnd().split('\n');
    expect(lines[0]).toBe('^XA');
    expect(lines.at(-1)).toBe('^XZ');
    expect(lines.filter((line) => line === '^XA')).toHaveLength(1);
    expect(zpl.indexOf('^RFW')).toBeLessThan(zpl.indexOf('^FO'));
    expect(zpl).toContain('^FDREP-00042^FS');
    expect(zpl).toContain('^FDAda Lovelace^FS');
    expect(zpl).toContain('^FDEPC E28011600000000000000042^FS');
    expect(zpl).toMatch(/\^BQN,2,5\^FDMA,\{"n":"REP-00042"\}\^FS/);
    // Every field opened is closed.
    expect(zpl.match(/\^FD/g)?.length).toBe(zpl.match(/\^FS/g)?.length);
  });

  it('prints without encoding when the job has no tag', () => {
    expect(zebraEnvelopeZpl({ number: 'ORD-1', customerName: 'A', epc: null, qrValue: 'x' })).not.toContain(
      '^RFW',
    );
  });
});
