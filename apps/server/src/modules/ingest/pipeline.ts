import { roomName } from '@loupe/domain/realtime/events';
import type { TAntennaMapping } from '@loupe/domain/registry/readers';
import {
  indexScanMappings,
  resolveScan,
  stationScannerId,
  type TScanPlace,
  type TScanResolution,
  type TTagReadEvent,
} from '@loupe/domain/tracking/scan-resolution';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TBatchSteps, TLocationMove, TMoveOutcome } from '../tracking/location-moves.ts';
import type { TAdapterResult } from './adapters/types.ts';
import { createDedupe, DEFAULT_DEDUPE_WINDOW_MS } from './dedupe.ts';
import { createRfidRepository } from './repository.ts';

/**
 * The ingest pipeline (docs/architecture.md, "A read, from the reader to the screen"): normalized reads → dedupe → (reader, antenna) resolution →
 * micro-batched, idempotent application → announcements after commit. `ingest` resolves once the reads of
 * its payload are durably recorded and applied, which is when HTTP answers 2xx and MQTT sends PUBACK.
 */
export type TIngestSummary = {
  readonly accepted: number;
  readonly repeats: number;
  /** The first parts that could not be read, with why (adapters/types.ts: MAX_LISTED_REJECTIONS). */
  readonly rejected: { readonly index: number; readonly message: string }[];
  /** How many parts could not be read, listed or not. */
  readonly rejectedCount: number;
  readonly ignored: number;
  readonly heartbeats: number;
};

export type TPipelineCounters = {
  received: number;
  fresh: number;
  repeats: number;
  rejected: number;
  ignored: number;
  moved: number;
  tagAssignment: number;
  unknownTag: number;
  batches: number;
  /** Reads of antennas that map to no station, by "reader/antenna" (shown on the RFID mapping screen). */
  unmapped: Record<string, number>;
};

export type TIngestPipelineOptions = {
  /**
   * Applies a batch's moves in ONE transaction that also runs `steps` (docs/architecture.md): the pipeline
   * records the batch's reads in `steps.before`, so recording and applying commit together or not at all.
   */
  readonly applyMoves: (moves: readonly TLocationMove[], steps: TBatchSteps) => Promise<TMoveOutcome[]>;
  /** The items already carrying these tags (tag-assignment reads of them say so). */
  readonly itemsCarrying: (
    epcs: readonly string[],
  ) => Promise<ReadonlyMap<string, { itemType: 'order' | 'repair'; number: string }>>;
  /** Every antenna mapping; read again after `invalidateMappings`. */
  readonly loadMappings: () => Promise<readonly TAntennaMapping[]>;
  /** A reader said it is alive. */
  readonly onHeartbeat: (readerId: string, at: Date) => Promise<void>;
  readonly events: TEventBus;
  readonly clock: TClock;
  readonly logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  readonly dedupeWindowMs?: number;
  /** A batch is applied when it holds this many reads, or after `batchWaitMs`, whichever comes first. */
  readonly batchSize?: number;
  readonly batchWaitMs?: number;
  /**
   * While a batch is applied, arriving payloads wait; the next batch takes all of them, up to this many
   * reads, so under load the per-statement cost is shared by more reads instead of batches queueing up.
   */
  readonly maxBatchSize?: number;
  /**
   * Back-pressure (issue 18 §6): at most this many reads wait for a batch. A payload beyond it waits for
   * room before it is queued, unacknowledged, so MQTT readers' in-flight windows fill up and they slow
   * down (the connection guard stops reading their sockets), and HTTP callers wait for their answer.
   */
  readonly maxQueuedReads?: number;
};

type TQueued = {
  read: TTagReadEvent;
  /** A station page's scan repeated wants an answer: the same read again counts as a repeat, not dropped. */
  keepsRedelivery: boolean;
  /**
   * Set when its batch judges it, against what earlier batches committed (issue 34 §1): `dropped` is the
   * very read recorded before, delivered again; a repeat takes its fresh read's key, so its row counts it.
   */
  verdict?: 'fresh' | 'repeat' | 'dropped' | undefined;
  readKey?: string | undefined;
  /** A station page's keyboard-wedge scan: at this station, by this user. */
  station?: TScanPlace | undefined;
  actorId?: string | null | undefined;
  /** What applying it did, once its batch committed (a station scan answers with it). */
  outcome?: TMoveOutcome | undefined;
};
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

