import { useEffect, useRef, useState } from 'react';

/** How long a piece that left stays on screen, fading out, so that a TV watcher sees it go. */
export const LEAVE_ANIMATION_MS = 600;

export type TShownItem<T> = { readonly item: T; readonly leaving: boolean };

/**
 * The items to show: the current ones, in order, plus for LEAVE_ANIMATION_MS those that just disappeared
 * (marked leaving, at the place they had), so they can animate out instead of vanishing.
 */
export function useLeavingItems<T>(items: readonly T[], keyOf: (item: T) => string): TShownItem<T>[] {
  const [leaving, setLeaving] = useState<ReadonlyMap<string, { item: T; index: number }>>(new Map());
  const previous = useRef<readonly T[]>(items);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  // Timers outlive a quick second change (each fade finishes), and go with the screen.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    const current = new Set(items.map(keyOf));
    const gone = new Map<string, { item: T; index: number }>();
    previous.current.forEach((item, index) => {
      const key = keyOf(item);
      if (!current.has(key)) gone.set(key, { item, index });
    });
    previous.current = items;
    if (gone.size === 0) return;
    setLeaving((before) => new Map([...before, ...gone]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setLeaving((before) => {
        const after = new Map(before);
        for (const key of gone.keys()) after.delete(key);
        return after;
      });
    }, LEAVE_ANIMATION_MS);
    timers.current.add(timer);
  }, [items, keyOf]);

  const shown: TShownItem<T>[] = items.map((item) => ({ item, leaving: false }));
  const currentKeys = new Set(items.map(keyOf));
  for (const [key, { item, index }] of leaving) {
    if (currentKeys.has(key)) continue;
    shown.splice(Math.min(index, shown.length), 0, { item, leaving: true });
  }
  return shown;
}
