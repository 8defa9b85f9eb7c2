// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAVE_ANIMATION_MS, useLeavingItems } from './use-leaving-items';

const keyOf = (item: string) => item;

describe('a piece leaving a station screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays where it was, marked leaving, for the fade, then goes', () => {
    const { result, rerender } = renderHook(({ items }) => useLeavingItems(items, keyOf), {
      initialProps: { items: ['A', 'B', 'C'] },
    });
    rerender({ items: ['A', 'C'] });
    expect(result.current).toEqual([
      { item: 'A', leaving: false },
      { item: 'B', leaving: true },
      { item: 'C', leaving: false },
    ]);
    act(() => vi.advanceTimersByTime(LEAVE_ANIMATION_MS));
    expect(result.current.map((shown) => shown.item)).toEqual(['A', 'C']);
  });

  it('finishes every fade even when the list changes again meanwhile', () => {
    const { result, rerender } = renderHook(({ items }) => useLeavingItems(items, keyOf), {
      initialProps: { items: ['A', 'B', 'C'] },
    });
    rerender({ items: ['B', 'C'] });
    act(() => vi.advanceTimersByTime(LEAVE_ANIMATION_MS / 2));
    rerender({ items: ['C', 'D'] });
    expect(
      result.current
        .filter((shown) => shown.leaving)
        .map((shown) => shown.item)
        .sort(),
    ).toEqual(['A', 'B']);
    act(() => vi.advanceTimersByTime(LEAVE_ANIMATION_MS));
    expect(result.current).toEqual([
      { item: 'C', leaving: false },
      { item: 'D', leaving: false },
    ]);
  });

  it('shows a piece that comes back as present, not leaving', () => {
    const { result, rerender } = renderHook(({ items }) => useLeavingItems(items, keyOf), {
      initialProps: { items: ['A'] },
    });
    rerender({ items: [] });
    rerender({ items: ['A'] });
    expect(result.current).toEqual([{ item: 'A', leaving: false }]);
  });
});
