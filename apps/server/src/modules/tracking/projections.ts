import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import { createCatchUpLoop } from '../../lib/catch-up-loop.ts';
import type { TMoveFeedEntry, TMoveFeedRepository } from './move-feed-repository.ts';

/**
 * A projection (decision 026): what follows the moves after their batch committed, not in it. It applies
 * feed entries in order, in a transaction that also moves its cursor, so each entry is applied exactly once
 * whatever crashes; it must not announce (the move's own batch did).
 */
export type TProjection = {
  readonly name: string;
  readonly apply: (tx: TDatabase, entries: readonly TMoveFeedEntry[]) => Promise<void>;
};

/** How far a projection is behind the moves (`/api/health`): entries not applied yet, the oldest one's age. */
export type TProjectionLag = { readonly name: string; readonly rows: number; readonly oldestMs: number };

export type TProjectionsOptions = {
  readonly feed: TTransactional<TMoveFeedRepository>;
  readonly projections: readonly TProjection[];
  readonly logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Most entries applied in one transaction. */
  readonly batchEntries?: number;
  /** After a failed transaction, the projection tries again this much later. */
  readonly retryMs?: number;
  /** Entries another instance appended (or a crash left) are looked for this often. */
  readonly pollMs?: number;
  /** How long after a batch commits its projections start, gathering the batches committed meanwhile. */
  readonly gatherMs?: number;
};

/** The projections start this long after a batch commits (well under issue 38's 1-s lag target). */
const GATHER_MS = 200;

/** How long closing the app waits for the projections to apply what the last batches appended. */
const STOP_WAIT_MS = 5_000;

/** One projection following the feed: one pass at a time, another after it if woken meanwhile. */
function createFollower(
  projection: TProjection,
  options: TProjectionsOptions & { readonly names: readonly string[] },
) {
  const { feed, logger, names } = options;
  const batchEntries = options.batchEntries ?? 200;
  const retryMs = options.retryMs ?? 1_000;
  let position = 0;
  const waiters: { seq: number; resolve: () => void }[] = [];

  function settle(upTo: number): void {
    position = Math.max(position, upTo);
    for (let index = waiters.length - 1; index >= 0; index -= 1) {
      const waiter = waiters[index];
      if (waiter === undefined || waiter.seq > position) continue;
      waiters.splice(index, 1);
      waiter.resolve();
    }
  }

  async function catchUp(): Promise<void> {
    for (;;) {
      const from = await feed.position(projection.name);
      settle(from);
      const entries = await feed.entriesAfter(from, batchEntries);
      const last = entries.at(-1);
      if (last === undefined) return;
      const applied = await feed.withTransaction(async (repository, tx) => {
        // First: the cursor's row stays locked to the commit, so one instance at a time applies these.
        if (!(await repository.advance(projection.name, from, last.seq))) return false;
        await projection.apply(tx, entries);
        // With the cursor: the entries every projection has now passed go.
        await repository.trim(names);
        return true;
      });
      if (!applied) continue;
      settle(last.seq);
    }
  }

  // The entry stays in the feed and the cursor where it was: nothing is lost, the lag shows it.
  const loop = createCatchUpLoop({
    catchUp,
    onError: (error) =>
      logger.error(
        { err: (error as Error).message, projection: projection.name },
        'a projection of the moves failed; retrying',
      ),
    retryMs,
  });
  const { wake } = loop;

  return {
    wake,
    /** Resolves once this projection has applied the feed up to `seq`. */
    passed(seq: number): Promise<void> {
      return new Promise((resolve) => {
        if (seq <= position) {
          resolve();
          return;
        }
        waiters.push({ seq, resolve });
        wake();
      });
    },
    async lag(): Promise<TProjectionLag> {
      return { name: projection.name, ...(await feed.lag(projection.name)) };
    },
    stop: loop.stop,
  };
}

/**
 * The projections of the moves, each following the move feed under its own cursor (decision 026). Woken
 * after each batch commits; a crash anywhere resumes from the last committed cursor.
 */
export function createProjections(options: TProjectionsOptions) {
  const names = options.projections.map((projection) => projection.name);
  const followers = options.projections.map((projection) =>
    createFollower(projection, { ...options, names }),
  );
  /** Resolves once every projection has applied what the feed held when it was called. */
  async function caughtUp(): Promise<void> {
    const last = await options.feed.lastSeq();
    await Promise.all(followers.map((follower) => follower.passed(last)));
  }
  const wakeAll = () => {
    for (const follower of followers) follower.wake();
  };
  // After a batch commits, the projections start a moment later rather than at once: the entries of the
  // batches committed meanwhile are applied together, in fewer and larger transactions, which leaves the
  // cores to the journal's appends under load (decision 026). Someone waiting for them wakes them at once.
  let pending: ReturnType<typeof setTimeout> | null = null;
  let isStarted = false;
  const wakeSoon = () => {
    if (!isStarted || pending !== null) return;
    pending = setTimeout(() => {
      pending = null;
      wakeAll();
    }, options.gatherMs ?? GATHER_MS);
    pending.unref?.();
  };
  let isStopped = false;
  let poll: ReturnType<typeof setInterval> | null = null;

  return {
    /**
     * Starts following the feed, from what it holds now (a crash's entries, or another instance's). Not
     * before the app's start-up is done: a rebuild of the facts there moves the cursor, and a projection
     * applying meanwhile would wait on the rebuild's locks while holding its cursor.
     */
    start(): void {
      if (isStarted || isStopped) return;
      isStarted = true;
      // Entries appended by another instance.
      poll = setInterval(wakeAll, options.pollMs ?? 5_000);
      poll.unref?.();
      wakeAll();
    },

    /** A batch committed: its entries are applied within `gatherMs` (once started). */
    wake: wakeSoon,

    caughtUp,

    lag(): Promise<TProjectionLag[]> {
      return Promise.all(followers.map((follower) => follower.lag()));
    },

    /**
     * Stops following the feed once it has applied what the last batches appended, or after STOP_WAIT_MS
     * when a projection keeps failing: what is not applied stays in the feed for the next start.
     */
    async stop(): Promise<void> {
      if (isStopped) return;
      isStopped = true;
      if (poll !== null) clearInterval(poll);
      if (pending !== null) clearTimeout(pending);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, STOP_WAIT_MS);
      });
      await Promise.race([caughtUp().catch(() => undefined), waited]);
      clearTimeout(timer);
      await Promise.all(followers.map((follower) => follower.stop()));
    },
  };
}

export type TProjections = ReturnType<typeof createProjections>;