/** A read's identity: the same read delivered twice has the same key. */
export function readKeyOf(read: TTagReadEvent): string {
  return readKeyAt(read, Date.parse(read.timestamp));
}

/** The key of the read of this tag, reader and antenna made at `at` (ms): a repeat's fresh read. */
function readKeyAt(read: TTagReadEvent, at: number): string {
  return `${read.readerId}/${read.antenna}/${read.epc}/${at}`;
}

/** Why a fresh read placed nothing: its antenna is mapped nowhere, or no order or repair carries its tag. */
export type TUnresolvedReason = 'unmapped-antenna' | 'unknown-tag';
type TUnresolvedTally = Map<
  string,
  {
    reason: TUnresolvedReason;
    readerId: string;
    antenna: number;
    reads: number;
    lastEpc: string;
    firstAt: Date;
    lastAt: Date;
  }
>;

function tally(
  into: TUnresolvedTally,
  reason: TUnresolvedReason,
  readerId: string,
  antenna: number,
  epc: string,
  at: Date,
): void {
  const key = `${reason}/${readerId}/${antenna}`;
  const row = into.get(key);
  if (row === undefined) {
    into.set(key, { reason, readerId, antenna, reads: 1, lastEpc: epc, firstAt: at, lastAt: at });
    return;
  }
  row.reads += 1;
  if (at.getTime() >= row.lastAt.getTime()) {
    row.lastAt = at;
    row.lastEpc = epc;
  }
  if (at.getTime() < row.firstAt.getTime()) row.firstAt = at;
}

