import { AppError, type TValidationDetails } from '@loupe/domain/errors/errors';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import type { TReadersRepository } from '../readers/repository.ts';
import type { TTrackingService } from '../tracking/service.ts';
import { adaptGenericReads } from './adapters/generic.ts';
import { adaptImpinjPayload } from './adapters/impinj.ts';
import { countJsonValues } from './adapters/json-stream.ts';
import { emptyResult, type TAdapterResult } from './adapters/types.ts';
import { adaptZebraPayload } from './adapters/zebra.ts';
import type { TRfidJournalRepository } from './journal-repository.ts';
import { APPLY_CURSOR } from './journal-repository.ts';
import type { TPayloadFormat, TReaderTopic } from './mqtt-topics.ts';
import { createIngestPipeline, type TIngestSummary } from './pipeline.ts';
import { createRejectionLog } from './rejection-log.ts';
import type { TRfidRepository } from './repository.ts';

/** A reader silent this long is shown offline. */
export const READER_SILENCE_MS = 150_000;

/**
 * Antenna mappings are read again at least this often, so that a mapping changed through another instance
 * (several Loupe instances share one database) applies here too; this instance's own changes apply at once.
 */
export const MAPPINGS_REFRESH_MS = 15_000;

/** Reads the retention sweep deletes per statement: each statement is short, so ingest never waits long. */
export const READ_SWEEP_BATCH = 5_000;

const DAY_MS = 86_400_000;

/** RFID_MAX_READS_PER_PAYLOAD's default: a 1 MiB payload of real Zebra or Impinj events holds ~4,000. */
export const DEFAULT_MAX_READS_PER_PAYLOAD = 5_000;

/** How readers reach this instance over MQTT: set by main.ts once the broker or subscription is up. */
export type TMqttTransport =
  | { readonly mode: 'embedded'; readonly port: number; readonly connectedClients: () => number }
  | { readonly mode: 'external'; readonly brokerHost: string; readonly subscription: string }
  | { readonly mode: 'none' };

export type TRfidServiceOptions = {
  readonly rfid: TTransactional<TRfidRepository>;
  /** The read journal (decision 025). */
  readonly journal: TTransactional<TRfidJournalRepository>;
  /** Reader keys and antenna mappings. */
  readonly readers: Pick<TReadersRepository, 'listAntennaMappings' | 'findReaderByApiKey'>;
  readonly tracking: Pick<TTrackingService, 'applyMoves' | 'itemsCarrying'>;
  readonly events: TEventBus;
  readonly clock: TClock;
  readonly logger: FastifyBaseLogger;
  readonly dedupeWindowMs: number;
  /** RFID_MAX_QUEUED_READS: the pipeline's bound (back-pressure beyond it). */
  readonly maxQueuedReads?: number;
  /** Most reads applied in one transaction (RFID_MAX_BATCH_READS). */
  readonly maxBatchReads?: number;
  /** RFID_READ_RETENTION_DAYS: reads older than this are deleted by sweepExpiredReads; 0 keeps them all. */
  readonly readRetentionDays?: number;
  /**
   * RFID_JOURNAL_RETENTION_DAYS: applied journal rows older than this are deleted by sweepExpiredReads;
   * 0 keeps them all. A row not applied yet is kept whatever its age.
   */
  readonly journalRetentionDays?: number;
  /** RFID_MAX_READS_PER_PAYLOAD: a payload holding more is refused whole, before any of it is read. */
  readonly maxReadsPerPayload?: number;
};

/**
 * The API key of an HTTP ingest request: `X-API-Key: lpr_…`, `Authorization: Bearer lpr_…`, or HTTP Basic
 * with the key as the password (any user name, e.g. the reader's id): an Impinj R700's webhook and a Zebra
 * FX's HTTP POST endpoint take a user name and a password, not a custom header (issue 21 §1).
 */
export function apiKeyOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const authorization = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(lpr_\S+)$/i.exec(authorization);
  if (bearer) return bearer[1] ?? null;
  const basic = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(authorization);
  if (!basic?.[1]) return null;
  const credentials = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  const password = colon === -1 ? '' : credentials.slice(colon + 1);
  return password === '' ? null : password;
}

