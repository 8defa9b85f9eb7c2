import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import type { TQueued } from './read-batch.ts';

type TWaiter = { resolve: () => void; reject: (error: Error) => void };
/** The reads of one payload and who waits for them: a batch takes whole payloads. */
type TPending = { items: TQueued[]; waiter: TWaiter; queuedAt: number };

/** How far behind the pipeline is: `/api/health` shows it (issue 18 §6). */
export type TIngestBacklog = {
  /** Reads accepted and not yet committed: queued, waiting for room, or in the running batch. */
  readonly queuedReads: number;
  /** Payloads held back because the queue was full: their readers wait for PUBACK or an answer. */
  readonly waitingPayloads: number;
  /** The bound on queued reads; beyond it publishers are slowed down, not buffered. */
  readonly maxQueuedReads: number;
  /** How long the oldest uncommitted payload has waited, in ms (0 when none). */
  readonly lagMs: number;
};

/**
 * The pipeline's queue: payloads wait for a batch (at most batchSize reads or batchWaitMs), one batch runs
 * at a time so one tag's reads are applied in arrival order, and beyond maxQueuedReads payloads wait for
 * room unacknowledged (back-pressure, issue 18 §6).
 */
export function createBatchQueue(options: {
  readonly batchSize: number;
  readonly batchWaitMs: number;
  readonly maxBatchSize: number;
  readonly maxQueuedReads: number;
  readonly clock: TClock;
  readonly logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  readonly applyBatch: (batch: readonly TQueued[]) => Promise<void>;
}) {
  const { batchSize, batchWaitMs, maxBatchSize, maxQueuedReads, clock, logger, applyBatch } = options;
  let pending: TPending[] = [];
  let pendingReads = 0;
  // Payloads held back while the queue is full, oldest first: admitted in order as batches take reads.
  const waiting: TPending[] = [];
  let waitingReads = 0;
  let runningBatch: { reads: number; queuedAt: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // One batch at a time, so reads of one tag are applied in arrival order; null when none is running.
  let running: Promise<void> | null = null;

  function schedule(): void {
    // A running batch takes what is pending when it ends.
    if (running !== null) return;
    if (pendingReads >= batchSize) {
      flushNow();
    } else if (timer === null) {
      timer = setTimeout(flushNow, batchWaitMs);
    }
  }

  /** Moves held-back payloads into the queue, oldest first, while there is room (one at least when empty). */
  function admit(): void {
    while (waiting.length > 0) {
      const next = waiting[0];
      if (next === undefined) break;
      if (pending.length > 0 && pendingReads + next.items.length > maxQueuedReads) break;
      waiting.shift();
      waitingReads -= next.items.length;
      pending.push(next);
      pendingReads += next.items.length;
    }
  }

  function flushNow(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (running !== null || pending.length === 0) return;
    // Whole payloads, oldest first, up to maxBatchSize reads (at least one payload).
    let take = 0;
    let reads = 0;
    while (
      take < pending.length &&
      (take === 0 || reads + (pending[take]?.items.length ?? 0) <= maxBatchSize)
    ) {
      reads += pending[take]?.items.length ?? 0;
      take += 1;
    }
    const taken = pending.slice(0, take);
    pending = pending.slice(take);
    pendingReads -= reads;
    admit();
    runningBatch = { reads, queuedAt: taken[0]?.queuedAt ?? clock().getTime() };
    running = applyPayloads(taken).finally(() => {
      running = null;
      runningBatch = null;
      // What arrived meanwhile has waited a whole batch already.
      if (pending.length > 0) flushNow();
    });
  }

  /**
   * Applies whole payloads as one batch; when that fails and it held several, each payload alone, in order:
   * a payload the database refuses then fails alone, and the other readers' reads that shared its batch
   * are recorded and acknowledged instead of being refused with it (issue 34 §1).
   */
  async function applyPayloads(taken: readonly TPending[]): Promise<void> {
    try {
      await applyBatch(taken.flatMap((entry) => entry.items));
      for (const { waiter } of taken) waiter.resolve();
      return;
    } catch (error) {
      const reads = taken.reduce((sum, entry) => sum + entry.items.length, 0);
      if (taken.length === 1) {
        logger.error({ err: (error as Error).message, reads }, 'rfid: a batch failed');
        taken[0]?.waiter.reject(error as Error);
        return;
      }
      logger.warn(
        { err: (error as Error).message, reads, payloads: taken.length },
        'rfid: a batch failed; applying its payloads one at a time',
      );
    }
    for (const entry of taken) {
      try {
        await applyBatch(entry.items);
        entry.waiter.resolve();
      } catch (error) {
        logger.error({ err: (error as Error).message, reads: entry.items.length }, 'rfid: a payload failed');
        entry.waiter.reject(error as Error);
      }
    }
  }

  /**
   * Queues the reads of one payload; resolves once their batch committed. When the queue is full, or
   * payloads are already held back (the order of arrival is kept: a redelivery may not overtake its
   * original), the payload waits for room first.
   */
  function enqueue(items: TQueued[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: TPending = { items, waiter: { resolve, reject }, queuedAt: clock().getTime() };
      if (waiting.length > 0 || (pending.length > 0 && pendingReads + items.length > maxQueuedReads)) {
        waiting.push(entry);
        waitingReads += items.length;
      } else {
        pending.push(entry);
        pendingReads += items.length;
      }
      schedule();
    });
  }

  return {
    enqueue,

    backlog(): TIngestBacklog {
      const oldest = Math.min(
        runningBatch?.queuedAt ?? Number.POSITIVE_INFINITY,
        pending[0]?.queuedAt ?? Number.POSITIVE_INFINITY,
        waiting[0]?.queuedAt ?? Number.POSITIVE_INFINITY,
      );
      return {
        queuedReads: pendingReads + waitingReads + (runningBatch?.reads ?? 0),
        waitingPayloads: waiting.length,
        maxQueuedReads,
        lagMs: Number.isFinite(oldest) ? Math.max(0, clock().getTime() - oldest) : 0,
      };
    },

    /** Applies what is queued and waits for it. */
    async drain(): Promise<void> {
      flushNow();
      while (running !== null) await running;
    },
  };
}