export function createIngestPipeline(options: TIngestPipelineOptions) {
  const { events, logger, clock } = options;
  const dedupe = createDedupe({ windowMs: options.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS });
  // A cap below the usual trigger lowers the trigger too: a batch never holds more than maxBatchSize reads.
  const maxBatchSize = Math.max(1, options.maxBatchSize ?? 5_000);
  const batchSize = Math.min(options.batchSize ?? 500, maxBatchSize);
  const batchWaitMs = options.batchWaitMs ?? 10;
  const maxQueuedReads = Math.max(maxBatchSize, options.maxQueuedReads ?? 50_000);
  const counters: TPipelineCounters = {
    received: 0,
    fresh: 0,
    repeats: 0,
    rejected: 0,
    ignored: 0,
    moved: 0,
    tagAssignment: 0,
    unknownTag: 0,
    batches: 0,
    unmapped: {},
  };

  let mappings: Promise<Map<string, TAntennaMapping>> | null = null;
  function currentMappings(): Promise<Map<string, TAntennaMapping>> {
    mappings ??= options.loadMappings().then(
      (list) => indexScanMappings(list),
      (error: unknown) => {
        mappings = null;
        throw error;
      },
    );
    return mappings;
  }

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

  /** The durable part of the acknowledgement: the fresh reads, and the repeats counted on their rows. */
  async function recordReads(
    tx: TDatabase,
    fresh: readonly TQueued[],
    repeatsByKey: ReadonlyMap<string, { count: number; at: number }>,
  ): Promise<void> {
    const repository = createRfidRepository(tx);
    await repository.recordFreshReads(
      fresh.map(({ read, readKey }) => ({
        readKey: readKey ?? readKeyOf(read),
        readerId: read.readerId,
        antenna: read.antenna,
        epc: read.epc,
        readAt: new Date(read.timestamp),
        rssi: read.rssi,
      })),
    );
    await repository.countRepeats(
      [...repeatsByKey].map(([readKey, { count, at }]) => ({ readKey, count, at: new Date(at) })),
    );
  }

  /**
   * One batch, ONE transaction (docs/architecture.md): its reads are recorded, its moves applied and its
   * unplaceable reads counted together, so an acknowledged read is never recorded without being applied
   * (nor the other way round); everything is announced once it committed.
   */
  async function applyBatch(batch: readonly TQueued[]): Promise<void> {
    if (batch.length === 0) return;
    counters.batches += 1;
    const resolutions = await currentMappings();
    // Judged here, in arrival order, against what earlier batches committed; the window learns these reads
    // only if this batch commits (dedupe.ts).
    const judging = dedupe.begin();
    for (const item of batch) {
      item.outcome = undefined;
      const verdict = judging.judge(item.read);
      if (verdict.kind === 'fresh') {
        item.verdict = 'fresh';
        item.readKey = readKeyOf(item.read);
      } else {
        item.verdict = verdict.kind === 'redelivery' && !item.keepsRedelivery ? 'dropped' : 'repeat';
        item.readKey = readKeyAt(item.read, verdict.freshAt);
      }
    }
    const fresh = batch.filter((item) => item.verdict === 'fresh');
    // Repeats fold into their fresh read's row: one count and the latest time per key.
    const repeatsByKey = new Map<string, { count: number; at: number; item: TQueued }>();
    for (const item of batch) {
      if (item.verdict !== 'repeat' || item.readKey === undefined) continue;
      const at = Date.parse(item.read.timestamp);
      const current = repeatsByKey.get(item.readKey);
      repeatsByKey.set(item.readKey, {
        count: (current?.count ?? 0) + 1,
        at: Math.max(current?.at ?? 0, at),
        item: current && current.at > at ? current.item : item,
      });
    }

    // Fresh reads at stations move items; a repeat only refreshes last-seen (one per key).
    const moves: TLocationMove[] = [];
    const movedBy: TQueued[] = [];
    const announced: { item: TQueued; resolved: TScanResolution }[] = [];
    const consider = (item: TQueued, isFresh: boolean) => {
      const resolved = resolveScan({ ...item.read, station: item.station }, resolutions);
      if (isFresh) announced.push({ item, resolved });
      if (resolved.kind === 'unmapped' || resolved.kind === 'tag-assignment') return;
      movedBy.push(item);
      moves.push({
        epc: item.read.epc,
        departmentId: resolved.departmentId,
        stationId: resolved.stationId,
        // A station page's scan names no reader: its history says who, not which antenna.
        readerId: item.station === undefined ? item.read.readerId : null,
        antenna: item.station === undefined ? item.read.antenna : null,
        actorId: item.actorId ?? null,
        at: new Date(item.read.timestamp),
        // Only a fresh read's key marks its history row; repeats change no history.
        readKey: isFresh ? (item.readKey ?? null) : null,
      });
    };
    for (const item of fresh) consider(item, true);
    for (const { item } of repeatsByKey.values()) consider(item, false);
    // Nothing to record or apply: every read was one recorded before, delivered again.
    if (fresh.length === 0 && repeatsByKey.size === 0) return;

    let recorded = false;
    const outcomes = await options.applyMoves(moves, {
      before: async (tx) => {
        await recordReads(tx, fresh, repeatsByKey);
        recorded = true;
      },
      after: async (tx, applied) => {
        const unresolved: TUnresolvedTally = new Map();
        applied.forEach((outcome, index) => {
          const move = moves[index];
          // Fresh reads of readers only (they carry their key; a repeat is the same read again): a
          // station page's scan of an unknown tag is answered to whoever scanned it.
          if (outcome.result !== 'unknown-item' || !move?.readKey || move.readerId == null) return;
          tally(unresolved, 'unknown-tag', move.readerId, move.antenna ?? 0, move.epc, move.at);
        });
        for (const { item, resolved } of announced) {
          if (resolved.kind !== 'unmapped') continue;
          const { read } = item;
          tally(
            unresolved,
            'unmapped-antenna',
            read.readerId,
            read.antenna,
            read.epc,
            new Date(read.timestamp),
          );
        }
        await createRfidRepository(tx).countUnresolved([...unresolved.values()]);
      },
    });
    // A wrapper that dropped the steps would acknowledge reads that were never recorded.
    if (!recorded) throw new Error('rfid: the batch was applied without recording its reads');
    // Committed: from now on the window counts these reads, and so do the counters.
    judging.commit();
    counters.fresh += fresh.length;
    counters.repeats += batch.filter((item) => item.verdict === 'repeat').length;
    for (const { item, resolved } of announced) {
      if (resolved.kind === 'unmapped') {
        const key = `${item.read.readerId}/${item.read.antenna}`;
        counters.unmapped[key] = (counters.unmapped[key] ?? 0) + 1;
      }
      if (resolved.kind === 'tag-assignment') counters.tagAssignment += 1;
    }

    const repeatOutcomes = new Map<string, TMoveOutcome>();
    outcomes.forEach((outcome, index) => {
      if (outcome.result === 'moved') counters.moved += 1;
      if (outcome.result === 'unknown-item') counters.unknownTag += 1;
      const item = movedBy[index];
      if (item === undefined) return;
      item.outcome = outcome;
      if (item.verdict === 'repeat' && item.readKey !== undefined) repeatOutcomes.set(item.readKey, outcome);
    });
    // Every repeat folded into another answers as that one did.
    for (const item of batch) {
      if (item.outcome === undefined && item.verdict === 'repeat' && item.readKey !== undefined)
        item.outcome = repeatOutcomes.get(item.readKey);
    }

    // Announce, after commit: every fresh read to admins, managers and the department's room. A tag read
    // at a tag-assignment antenna says which item already carries it, so screens do not offer it again.
    const assignmentEpcs = announced.flatMap(({ item, resolved }) =>
      resolved.kind === 'tag-assignment' ? [item.read.epc] : [],
    );
    const carried = assignmentEpcs.length > 0 ? await options.itemsCarrying(assignmentEpcs) : new Map();
    for (const { item, resolved } of announced) {
      const { read } = item;
      const place = resolved.kind === 'location' ? resolved : null;
      events.publish(
        'rfid:tag-read',
        {
          epc: read.epc,
          readerId: read.readerId,
          antenna: read.antenna,
          timestamp: read.timestamp,
          ...(read.rssi === null ? {} : { rssi: read.rssi }),
          ...(place ? { departmentId: place.departmentId, stationId: place.stationId } : {}),
          ...(resolved.kind === 'tag-assignment' ? { isTagAssignment: true } : {}),
          ...(resolved.kind === 'tag-assignment' && carried.has(read.epc)
            ? { assignedTo: carried.get(read.epc) }
            : {}),
        },
        { rooms: place ? [roomName({ kind: 'department', id: place.departmentId })] : [] },
      );
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
    /** Queues the reads of one payload; resolves once they are recorded and applied. */
    async ingest(result: TAdapterResult): Promise<TIngestSummary> {
      counters.received += result.reads.length;
      // Parts refused are counted here and logged by the caller, at most a line per reader a minute.
      counters.rejected += result.rejectedCount;
      counters.ignored += result.ignored;
      for (const heartbeat of result.heartbeats) {
        await options.onHeartbeat(heartbeat.readerId, new Date(heartbeat.at));
      }
      if (result.reads.length === 0) {
        return {
          accepted: 0,
          repeats: 0,
          rejected: result.rejected,
          rejectedCount: result.rejectedCount,
          ignored: result.ignored,
          heartbeats: result.heartbeats.length,
        };
      }
      // Judged in its batch: whether a read is a repeat depends on what the batches before it committed.
      const items: TQueued[] = result.reads.map((read) => ({ read, keepsRedelivery: false }));
      await enqueue(items);
      return {
        accepted: result.reads.length,
        repeats: items.filter((item) => item.verdict === 'repeat').length,
        rejected: result.rejected,
        rejectedCount: result.rejectedCount,
        ignored: result.ignored,
        heartbeats: result.heartbeats.length,
      };
    },

    /**
     * A keyboard-wedge scan at a station page (POST /tracking/stations/{id}/scans): a read like any reader's,
     * through dedupe, recording, the batch and `rfid:tag-read` (docs/architecture.md), at the station the page
     * stands for. Resolves with what it did once its batch committed: null when it placed nothing.
     */
    async ingestStationScan(scan: {
      readonly epc: string;
      readonly place: TScanPlace;
      readonly at: Date;
      readonly actorId: string | null;
    }): Promise<TMoveOutcome | null> {
      counters.received += 1;
      const read: TTagReadEvent = {
        epc: scan.epc,
        readerId: stationScannerId(scan.place.stationId),
        readerName: null,
        antenna: 1,
        timestamp: scan.at.toISOString(),
        rssi: null,
        location: null,
      };
      const item: TQueued = { read, keepsRedelivery: true, station: scan.place, actorId: scan.actorId };
      await enqueue([item]);
      return item.outcome ?? null;
    },

    /** The registry changed: resolve reads with the new mappings from the next batch on. */
    invalidateMappings(): void {
      mappings = null;
    },

    counters(): Readonly<TPipelineCounters> {
      return counters;
    },

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

export type TIngestPipeline = ReturnType<typeof createIngestPipeline>;
