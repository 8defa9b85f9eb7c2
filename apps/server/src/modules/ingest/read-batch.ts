import type { TScanPlace, TTagReadEvent } from '@loupe/domain/tracking/scan-resolution';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import { dedupeKeyOf, type TDedupe, type TDedupeVerdict } from './dedupe.ts';
import type { TJournalEntry, TRfidJournalRepository } from './journal-repository.ts';

/**
 * One batch of the ingest pipeline's hot path (decision 025): judged against the dedupe window, its fresh
 * reads appended to the journal in ONE short transaction, then acknowledged. Everything else (rfid_reads,
 * moves, history, phases, analytics, announcements) follows from the journal (journal-applier.ts).
 */

export type TQueued = {
  read: TTagReadEvent;
  /** A station page's scan repeated wants an answer: the same read again counts as a repeat, not dropped. */
  keepsRedelivery: boolean;
  /**
   * Set when its batch judges it, against what earlier batches journaled (issue 34 §1): `dropped` is the
   * very read journaled before, delivered again; a repeat takes its fresh read's key.
   */
  verdict?: 'fresh' | 'repeat' | 'dropped' | undefined;
  readKey?: string | undefined;
  /** A station page's keyboard-wedge scan: at this station, by this user. */
  station?: TScanPlace | undefined;
  actorId?: string | null | undefined;
  /**
   * A station page's scan: the journal row whose application answers it, or null when its read was
   * journaled before (it then answers once the applier has caught up with the journal).
   */
  seq?: number | null | undefined;
};

/** A read's identity: the same read delivered twice has the same key. */
export function readKeyOf(read: TTagReadEvent): string {
  return readKeyAt(read, Date.parse(read.timestamp));
}

/** The key of the read of this tag, reader and antenna made at `at` (ms): a repeat's fresh read. */
function readKeyAt(read: TTagReadEvent, at: number): string {
  return `${read.readerId}/${read.antenna}/${read.epc}/${at}`;
}

/** Repeats of readers' reads waiting in memory for their flush: one entry per fresh read's key. */
type TPendingRepeat = { count: number; at: number; item: TQueued; since: number };

/** How long a reader's repeats of one read wait in memory before they are journaled. */
export const DEFAULT_REPEAT_FLUSH_MS = 3_000;

export type TJournalAppendContext = {
  readonly dedupe: TDedupe;
  readonly journal: TTransactional<TRfidJournalRepository>;
  readonly clock: TClock;
  readonly repeatFlushMs: number;
  /** The pipeline's counters (TPipelineCounters), moved on once a batch is journaled. */
  readonly counters: { fresh: number; repeats: number; batches: number };
  /** Rows were appended: the applier has work. */
  readonly onAppended: (lastSeq: number) => void;
};

function entryOf(item: TQueued, kind: 'read' | 'repeat', repeats: number, at: number): TJournalEntry {
  const { read } = item;
  return {
    kind,
    readKey: item.readKey ?? readKeyOf(read),
    readerId: read.readerId,
    antenna: read.antenna,
    epc: read.epc,
    readAt: new Date(at),
    rssi: read.rssi,
    repeats,
    departmentId: item.station?.departmentId ?? null,
    stationId: item.station?.stationId ?? null,
    actorId: item.actorId ?? null,
  };
}

/**
 * The hot path's batch: appends fresh reads (and the repeats due for their flush) to the journal in one
 * transaction; once it committed the window learns the reads and the payloads may be acknowledged.
 */
