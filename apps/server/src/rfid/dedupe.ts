import type { TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';

/**
 * A tag lying in an antenna's field is read tens of times a second (docs/architecture.md). The first read of
 * an (EPC, reader, antenna) is fresh and may move the item; repeats until the tag has been silent there
 * for `windowMs` only refresh last-seen. The window slides: a tag that stays in the field stays a repeat.
 */
export type TDedupeVerdict = 'fresh' | 'repeat';

export type TDedupe = {
  judge(read: TTagReadEvent): TDedupeVerdict;
  readonly size: number;
};

export const DEFAULT_DEDUPE_WINDOW_MS = 5_000;
/** Beyond this many keys the oldest are forgotten first, so a flood of distinct tags cannot exhaust memory. */
const MAX_KEYS = 200_000;

export function createDedupe(options: { readonly windowMs: number }): TDedupe {
  // Insertion order = last-seen order (a key is re-inserted when seen), so the oldest are at the front.
  const lastSeen = new Map<string, number>();
  return {
    judge(read) {
      const key = `${read.epc}|${read.readerId}|${read.antenna}`;
      const at = Date.parse(read.timestamp);
      const previous = lastSeen.get(key);
      lastSeen.delete(key);
      // A read older than the last one seen (out of order) keeps the newer time.
      lastSeen.set(key, previous === undefined ? at : Math.max(previous, at));
      if (lastSeen.size > MAX_KEYS) {
        const oldest = lastSeen.keys().next().value;
        if (oldest !== undefined) lastSeen.delete(oldest);
      }
      return previous !== undefined && at - previous <= options.windowMs ? 'repeat' : 'fresh';
    },
    get size() {
      return lastSeen.size;
    },
  };
}
