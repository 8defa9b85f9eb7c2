import type { TAntennaMapping } from '@loupe/domain/registry/readers';
import {
  indexScanMappings,
  stationScannerId,
  type TScanPlace,
  type TTagReadEvent,
} from '@loupe/domain/tracking/scan-resolution';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TBatchSteps, TLocationMove, TMoveOutcome } from '../tracking/location-moves.ts';
import type { TAdapterResult } from './adapters/types.ts';
import { createBatchQueue } from './batch-queue.ts';
import { createDedupe, DEFAULT_DEDUPE_WINDOW_MS } from './dedupe.ts';
import { createBatchApplier, type TQueued } from './read-batch.ts';
import type { TRfidRepository } from './repository.ts';

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
  /** The read journal's SQL bound to a batch's transaction (the handed repository's `within`). */
  readonly readRecords: (tx: TDatabase) => TRfidRepository;
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

  const queue = createBatchQueue({
    batchSize,
    batchWaitMs,
    maxBatchSize,
    maxQueuedReads,
    clock,
    logger: options.logger,
    applyBatch: createBatchApplier({ ...options, dedupe, mappings: currentMappings, counters }),
  });
  const { enqueue } = queue;

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

    backlog: queue.backlog,

    /** Applies what is queued and waits for it. */
    drain: queue.drain,
  };
}

export type TIngestPipeline = ReturnType<typeof createIngestPipeline>;
