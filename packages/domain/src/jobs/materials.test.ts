import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/errors';
import {
  describeLine,
  formatWeight,
  parseWeight,
  type TMaterialEntryType,
  ZMaterialLineInputSchema,
} from './materials';
import { balanceOf, checkMovement, pickupEntries } from './materials-ledger';

const entry = (type: TMaterialEntryType, count: number, weightMilli: number | null, holder = '') => ({
  type,
  count,
  weightMilli,
  holder,
});

const stones = { kind: 'stone' as const, weightMilli: 1_250, description: 'Diamond, round 1.25 ct' };
const chain = { kind: 'metal' as const, weightMilli: 12_450, description: '18k chain' };

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return null;
};

describe('weights', () => {
  it.each([
    ['metal', '12.45', 12_450],
    ['metal', '12,4', 12_400],
    ['metal', '12.456', null],
    ['stone', '0.252', 252],
    ['stone', '0.2525', null],
    ['stone', 'abc', null],
  ] as const)('parses %s %s as %s', (kind, text, milli) => {
    expect(parseWeight(kind, text)).toBe(milli);
  });

  it('formats grams to 0.01 g and carats to 0.001 ct', () => {
    expect(formatWeight('metal', 12_450)).toBe('12.45 g');
    expect(formatWeight('stone', 252)).toBe('0.252 ct');
  });
});

describe('a material line', () => {
  const stone = { shape: 'round', setting: 'set' } as const;
  it.each([
    ['a stone with its shape', { kind: 'stone', count: 1, weightMilli: 1_250, stone }, true],
    ['a stone without a count', { kind: 'stone', count: 0, weightMilli: null, stone }, false],
    ['a stone weighed past 0.001 ct', { kind: 'stone', count: 1, weightMilli: 1_250.5, stone }, false],
    [
      'metal with its weight',
      { kind: 'metal', count: 0, weightMilli: 12_450, metal: { alloy: '18k' } },
      true,
    ],
    ['metal to 0.001 g', { kind: 'metal', count: 0, weightMilli: 12_451, metal: { alloy: '18k' } }, false],
    [
      'metal without a weight',
      { kind: 'metal', count: 0, weightMilli: null, metal: { alloy: '18k' } },
      false,
    ],
    ['an item', { kind: 'item', count: 1, weightMilli: null }, true],
  ])('accepts %s: %s', (_name, line, valid) => {
    expect(ZMaterialLineInputSchema.safeParse({ description: 'x', ...line }).success).toBe(valid);
  });
});

describe('the balance of a line', () => {
  it('follows stones from intake to a bench and back', () => {
    const ledger = [entry('received', 3, 1_250), entry('issued', 1, 400, 'Bench 2')];
    const balance = balanceOf(stones, ledger);
    expect(balance.onHand).toEqual({ count: 2, weightMilli: 850 });
    expect(balance.atBench).toEqual([{ holder: 'Bench 2', count: 1, weightMilli: 400 }]);
    expect(balance.isAccounted).toBe(false);
    const back = balanceOf(stones, [...ledger, entry('returned', 1, 400, 'Bench 2')]);
    expect(back.onHand).toEqual({ count: 3, weightMilli: 1_250 });
    expect(back.atBench).toEqual([]);
  });

  it('counts metal used in the work as accounted', () => {
    const balance = balanceOf(chain, [
      entry('received', 0, 12_450),
      entry('issued', 0, 12_450, 'Ana'),
      entry('used', 0, 150, 'Ana'),
      entry('returned', 0, 12_300, 'Ana'),
      entry('checked_out', 0, 12_300),
    ]);
    expect(balance.used).toEqual({ count: 0, weightMilli: 150 });
    expect(balance.isAccounted).toBe(true);
  });
});

