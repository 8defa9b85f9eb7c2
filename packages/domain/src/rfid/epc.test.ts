import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EPC_FAILURE_MESSAGES,
  epcFromBase64,
  isNormalizedEpc,
  normalizeEpc,
  ZEpcSchema,
  ZNormalizedEpcSchema,
} from './epc';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// A reference encoder for the round-trip property (the domain has no Buffer/btoa in its types).
function toBase64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = bytes.slice(i, i + 3);
    const n = (a << 16) | (b << 8) | c;
    const left = bytes.length - i;
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += left > 1 ? ALPHABET[(n >> 6) & 63] : '=';
    out += left > 2 ? ALPHABET[n & 63] : '=';
  }
  return out;
}

const toHex = (bytes: readonly number[]) =>
  bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('');

describe('normalizeEpc', () => {
  it.each([
    ['E2801160600002054B9C7A3F', 'E2801160600002054B9C7A3F'],
    ['e2801160600002054b9c7a3f', 'E2801160600002054B9C7A3F'],
    ['  E280 1160 6000 0205  ', 'E280116060000205'],
    ['e2-80-11-60', 'E2801160'],
    ['E2:80:11:60', 'E2801160'],
    ['0xE2801160', 'E2801160'],
    ['0Xe2801160', 'E2801160'],
    ['\tE280\n1160\t', 'E2801160'],
    ['0x e2:80-11 60', 'E2801160'],
  ])('normalizes %j to %j', (raw, epc) => {
    expect(normalizeEpc(raw)).toEqual({ ok: true, epc });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['0x', 'empty'],
    ['-- ::', 'empty'],
    ['E28G', 'not-hex'],
    ['E2801160x', 'not-hex'],
    ['0x0xE280', 'not-hex'],
    ['E2.80', 'not-hex'],
    ['E28', 'not-whole-words'],
    ['E28011', 'not-whole-words'],
    ['E', 'not-whole-words'],
  ] as const)('rejects %j as %s', (raw, reason) => {
    expect(normalizeEpc(raw)).toEqual({ ok: false, reason });
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\s*(0[xX])?[0-9a-fA-F :-]{0,40}\s*$/)), (raw) => {
        const once = normalizeEpc(raw);
        if (!once.ok) return;
        expect(normalizeEpc(once.epc)).toEqual(once);
        expect(isNormalizedEpc(once.epc)).toBe(true);
      }),
    );
  });

  it('normalizes any whole-word hex with random separators and case to its upper-case form', () => {
    const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF');
    const separator = fc.constantFrom('', '', '', ' ', '-', ':', '\t');
    const word = fc.array(fc.tuple(hexDigit, separator), { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 16 }),
        fc.constantFrom('', '0x', '0X'),
        fc.constantFrom('', ' ', '  \t'),
        (words, prefix, padding) => {
          const digits = words.flat().map(([digit]) => digit);
          const raw =
            padding +
            prefix +
            words
              .flat()
              .map(([d, s]) => d + s)
              .join('') +
            padding;
          expect(normalizeEpc(raw)).toEqual({ ok: true, epc: digits.join('').toUpperCase() });
        },
      ),
    );
  });
});

describe('isNormalizedEpc', () => {
  it.each([
    ['E2801160', true],
    ['e2801160', false],
    ['E2 801160', false],
    [' E2801160', false],
    ['E28011', false],
    ['', false],
    ['0xE280', false],
  ])('%j → %s', (value, expected) => {
    expect(isNormalizedEpc(value)).toBe(expected);
  });
});

describe('ZEpcSchema', () => {
  it('transforms a reader spelling into the normalized EPC', () => {
    expect(ZEpcSchema.parse(' e2-80-11-60 ')).toBe('E2801160');
  });

  it('fails with the reason of the failed normalization', () => {
    const result = ZEpcSchema.safeParse('E28');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(EPC_FAILURE_MESSAGES['not-whole-words']);
  });

  it('rejects a value that is not a string', () => {
    expect(ZEpcSchema.safeParse(1234).success).toBe(false);
  });
});

describe('ZNormalizedEpcSchema', () => {
  it('accepts only already normalized EPCs', () => {
    expect(ZNormalizedEpcSchema.safeParse('E2801160').success).toBe(true);
    expect(ZNormalizedEpcSchema.safeParse('e2801160').success).toBe(false);
  });
});

describe('epcFromBase64', () => {
  it.each([
    ['4oARYGAAAgVLnHo/', 'E2801160600002054B9C7A3F'],
    ['4oARYA==', 'E2801160'],
    ['4oARYA', 'E2801160'],
    [' 4oAR YA== ', 'E2801160'],
    ['//8=', 'FFFF'],
  ])('decodes %j to %j', (b64, epc) => {
    expect(epcFromBase64(b64)).toEqual({ ok: true, epc });
  });

  it.each([
    ['4oAR*A==', 'invalid-base64'],
    ['4oARY', 'invalid-base64'],
    ['4oA=RYA=', 'invalid-base64'],
    ['4oARYA=', 'invalid-base64'],
    ['', 'empty'],
    ['4oAR', 'not-whole-words'],
    ['4g==', 'not-whole-words'],
  ] as const)('rejects %j as %s', (b64, reason) => {
    expect(epcFromBase64(b64)).toEqual({ ok: false, reason });
  });

  it('round-trips base64 of any even number of bytes to their upper-case hex', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 32 })
          .filter((b) => b.length % 2 === 0),
        (bytes) => {
          expect(epcFromBase64(toBase64(bytes))).toEqual({ ok: true, epc: toHex(bytes) });
        },
      ),
    );
  });
});