/**
 * Everything a reader's payload goes through (docs/architecture.md): the adapter of its format, then the
 * pipeline. The same for HTTP ingest, the embedded broker and an external broker.
 */
export function createRfidService(options: TRfidServiceOptions) {
  const { rfid: repository, clock, events, readers: readersRepository } = options;
  const maxReadsPerPayload = options.maxReadsPerPayload ?? DEFAULT_MAX_READS_PER_PAYLOAD;
  const refusals = createRejectionLog({ logger: options.logger, clock });

  // A reader is marked online at most every so often, not on every payload of a busy stream.
  const MARK_ONLINE_EVERY_MS = 10_000;
  const markedOnlineAt = new Map<string, number>();

  async function markOnline(readerId: string, at: Date): Promise<void> {
    const previous = markedOnlineAt.get(readerId);
    if (previous !== undefined && at.getTime() - previous < MARK_ONLINE_EVERY_MS) return;
    markedOnlineAt.set(readerId, at.getTime());
    const row = await repository.markOnline(readerId, at);
    if (row) {
      events.publish('rfid:reader-status', {
        readerId: row.id,
        readerName: row.name,
        status: 'online',
        timestamp: at.toISOString(),
      });
    }
  }

  const pipeline = createIngestPipeline({
    applyMoves: options.tracking.applyMoves,
    itemsCarrying: options.tracking.itemsCarrying,
    loadMappings: () => readersRepository.listAntennaMappings(),
    readRecords: repository.within,
    journal: options.journal,
    onHeartbeat: markOnline,
    events,
    clock,
    logger: options.logger,
    dedupeWindowMs: options.dedupeWindowMs,
    ...(options.maxQueuedReads === undefined ? {} : { maxQueuedReads: options.maxQueuedReads }),
    ...(options.maxBatchReads === undefined ? {} : { maxBatchSize: options.maxBatchReads }),
  });
  // A changed mapping or a deleted station applies from the next batch on.
  const stopWatching = events.subscribe((announcement) => {
    if (announcement.name.startsWith('department:') || announcement.name.startsWith('station:')) {
      pipeline.invalidateMappings();
    }
  });
  const mappingsRefresh = setInterval(() => pipeline.invalidateMappings(), MAPPINGS_REFRESH_MS);
  mappingsRefresh.unref();

  /**
   * Issue 34 §3: a payload of more reads than RFID_MAX_READS_PER_PAYLOAD is refused whole, counted in one
   * pass over its text before it is parsed, so its size costs nothing per element: no object made, no
   * reason written, one line of log at most.
   */
  function refuseOversized(readerId: string, payload: string | Buffer | unknown): void {
    const count =
      typeof payload === 'string' || Buffer.isBuffer(payload)
        ? countJsonValues(payload, maxReadsPerPayload)
        : Array.isArray(payload)
          ? payload.length
          : 1;
    if (count <= maxReadsPerPayload) return;
    const message = `A payload may hold at most ${maxReadsPerPayload.toLocaleString('en')} reads; this one holds more. Send them in several payloads.`;
    refusals.report(readerId, { code: 'TOO_MANY_READS', parts: count, reason: message });
    throw new AppError('TOO_MANY_READS', message, { details: { maxReadsPerPayload } });
  }

  function adapt(readerId: string, format: TPayloadFormat, payload: string | unknown): TAdapterResult {
    const context = { readerId, now: clock };
    switch (format) {
      case 'zebra':
        return adaptZebraPayload(typeof payload === 'string' ? payload : JSON.stringify(payload), context);
      case 'impinj':
        return adaptImpinjPayload(typeof payload === 'string' ? payload : JSON.stringify(payload), context);
      case 'reads': {
        if (typeof payload !== 'string') return adaptGenericReads(payload, context);
        let body: unknown;
        try {
          body = JSON.parse(payload) as unknown;
        } catch (error) {
          const malformed = emptyResult();
          malformed.rejected.push({ index: 0, message: `Malformed JSON: ${(error as Error).message}` });
          malformed.rejectedCount = 1;
          return malformed;
        }
        return adaptGenericReads(body, context);
      }
    }
  }

  /**
   * One payload from a reader. Resolves once its reads are recorded and applied; a payload of which
   * nothing could be read is refused with every reason, so the sender can see what is wrong.
   */
  async function ingest(
    readerId: string,
    format: TPayloadFormat,
    payload: string | Buffer | unknown,
  ): Promise<TIngestSummary> {
    refuseOversized(readerId, payload);
    const result = adapt(readerId, format, Buffer.isBuffer(payload) ? payload.toString('utf8') : payload);
    const [first] = result.rejected;
    if (first !== undefined) {
      refusals.report(readerId, {
        code: 'VALIDATION_FAILED',
        parts: result.rejectedCount,
        reason: `body[${first.index}]: ${first.message}`,
      });
    }
    // Anything read proves the reader is there.
    if (result.reads.length > 0 && result.heartbeats.length === 0) await markOnline(readerId, clock());
    const summary = await pipeline.ingest(result);
    if (result.reads.length === 0 && result.heartbeats.length === 0 && result.rejectedCount > 0) {
      const unlisted = result.rejectedCount - result.rejected.length;
      throw new AppError('VALIDATION_FAILED', 'Nothing in this payload could be read as a tag read.', {
        details: {
          issues: [
            ...result.rejected.map(({ index, message }) => ({ field: `body[${index}]`, message })),
            // Only the first MAX_LISTED_REJECTIONS are described: the answer stays small whatever was sent.
            ...(unlisted > 0
              ? [{ field: 'body', message: `${unlisted} more parts could not be read either.` }]
              : []),
          ],
        } satisfies TValidationDetails,
      });
    }
    return summary;
  }

  let transport: TMqttTransport = { mode: 'none' };

  /**
   * Readers that fell silent: online, but no read or heartbeat for READER_SILENCE_MS. Zebra readers send a
   * heartbeat every minute by default and Impinj webhooks a keep-alive, so two missed ones mean trouble.
   */
  async function markSilentReadersOffline(): Promise<string[]> {
    const now = clock();
    const rows = await repository.markSilentOffline(new Date(now.getTime() - READER_SILENCE_MS));
    for (const row of rows) {
      markedOnlineAt.delete(row.id);
      events.publish('rfid:reader-status', {
        readerId: row.id,
        readerName: row.name,
        status: 'offline',
        timestamp: now.toISOString(),
      });
    }
    return rows.map((row) => row.id);
  }

  let sweeping: Promise<number> | null = null;
  let sweepingJournal: Promise<number> | null = null;
  let isClosing = false;

  /** Deletes the reads older than the retention, a batch per statement, until none is left. */
  async function deleteExpiredReads(retentionDays: number): Promise<number> {
    const before = new Date(clock().getTime() - retentionDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const batch = await repository.deleteReadsBefore(before, READ_SWEEP_BATCH);
      deleted += batch;
      // Closing stops between statements: the next sweep finishes what is left.
      if (batch < READ_SWEEP_BATCH || isClosing) break;
    }
    if (deleted > 0) {
      options.logger.info(
        { deleted, before: before.toISOString() },
        'rfid: reads past their retention deleted',
      );
    }
    return deleted;
  }

  /** Deletes the applied journal rows journaled longer ago than the retention, a batch per statement. */
  async function deleteExpiredJournalRows(retentionDays: number): Promise<number> {
    const before = new Date(clock().getTime() - retentionDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const batch = await options.journal.deleteAppliedBefore(APPLY_CURSOR, before, READ_SWEEP_BATCH);
      deleted += batch;
      if (batch < READ_SWEEP_BATCH || isClosing) break;
    }
    if (deleted > 0) {
      options.logger.info(
        { deleted, before: before.toISOString() },
        'rfid: journal rows past their retention deleted',
      );
    }
    return deleted;
  }

  return {
    pipeline,

    /**
     * The retention sweep (RFID_READ_RETENTION_DAYS): deletes reads made longer ago than the retention,
     * never location history, which keeps its own copy of each read's key. A sweep still running is joined,
     * not started twice. How many reads went.
     */
    sweepExpiredReads(): Promise<number> {
      const retentionDays = options.readRetentionDays ?? 0;
      if (retentionDays === 0) return Promise.resolve(0);
      sweeping ??= deleteExpiredReads(retentionDays).finally(() => {
        sweeping = null;
      });
      return sweeping;
    },

    /**
     * The journal's retention sweep (RFID_JOURNAL_RETENTION_DAYS): deletes applied journal rows journaled
     * longer ago than the retention; a row not applied yet stays. How many rows went.
     */
    sweepExpiredJournal(): Promise<number> {
      const retentionDays = options.journalRetentionDays ?? 0;
      if (retentionDays === 0) return Promise.resolve(0);
      sweepingJournal ??= deleteExpiredJournalRows(retentionDays).finally(() => {
        sweepingJournal = null;
      });
      return sweepingJournal;
    },

    setMqttTransport(next: TMqttTransport): void {
      transport = next;
    },

    mqttTransport(): TMqttTransport {
      return transport;
    },

    markSilentReadersOffline,

    /** The readers service changed a mapping: reads are resolved with it from the next batch on. */
    mappingsChanged(): void {
      pipeline.invalidateMappings();
    },

    /** A refused connection or publish of a reader: the newest reason, how often, since when (issue 21 §5). */
    async recordRejection(rejection: {
      readerId: string;
      reason: string;
      topic: string | null;
    }): Promise<void> {
      await repository.recordRejection({ ...rejection, at: clock() });
    },

    /** Every reader's last refusal, newest first. */
    async rejections() {
      const rows = await repository.listRejections();
      return rows.map((row) => ({
        readerId: row.readerId,
        reason: row.reason,
        topic: row.topic,
        count: row.count,
        firstAt: row.firstAt.toISOString(),
        lastAt: row.lastAt.toISOString(),
      }));
    },

    /** The cluster's counts of fresh reads that placed nothing, per reason, reader and antenna, newest first. */
    async unresolvedReads() {
      const rows = await repository.listUnresolved();
      return rows.map((row) => ({
        reason: row.reason,
        readerId: row.readerId,
        antenna: row.antenna,
        reads: row.reads,
        lastEpc: row.lastEpc,
        firstSeenAt: row.firstSeenAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      }));
    },

    async authenticateReader(request: FastifyRequest): Promise<string> {
      const key = apiKeyOf(request);
      const reader = key ? await readersRepository.findReaderByApiKey(key) : undefined;
      if (!reader) {
        throw new AppError(
          'UNAUTHENTICATED',
          'A valid reader API key is required: X-API-Key, Bearer, or HTTP Basic with the key as the password.',
        );
      }
      return reader.id;
    },

    /** Reader credentials of the embedded broker: user name = reader id, password = API key. */
    async checkReaderCredentials(readerId: string, apiKey: string): Promise<boolean> {
      const reader = await readersRepository.findReaderByApiKey(apiKey);
      return reader?.id === readerId;
    },

    ingest,

    /**
     * An MQTT publish: a payload that is malformed or holds too many reads is counted and logged (at most a
     * line per reader a minute), and acknowledged, never thrown (issue 6 §1): it would come again forever.
     */
    async ingestPublish(topic: TReaderTopic, payload: Buffer): Promise<void> {
      try {
        await ingest(topic.readerId, topic.format, payload);
      } catch (error) {
        const isRefusal =
          error instanceof AppError &&
          (error.code === 'VALIDATION_FAILED' || error.code === 'TOO_MANY_READS');
        if (!isRefusal) throw error;
      }
    },

    async close(): Promise<void> {
      stopWatching();
      clearInterval(mappingsRefresh);
      // A sweep in progress ends after its current statement, before the database closes.
      isClosing = true;
      await sweeping?.catch(() => undefined);
      await sweepingJournal?.catch(() => undefined);
      return pipeline.close();
    },
  };
}

export type TRfidService = ReturnType<typeof createRfidService>;
