import type { TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';

/**
 * A tag lying in an antenna's field is read tens of times a second (docs/architecture.md). The first read of
 * an (EPC, reader, antenna) is fresh and may move the item; repeats until the tag has been silent there
 * for `windowMs` only refresh last-seen. The window slides: a tag that stays in the field stays a repeat.
 *
 * What the window remembers is what was committed (issue 34 §1): reads are judged in a batch (`begin`),
 * and only once the batch's transaction committed does `commit` make them part of the window. A batch that
 * failed leaves the window as it was, so the reader's redelivery of its reads is fresh again, not taken
 * for a repeat of reads that were never recorded.
 *
 * Reads may arrive out of order (a redelivery after a failure comes after later reads), so each key keeps
 * its last few presences — runs of reads, each from its fresh read to its last repeat — in reader time, and
 * a read is a repeat only of a run it falls within `windowMs` of. A late read far from every run is fresh:
 * it was never recorded, and folding it into a newer run would lose it.
 */
export type TDedupeVerdict =
  | { readonly kind: 'fresh' }
  /** Inside the window of the run that began with the fresh read at `freshAt` (ms). */
  | { readonly kind: 'repeat'; readonly freshAt: number }
  /** The very fresh read of a run, again: a reader resending it after a lost PUBACK. */
  | { readonly kind: 'redelivery'; readonly freshAt: number };

/** The reads of one batch: judged against what is committed and what the batch judged before them. */
export type TDedupeBatch = {
  judge(read: TTagReadEvent): TDedupeVerdict;
  /** The batch committed: what it judged becomes part of the window. */
  commit(): void;
};

export type TDedupe = {
  begin(): TDedupeBatch;
  /** Keys remembered (committed ones only). */
  readonly size: number;
};

type TRun = { readonly freshAt: number; readonly lastSeen: number };

export const DEFAULT_DEDUPE_WINDOW_MS = 5_000;
/** Beyond this many keys the oldest are forgotten first, so a flood of distinct tags cannot exhaust memory. */
const MAX_KEYS = 200_000;
/**
 * Presences kept per key: enough for a late read to find its own among the newest ones; a read older than
 * all of them is judged fresh, and its key in the database keeps it from being recorded or applied twice.
 */
const MAX_RUNS_PER_KEY = 4;

/** What the window remembers a read under: its tag, reader and antenna. */
export const dedupeKeyOf = (read: TTagReadEvent) => `${read.epc}|${read.readerId}|${read.antenna}`;

export function createDedupe(options: { readonly windowMs: number }): TDedupe {
  const { windowMs } = options;
  // Insertion order = last-committed order (a key is re-inserted when a batch touches it): oldest first.
  const committed = new Map<string, readonly TRun[]>();

  function begin(): TDedupeBatch {
    const staged = new Map<string, readonly TRun[]>();
    return {
      judge(read) {
        const key = dedupeKeyOf(read);
        const at = Date.parse(read.timestamp);
        const runs = staged.get(key) ?? committed.get(key) ?? [];
        const index = runs.findIndex((run) => at >= run.freshAt - windowMs && at <= run.lastSeen + windowMs);
        const run = runs[index];
        if (run === undefined) {
          // Fresh: a run of its own, the runs kept in reader time, the one seen longest ago dropped first.
          const next = [...runs, { freshAt: at, lastSeen: at }].sort((a, b) => a.freshAt - b.freshAt);
          if (next.length > MAX_RUNS_PER_KEY) {
            const stalest = next.reduce((oldest, candidate) =>
              candidate.lastSeen < oldest.lastSeen ? candidate : oldest,
            );
            next.splice(next.indexOf(stalest), 1);
          }
          staged.set(key, next);
          return { kind: 'fresh' };
        }
        if (at === run.freshAt) return { kind: 'redelivery', freshAt: run.freshAt };
        if (at > run.lastSeen) {
          staged.set(
            key,
            runs.map((other, position) => (position === index ? { ...other, lastSeen: at } : other)),
          );
        }
        return { kind: 'repeat', freshAt: run.freshAt };
      },
      commit() {
        for (const [key, runs] of staged) {
          committed.delete(key);
          committed.set(key, runs);
        }
        staged.clear();
        while (committed.size > MAX_KEYS) {
          const oldest = committed.keys().next().value;
          if (oldest === undefined) break;
          committed.delete(oldest);
        }
      },
    };
  }

  return {
    begin,
    get size() {
      return committed.size;
    },
  };
}
