import type { TAntennaMapping } from '@loupe/domain/registry/readers';
import {
  indexScanMappings,
  stationScannerId,
  type TScanPlace,
  type TTagReadEvent,
} from '@loupe/domain/tracking/scan-resolution';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TBatchSteps, TLocationMove, TMoveOutcome } from '../tracking/location-moves.ts';
import type { TAdapterResult } from './adapters/types.ts';
import { createBatchQueue } from './batch-queue.ts';
import { createDedupe, DEFAULT_DEDUPE_WINDOW_MS } from './dedupe.ts';
import { createJournalApplier } from './journal-applier.ts';
import type { TRfidJournalRepository } from './journal-repository.ts';
import { createJournalAppender, DEFAULT_REPEAT_FLUSH_MS, type TQueued } from './read-batch.ts';
import type { TRfidRepository } from './repository.ts';

/**
 * The ingest pipeline (docs/architecture.md, "A read, from the reader to the screen"; decision 025):
 * normalized reads → dedupe → micro-batched, idempotent append to the read journal, which is when `ingest`
 * resolves (HTTP answers 2xx, MQTT sends PUBACK) → the applier follows the journal: (reader, antenna)
 * resolution, rfid_reads, moves and what follows them, announcements after commit.
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
   * Applies journal rows' moves in ONE transaction that also runs `steps` (decision 025): the applier moves
   * its cursor and records the reads in `steps.before`, so applying and the cursor commit together.
   */
  readonly applyMoves: (moves: readonly TLocationMove[], steps: TBatchSteps) => Promise<TMoveOutcome[]>;
  /** The items already carrying these tags (tag-assignment reads of them say so). */
  readonly itemsCarrying: (
    epcs: readonly string[],
  ) => Promise<ReadonlyMap<string, { itemType: 'order' | 'repair'; number: string }>>;
  /** Every antenna mapping; read again after `invalidateMappings`. */
  readonly loadMappings: () => Promise<readonly TAntennaMapping[]>;
  /** rfid_reads' SQL bound to an applier's transaction (the handed repository's `within`). */
  readonly readRecords: (tx: TDatabase) => TRfidRepository;
  /** The read journal (decision 025): appended on the hot path, followed by the applier. */
  readonly journal: TTransactional<TRfidJournalRepository>;
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
  /** Readers' repeats of one read are journaled at most this often (DEFAULT_REPEAT_FLUSH_MS). */
  readonly repeatFlushMs?: number;
  /** Most journal rows the applier applies in one transaction. */
  readonly applyBatchRows?: number;
  /** How often the applier looks for rows nobody here appended (another instance's, a crash's). */
  readonly applierPollMs?: number;
  /** After a failed batch, the applier tries again this much later. */
  readonly applierRetryMs?: number;
};

export function createIngestPipeline(options: TIngestPipelineOptions) {
  const { clock } = options;
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

  let lastAppendedSeq = 0;
  const applier = createJournalApplier({
    journal: options.journal,
    mappings: currentMappings,
    applyMoves: options.applyMoves,
    itemsCarrying: options.itemsCarrying,
    readRecords: options.readRecords,
    events: options.events,
    logger: options.logger,
    counters,
    batchRows: options.applyBatchRows ?? maxBatchSize,
    ...(options.applierPollMs === undefined ? {} : { pollMs: options.applierPollMs }),
    ...(options.applierRetryMs === undefined ? {} : { retryMs: options.applierRetryMs }),
  });
  const repeatFlushMs = options.repeatFlushMs ?? DEFAULT_REPEAT_FLUSH_MS;
  const appender = createJournalAppender({
    dedupe,
    journal: options.journal,
    clock,
    repeatFlushMs,
    counters,
    onAppended: (seq) => {
      lastAppendedSeq = Math.max(lastAppendedSeq, seq);
      applier.wake();
    },
  });
  const queue = createBatchQueue({
    batchSize,
    batchWaitMs,
    maxBatchSize,
    maxQueuedReads,
    clock,
    logger: options.logger,
    applyBatch: appender.appendBatch,
  });
  const { enqueue } = queue;
  // Readers' repeats are journaled every few seconds per read, by a batch of their own when none comes.
  const repeatFlush = setInterval(
    () => {
      if (!appender.hasDueRepeats()) return;
      enqueue([]).catch((error: unknown) => {
        options.logger.warn({ err: (error as Error).message }, 'rfid: repeats could not be journaled yet');
      });
    },
    Math.max(100, Math.round(repeatFlushMs / 2)),
  );
  repeatFlush.unref?.();
  // Rows a crash left unapplied are applied from the start.
  applier.wake();

  /**
   * Journals what is queued and the repeats waiting in memory, and waits until the applier applied
   * everything journaled so far (by any pipeline on this database).
   */
  async function drain(): Promise<void> {
    await appender.flushingAll(() => enqueue([]));
    await queue.drain();
    await applier.passed(Math.max(lastAppendedSeq, await options.journal.lastSeq()));
  }

  return {
    /** Queues the reads of one payload; resolves once they are journaled (decision 025). */
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
      const items: TQueued[] = result.reads.map((read) => ({ read, keepsRedelivery: false }));
      // Repeats of reads journaled already are acknowledged at once; any other payload is judged in its
      // batch, since whether a read is a repeat depends on what the batches before it journaled.
      if (!appender.absorbRepeats(items)) await appender.holdingKeys(items, () => enqueue(items));
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
     * through dedupe, the journal, the applier and `rfid:tag-read` (docs/architecture.md), at the station the
     * page stands for. Resolves with what it did once the applier applied it: null when it placed nothing,
     * `duplicate` when this very scan was journaled before (sent again after a restart).
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
      if (typeof item.seq === 'number') return applier.outcomeOf(item.seq);
      // Journaled before: answered once the applier is past everything journaled so far, which includes it.
      await applier.passed(Math.max(lastAppendedSeq, await options.journal.lastSeq()));
      return item.verdict === 'dropped' ? null : { result: 'duplicate' };
    },

    /** The registry changed: resolve reads with the new mappings from the next batch on. */
    invalidateMappings(): void {
      mappings = null;
    },

    counters(): Readonly<TPipelineCounters> {
      return counters;
    },

    backlog: queue.backlog,

    /** How far behind the applier is: journal rows not yet applied, the oldest one's age, rows passed over. */
    applierLag: applier.lag,

    /** The journal rows the applier passed over and nobody replayed yet. */
    passedOver: applier.passedOver,

    /** Applies the passed-over rows again (an admin, once the cause is fixed). */
    replayPassedOver: applier.replayPassedOver,

    /** Journals what is queued and waiting, and waits until the applier applied it. */
    drain,

    /**
     * Journals what is queued and waiting, gives the applier up to `applyWaitMs` to apply it, and stops:
     * what is not applied yet stays in the journal for the next start.
     */
    async close(applyWaitMs = 10_000): Promise<void> {
      clearInterval(repeatFlush);
      await appender.flushingAll(() => enqueue([]));
      await queue.drain();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        applier.passed(lastAppendedSeq),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, applyWaitMs);
        }),
      ]);
      clearTimeout(timer);
      await applier.stop();
    },
  };
}

export type TIngestPipeline = ReturnType<typeof createIngestPipeline>;
