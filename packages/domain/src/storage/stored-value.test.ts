import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseStoredValue } from './stored-value';

const ZSettingsSchema = z.object({ timeout: z.number(), enabled: z.boolean() });
const FALLBACK = { timeout: 30, enabled: true };

describe('parseStoredValue (spec §5: stored values fall back to defaults)', () => {
  it('parses a stored JSON value that fits the schema', () => {
    expect(parseStoredValue(ZSettingsSchema, '{"timeout":45,"enabled":false}', FALLBACK)).toEqual({
      timeout: 45,
      enabled: false,
    });
  });

  it.each([
    ['missing (null)', null],
    ['missing (undefined)', undefined],
    ['empty', ''],
    ['unparsable JSON', '{"timeout":'],
    ['JSON of the wrong shape', '{"timeout":"45","enabled":false}'],
    ['JSON null', 'null'],
    ['a plain string', 'dark'],
  ])('falls back when the value is %s', (_label, raw) => {
    expect(parseStoredValue(ZSettingsSchema, raw, FALLBACK)).toBe(FALLBACK);
  });

  it('accepts a plain string stored without JSON quotes', () => {
    expect(parseStoredValue(z.enum(['light', 'dark']), 'light', 'dark')).toBe('light');
  });

  it('parses JSON primitives', () => {
    expect(parseStoredValue(z.number(), '42', 0)).toBe(42);
    expect(parseStoredValue(z.boolean(), 'false', true)).toBe(false);
  });

  it('applies the schema’s transforms and defaults', () => {
    const schema = z.object({ interval: z.number().default(5) });
    expect(parseStoredValue(schema, '{}', { interval: 1 })).toEqual({ interval: 5 });
  });

  it('never throws, whatever is stored', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const value = parseStoredValue(ZSettingsSchema, raw, FALLBACK);
        expect(ZSettingsSchema.safeParse(value).success).toBe(true);
      }),
    );
  });
});
