import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says one or many, with an irregular plural when given', () => {
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(0, 'day')).toBe('0 days');
    expect(plural(2, 'piece')).toBe('2 pieces');
    expect(plural(3, 'of them is', 'of them are')).toBe('3 of them are');
  });
});
