import { describe, expect, it } from 'vitest';
import { isWatched, watchItems } from './scan-toast-interest';

describe('scan toast interest', () => {
  it('watches an item while a screen shows it, counting screens', () => {
    expect(isWatched('a')).toBe(false);
    const page = watchItems(['a']);
    const list = watchItems(['a', 'b']);
    expect(isWatched('a')).toBe(true);
    page();
    expect(isWatched('a')).toBe(true);
    list();
    expect(isWatched('a')).toBe(false);
    expect(isWatched('b')).toBe(false);
  });
});