export function createJournalAppender(context: TJournalAppendContext) {
  const { dedupe, journal, clock, counters } = context;
  // Readers' repeats, by their fresh read's key: last-seen refreshes and counts, flushed every few seconds
  // per key instead of one update per key and batch (decision 025).
  const pendingRepeats = new Map<string, TPendingRepeat>();
  let flushAll = false;
  /** Dedupe keys of the reads queued or in a batch not finished yet, and how many of each. */
  const keysAhead = new Map<string, number>();

  function setVerdict(item: TQueued, verdict: TDedupeVerdict): void {
    if (verdict.kind === 'fresh') {
      item.verdict = 'fresh';
      item.readKey = readKeyOf(item.read);
    } else {
      item.verdict = verdict.kind === 'redelivery' && !item.keepsRedelivery ? 'dropped' : 'repeat';
      item.readKey = readKeyAt(item.read, verdict.freshAt);
    }
  }

  /** Repeats of one read waiting for their flush, added to those of it already waiting. */
  function keepPending(key: string, pending: TPendingRepeat): void {
    const current = pendingRepeats.get(key);
    if (current === undefined) {
      pendingRepeats.set(key, pending);
      return;
    }
    current.count += pending.count;
    current.since = Math.min(current.since, pending.since);
    if (pending.at >= current.at) {
      current.at = pending.at;
      current.item = pending.item;
    }
  }

  /** Judged reads are counted; readers' repeats wait in memory for their flush, one entry per fresh read. */
  function countJudged(items: readonly TQueued[], now: number): void {
    for (const item of items) {
      if (item.verdict === 'fresh') counters.fresh += 1;
      if (item.verdict !== 'repeat') continue;
      counters.repeats += 1;
      if (item.keepsRedelivery || item.readKey === undefined) continue;
      keepPending(item.readKey, { count: 1, at: Date.parse(item.read.timestamp), item, since: now });
    }
  }

  async function appendBatch(batch: readonly TQueued[]): Promise<void> {
    const now = clock().getTime();
    if (batch.length > 0) counters.batches += 1;
    // Judged here, in arrival order, against what earlier batches journaled; the window learns these reads
    // only if this batch commits (dedupe.ts).
    const judging = dedupe.begin();
    for (const item of batch) {
      item.seq = undefined;
      setVerdict(item, judging.judge(item.read));
    }

    const entries: TJournalEntry[] = [];
    const entryItems: (TQueued | null)[] = [];
    for (const item of batch) {
      if (item.verdict === 'fresh') {
        entries.push(entryOf(item, 'read', 0, Date.parse(item.read.timestamp)));
        entryItems.push(item);
      } else if (item.verdict === 'repeat' && item.keepsRedelivery) {
        // A station page's scan repeated waits for its answer: journaled at once, a row of its own.
        entries.push(entryOf(item, 'repeat', 1, Date.parse(item.read.timestamp)));
        entryItems.push(item);
      }
    }
    // Readers' repeats whose flush is due (all of them when draining) join this append. They leave the map
    // now: repeats acknowledged while this append runs (absorbRepeats) start a new entry, not one this
    // append is about to journal and forget.
    const due = [...pendingRepeats].filter(
      ([, pending]) => flushAll || now - pending.since >= context.repeatFlushMs,
    );
    for (const [key, pending] of due) {
      pendingRepeats.delete(key);
      entries.push(entryOf(pending.item, 'repeat', pending.count, pending.at));
      entryItems.push(null);
    }

    let lastSeq = 0;
    if (entries.length > 0) {
      try {
        await journal.withTransaction(async (repository) => {
          const seqs = await repository.append(entries);
          seqs.forEach((seq, index) => {
            const item = entryItems[index];
            if (seq !== undefined) lastSeq = Math.max(lastSeq, seq);
            if (item?.keepsRedelivery) item.seq = seq ?? null;
          });
        });
      } catch (error) {
        // Not journaled: the repeats wait for the next flush, with any counted meanwhile.
        for (const [key, pending] of due) keepPending(key, pending);
        throw error;
      }
    }
    // Journaled: from now on the window counts these reads, and so do the counters.
    judging.commit();
    countJudged(batch, now);
    if (lastSeq > 0) context.onAppended(lastSeq);
  }

  return {
    appendBatch,

    /**
     * A reader's payload whose every read repeats (or redelivers) a read journaled already needs no journal
     * row now: its repeats wait in memory for their flush as a batch's would, so it is acknowledged at once
     * instead of waiting behind batches the database holds up (issue 38 §5). Only when no queued or
     * unfinished batch holds a read of the same tag, reader and antenna, so each is judged as it would be in
     * its turn. False, with the window unchanged, when one read needs a batch.
     */
    absorbRepeats(items: readonly TQueued[]): boolean {
      if (items.some((item) => item.keepsRedelivery || keysAhead.has(dedupeKeyOf(item.read)))) return false;
      const judging = dedupe.begin();
      const verdicts = items.map((item) => judging.judge(item.read));
      if (verdicts.some((verdict) => verdict.kind === 'fresh')) return false;
      judging.commit();
      items.forEach((item, index) => {
        const verdict = verdicts[index];
        if (verdict !== undefined) setVerdict(item, verdict);
      });
      countJudged(items, clock().getTime());
      return true;
    },

    /** Runs `work` (queuing `items` for a batch) with their keys held, so no later payload of theirs skips ahead. */
    async holdingKeys<T>(items: readonly TQueued[], work: () => Promise<T>): Promise<T> {
      const keys = items.map((item) => dedupeKeyOf(item.read));
      for (const key of keys) keysAhead.set(key, (keysAhead.get(key) ?? 0) + 1);
      try {
        return await work();
      } finally {
        for (const key of keys) {
          const left = (keysAhead.get(key) ?? 1) - 1;
          if (left === 0) keysAhead.delete(key);
          else keysAhead.set(key, left);
        }
      }
    },
    /** Readers' repeats waiting in memory for their flush. */
    pendingRepeats(): number {
      return pendingRepeats.size;
    },
    /** Whether some waiting repeats are due for their flush. */
    hasDueRepeats(): boolean {
      const now = clock().getTime();
      for (const pending of pendingRepeats.values()) {
        if (now - pending.since >= context.repeatFlushMs) return true;
      }
      return false;
    },
    /** Runs `work` (a batch) with every waiting repeat journaled, due or not (draining, closing). */
    async flushingAll<T>(work: () => Promise<T>): Promise<T> {
      flushAll = true;
      try {
        return await work();
      } finally {
        flushAll = false;
      }
    },
  };
}

export type TJournalAppender = ReturnType<typeof createJournalAppender>;
