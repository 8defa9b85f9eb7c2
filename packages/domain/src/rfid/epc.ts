import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * EPC normalization, applied once where reader data enters (docs/architecture.md). After this boundary
 * EPCs are compared with plain `===`, because the spec (§4 "Scan handling") makes matching exact,
 * case-sensitive and untrimmed.
 */

export const EPC_FAILURE_REASONS = ['empty', 'not-hex', 'not-whole-words', 'invalid-base64'] as const;
export type TEpcFailureReason = (typeof EPC_FAILURE_REASONS)[number];

export const EPC_FAILURE_MESSAGES: Readonly<Record<TEpcFailureReason, string>> = {
  empty: 'EPC is empty',
  'not-hex': 'EPC must contain only hexadecimal digits',
  'not-whole-words': 'EPC length must be a whole number of 16-bit words (a multiple of 4 hex digits)',
  'invalid-base64': 'EPC is not valid base64',
};

export type TEpcResult = { ok: true; epc: string } | { ok: false; reason: TEpcFailureReason };

const SEPARATORS = /[\s:-]/g;
const HEX_PREFIX = /^0x/i;
const HEX = /^[0-9A-F]+$/;
const NORMALIZED_EPC = /^(?:[0-9A-F]{4})+$/;

function checkHex(hex: string): TEpcResult {
  if (hex === '') return { ok: false, reason: 'empty' };
  if (!HEX.test(hex)) return { ok: false, reason: 'not-hex' };
  // Gen2 EPC memory is addressed in 16-bit words, so anything else is a truncated or corrupt read.
  if (hex.length % 4 !== 0) return { ok: false, reason: 'not-whole-words' };
  return { ok: true, epc: hex };
}

/** Readers print EPCs as `e2 80 11 60`, `E2-80-11-60`, `e2:80:…` or `0xE280…`; all become `E2801160…`. */
export function normalizeEpc(raw: string): TEpcResult {
  const compact = raw.trim().replace(SEPARATORS, '').replace(HEX_PREFIX, '');
  return checkHex(compact.toUpperCase());
}

/** True for a string that `normalizeEpc` would return unchanged. */
export function isNormalizedEpc(value: string): boolean {
  return NORMALIZED_EPC.test(value);
}

/** Parses any reader spelling of an EPC into its normalized form; fails with the reason's message. */
export const ZEpcSchema = lazySchema(() =>
  z.string().transform((raw, ctx) => {
    const result = normalizeEpc(raw);
    if (result.ok) return result.epc;
    ctx.addIssue({
      code: 'custom',
      message: EPC_FAILURE_MESSAGES[result.reason],
      params: { reason: result.reason },
    });
    return z.NEVER;
  }),
);

/** Accepts only an EPC that is already normalized: for data that has passed the input boundary. */
export const ZNormalizedEpcSchema = lazySchema(() =>
  z.string().refine(isNormalizedEpc, { message: 'EPC is not normalized' }),
);

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_BODY = /^[A-Za-z0-9+/]*$/;

/** Decodes standard base64 (padding optional, whitespace ignored) by hand: the domain has no Buffer or atob. */
function decodeBase64(input: string): number[] | null {
  let body = input.replace(/\s/g, '');
  if (body.length % 4 === 0) body = body.replace(/={1,2}$/, '');
  // One leftover character carries only 6 bits: not a whole byte, so not base64.
  if (body.length % 4 === 1 || !BASE64_BODY.test(body)) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of body) {
    buffer = (buffer << 6) | BASE64_ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
    buffer &= (1 << bits) - 1;
  }
  return bytes;
}

/** The Impinj R700 IoT interface sends EPCs in base64 (docs/architecture.md); returns upper-case hex. */
export function epcFromBase64(b64: string): TEpcResult {
  const bytes = decodeBase64(b64);
  if (bytes === null) return { ok: false, reason: 'invalid-base64' };
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return checkHex(hex.toUpperCase());
}
