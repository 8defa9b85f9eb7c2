import { useEffect } from 'react';

// Which pieces the screens show right now: a scan toast is only worth its space for those (issue 11 §7).
// Counted per id, so two places showing one piece (its row and its page) keep it until both are gone.
const watched = new Map<string, number>();

/** Whether a scan of this order or repair concerns what the user is looking at. */
export function isWatched(itemId: string): boolean {
  return (watched.get(itemId) ?? 0) > 0;
}

/** Marks the ids as on screen until the returned function is called. */
export function watchItems(itemIds: readonly string[]): () => void {
  for (const id of itemIds) watched.set(id, (watched.get(id) ?? 0) + 1);
  return () => {
    for (const id of itemIds) {
      const count = (watched.get(id) ?? 0) - 1;
      if (count > 0) watched.set(id, count);
      else watched.delete(id);
    }
  };
}

/** The open item's page and the open list's rows call this, so scans of what they show raise a toast. */
export function useScanToastsFor(itemIds: readonly string[]): void {
  const key = itemIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined ids are the dependency; a new array of the same ids changes nothing.
  useEffect(() => watchItems(itemIds), [key]);
}