describe('a movement', () => {
  const balance = balanceOf(stones, [entry('received', 3, 1_250), entry('issued', 1, 400, 'Bench 2')]);

  it('refuses to issue more than is on hand', () => {
    expect(codeOf(() => checkMovement(stones, balance, entry('issued', 3, 1_000, 'Bench 1')))).toBe(
      'MATERIALS_NOT_ON_HAND',
    );
    expect(codeOf(() => checkMovement(stones, balance, entry('issued', 1, 900, 'Bench 1')))).toBe(
      'MATERIALS_NOT_ON_HAND',
    );
  });

  it('refuses to return more than that bench holds', () => {
    expect(codeOf(() => checkMovement(stones, balance, entry('returned', 1, 400, 'Bench 1')))).toBe(
      'MATERIALS_NOT_AT_BENCH',
    );
    expect(checkMovement(stones, balance, entry('returned', 1, 400, 'Bench 2'))).toEqual({
      count: 1,
      weightMilli: 400,
    });
  });

  it('takes the whole remaining weight with the whole remaining count, and asks for it otherwise', () => {
    expect(checkMovement(stones, balance, entry('issued', 2, null, 'Bench 1'))).toEqual({
      count: 2,
      weightMilli: 850,
    });
    expect(codeOf(() => checkMovement(stones, balance, entry('issued', 1, null, 'Bench 1')))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('asks for a bench and for grams to 0.01 g', () => {
    expect(codeOf(() => checkMovement(stones, balance, entry('issued', 1, 400, ' ')))).toBe(
      'VALIDATION_FAILED',
    );
    const metal = balanceOf(chain, [entry('received', 0, 12_450)]);
    expect(codeOf(() => checkMovement(chain, metal, entry('issued', 0, 1_005, 'Ana')))).toBe(
      'VALIDATION_FAILED',
    );
    expect(checkMovement(chain, metal, entry('issued', 0, 1_010, 'Ana'))).toEqual({
      count: 0,
      weightMilli: 1_010,
    });
  });
});

describe('the pickup check', () => {
  const received = balanceOf(stones, [entry('received', 3, 1_250)]);

  it('checks out what is on hand', () => {
    expect(pickupEntries(stones, received, { count: 3, weightMilli: 1_250, shortfallNote: '' })).toEqual({
      checkedOut: { count: 3, weightMilli: 1_250 },
      shortfall: null,
    });
  });

  it('wants a shortfall explained', () => {
    expect(
      codeOf(() => pickupEntries(stones, received, { count: 2, weightMilli: 850, shortfallNote: '' })),
    ).toBe('MATERIALS_NOT_ACCOUNTED');
    expect(
      pickupEntries(stones, received, { count: 2, weightMilli: 850, shortfallNote: 'Chipped stone kept' }),
    ).toEqual({ checkedOut: { count: 2, weightMilli: 850 }, shortfall: { count: 1, weightMilli: 400 } });
    expect(codeOf(() => pickupEntries(stones, received, undefined))).toBe('MATERIALS_NOT_ACCOUNTED');
  });

  it('refuses while something is still at a bench', () => {
    const atBench = balanceOf(stones, [entry('received', 3, 1_250), entry('issued', 1, 400, 'Bench 2')]);
    expect(
      codeOf(() => pickupEntries(stones, atBench, { count: 2, weightMilli: 850, shortfallNote: '' })),
    ).toBe('MATERIALS_NOT_ACCOUNTED');
  });
});

describe('a line in words', () => {
  it('names a stone’s traits and a metal’s weight', () => {
    expect(
      describeLine({
        kind: 'stone',
        description: 'diamond',
        count: 1,
        weightMilli: 1_020,
        stone: { shape: 'round', sizeMm: '6.5', colour: 'G', clarity: 'VS1', setting: 'set' },
        metal: null,
      }),
    ).toBe('1 × diamond, 1.020 ct, round, 6.5 mm, G, VS1, set');
    expect(
      describeLine({
        kind: 'metal',
        description: 'Gold chain',
        count: 0,
        weightMilli: 12_450,
        stone: null,
        metal: { alloy: '18k' },
      }),
    ).toBe('Gold chain, 18k, 12.45 g');
  });
});
