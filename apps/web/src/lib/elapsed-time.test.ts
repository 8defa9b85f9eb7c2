import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed-time';

describe('formatElapsed', () => {
  it.each([
    [0, '0 min'],
    [59_999, '0 min'],
    [45 * 60_000, '45 min'],
    [60 * 60_000, '1 h'],
    [130 * 60_000, '2 h 10 min'],
    [26 * 60 * 60_000, '1 d 2 h'],
    [48 * 60 * 60_000 + 5 * 60_000, '2 d'],
    [-5 * 60_000, '0 min'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});
