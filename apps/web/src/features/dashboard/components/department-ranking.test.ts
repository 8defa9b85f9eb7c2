import { describe, expect, it } from 'vitest';
import { barWidthClass, rankDepartments } from './department-ranking';

describe('rankDepartments', () => {
  it('orders departments by count, most first, and equal counts by name', () => {
    expect(rankDepartments({ Polishing: 2, Casting: 5, Setting: 2, Design: 9 })).toEqual([
      { name: 'Design', count: 9 },
      { name: 'Casting', count: 5 },
      { name: 'Polishing', count: 2 },
      { name: 'Setting', count: 2 },
    ]);
  });

  it('leaves out departments with nothing in them', () => {
    expect(rankDepartments({ Casting: 0, Setting: 1 })).toEqual([{ name: 'Setting', count: 1 }]);
    expect(rankDepartments({})).toEqual([]);
  });
});

describe('barWidthClass', () => {
  it.each([
    [12, 12, 'w-full'],
    [6, 12, 'w-6/12'],
    [1, 3, 'w-4/12'],
    [1, 1000, 'w-1/12'],
    [0, 10, 'w-0'],
    [0, 0, 'w-0'],
  ] as const)('draws %i of a largest %i as %s', (count, largest, expected) => {
    expect(barWidthClass(count, largest)).toBe(expected);
  });
});
