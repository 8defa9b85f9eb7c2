import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customerFirstName,
  formatPairingCode,
  isPairingCode,
  normalizePairingCode,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  ZClaimTvDisplaySchema,
  ZUpdateTvDisplaySchema,
} from './tv-displays';

const codeArbitrary = fc
  .array(fc.constantFrom(...PAIRING_CODE_ALPHABET), {
    minLength: PAIRING_CODE_LENGTH,
    maxLength: PAIRING_CODE_LENGTH,
  })
  .map((chars) => chars.join(''));

describe('pairing codes', () => {
  it('forgive case, spaces and the dash people type', () => {
    expect(normalizePairingCode(' acd-efg ')).toBe('ACDEFG');
    expect(isPairingCode('acd efg')).toBe(true);
    expect(formatPairingCode('acdefg')).toBe('ACD-EFG');
  });

  it('refuse characters a TV never shows, and the wrong length', () => {
    expect(isPairingCode('ACDEF0')).toBe(false); // 0 reads as O
    expect(isPairingCode('ACDEF')).toBe(false);
    expect(isPairingCode('ACDEFGH')).toBe(false);
  });

  it('round-trip through their displayed form', () => {
    fc.assert(
      fc.property(codeArbitrary, (code) => {
        expect(isPairingCode(formatPairingCode(code))).toBe(true);
        expect(normalizePairingCode(formatPairingCode(code))).toBe(code);
      }),
    );
  });

  it('has no two characters that look alike across a room', () => {
    for (const lookalike of ['0', 'O', '1', 'I', 'L', '5', 'S', '2', 'Z', '8', 'B']) {
      expect(PAIRING_CODE_ALPHABET).not.toContain(lookalike);
    }
  });
});

describe('claiming a display', () => {
  it('needs a valid code, a name and a station, with messages staff understand', () => {
    const result = ZClaimTvDisplaySchema.safeParse({ code: 'nope', name: '  ', stationId: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('Enter the six-character code the TV shows');
    expect(messages).toContain('Name the display, e.g. "Bench 3 TV"');
    expect(messages).toContain('Choose the station this TV hangs at');
  });

  it('keeps the code in its stored form', () => {
    expect(
      ZClaimTvDisplaySchema.parse({ code: 'acd-efg', name: ' Bench 3 TV ', stationId: 'STATION1' }),
    ).toEqual({ code: 'ACDEFG', name: 'Bench 3 TV', stationId: 'STATION1' });
  });

  it('refuses a change that changes nothing', () => {
    expect(ZUpdateTvDisplaySchema.safeParse({}).success).toBe(false);
    expect(ZUpdateTvDisplaySchema.safeParse({ name: 'Wheel TV' }).success).toBe(true);
  });
});

describe('the customer on a TV', () => {
  it('is the first name only', () => {
    expect(customerFirstName('Abigail Foster')).toBe('Abigail');
    expect(customerFirstName('  Mary Ann  Smith ')).toBe('Mary');
    expect(customerFirstName('')).toBe('');
  });

  it('never shows an e-mail used as a name', () => {
    expect(customerFirstName('abigail@example.com')).toBe('');
  });
});
