import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT32_MAX } from './integers';
import { amountToCents, centsToAmount, MONEY_CENTS_MAX, ZCentsSchema } from './money';

describe('money in cents', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [12345, '123.45'],
    [100, '1.00'],
    [-250, '-2.50'],
  ])('shows %i cents as %s', (cents, amount) => {
    expect(centsToAmount(cents)).toBe(amount);
  });

  it.each([
    ['123.45', 12345],
    ['123.4', 12340],
    ['123', 12300],
    [' 1,234.50 ', 123450],
    ['0.5', 50],
    ['12.345', null],
    ['-5', null],
    ['1e3', null],
    ['', null],
    ['abc', null],
  ])('reads %j as %j cents', (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });

  it('reads back every amount it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MONEY_CENTS_MAX }), (cents) => {
        expect(amountToCents(centsToAmount(cents))).toBe(cents);
      }),
    );
  });

  it('accepts whole, non-negative cents up to the maximum only', () => {
    expect(ZCentsSchema.safeParse(MONEY_CENTS_MAX).success).toBe(true);
    for (const value of [-1, 1.5, MONEY_CENTS_MAX + 1, '100']) {
      expect(ZCentsSchema.safeParse(value).success).toBe(false);
    }
  });

  it('never accepts an amount a 32-bit integer column cannot store', () => {
    // The amounts that reached PostgreSQL and came back as 500 (issue 20 §1).
    expect(MONEY_CENTS_MAX).toBe(2 ** 31 - 1);
    for (const value of [2_147_483_648, 3_000_000_000, 10 ** 10]) {
      expect(ZCentsSchema.safeParse(value).success).toBe(false);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(ZCentsSchema.safeParse(cents).success).toBe(cents <= INT32_MAX);
      }),
    );
  });
});
