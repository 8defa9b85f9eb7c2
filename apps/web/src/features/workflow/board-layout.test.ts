import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD_COLUMN_MIN_PX, boardColumnCapacity, groupBoardPhases } from './board-layout';

/** A phase named `key` holding `jobs` jobs. */
const phase = (key: string, jobs: number) => ({ key, jobs: Array.from({ length: jobs }, (_, i) => i) });
const keys = (columns: { key: string }[][]) => columns.map((column) => column.map((p) => p.key));

// The demo's order workflow: eleven phases.
const ELEVEN = [
  phase('design', 0),
  phase('casting', 2),
  phase('cleanup', 0),
  phase('stone-setting', 1),
  phase('bench', 0),
  phase('engraving', 0),
  phase('polishing', 3),
  phase('plating', 0),
  phase('qa', 1),
  phase('photography', 0),
  phase('ready', 0),
];

describe('boardColumnCapacity', () => {
  it.each([
    // 1440 × 900 with the sidebar open: 1,136 px beside it.
    [1136, 4],
    // A phone: 358 px inside the page's padding.
    [358, 1],
    // 768 × 1024 with the sidebar open: 464 px.
    [464, 1],
    [BOARD_COLUMN_MIN_PX, 1],
    [BOARD_COLUMN_MIN_PX * 2 + 12, 2],
    [BOARD_COLUMN_MIN_PX * 2 + 11, 1],
  ])('fits %i px with %i columns', (width, columns) => {
    expect(boardColumnCapacity(width)).toBe(columns);
  });

  it('fits every column while the width is not known', () => {
    expect(boardColumnCapacity(0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('groupBoardPhases', () => {
  it('gives each phase with work a column of its own when they fit, empty phases a line above the next', () => {
    expect(keys(groupBoardPhases(ELEVEN, 4))).toEqual([
      ['design', 'casting'],
      ['cleanup', 'stone-setting'],
      ['bench', 'engraving', 'polishing'],
      ['plating', 'qa', 'photography', 'ready'],
    ]);
  });

  it('puts neighbouring phases in one column when more phases have work than columns fit', () => {
    const busy = [phase('a', 5), phase('b', 1), phase('c', 1), phase('d', 1), phase('e', 5)];
    // Weights (cards + header) 6 2 2 2 6: three columns at most 6 high.
    expect(keys(groupBoardPhases(busy, 3))).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    // 18 in two: the heaviest column can be no lighter than 10.
    expect(keys(groupBoardPhases(busy, 2))).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('stacks every phase in order in one column on a phone', () => {
    expect(keys(groupBoardPhases(ELEVEN, 1))).toEqual([ELEVEN.map((p) => p.key)]);
  });

  it('keeps the empty phases together when no phase has work', () => {
    expect(keys(groupBoardPhases([phase('a', 0), phase('b', 0)], 4))).toEqual([['a', 'b']]);
    expect(groupBoardPhases([], 4)).toEqual([]);
  });

  it('spreads a light workflow over the columns it has', () => {
    const busy = [phase('a', 1), phase('b', 1), phase('c', 1), phase('d', 1), phase('e', 1), phase('f', 1)];
    expect(keys(groupBoardPhases(busy, 4))).toHaveLength(4);
  });

  it('never uses more columns than fit, keeps every phase once and in order, and no column is only empty phases', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 12 }), { maxLength: 14 }),
        fc.integer({ min: 1, max: 6 }),
        (counts, capacity) => {
          const phases = counts.map((count, index) => phase(`p${index}`, count));
          const columns = groupBoardPhases(phases, capacity);
          expect(columns.flat().map((p) => p.key)).toEqual(phases.map((p) => p.key));
          expect(columns.length).toBeLessThanOrEqual(capacity);
          const busy = phases.filter((p) => p.jobs.length > 0).length;
          expect(columns.length).toBe(phases.length === 0 ? 0 : Math.max(1, Math.min(capacity, busy)));
          if (busy > 0) {
            for (const column of columns) expect(column.some((p) => p.jobs.length > 0)).toBe(true);
          }
        },
      ),
    );
  });
});
