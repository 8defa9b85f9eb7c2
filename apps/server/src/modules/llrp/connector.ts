import type { TLlrpSettings } from '@loupe/domain/registry/llrp';
import type { FastifyBaseLogger } from 'fastify';
import { paramOf, type TLlrpMessage } from './codec.ts';
import { connectLlrp, type TLlrpConnection } from './connection.ts';
import {
  LOUPE_ROSPEC_ID,
  parseCapabilities,
  readerConfigOf,
  roSpecOf,
  type TLlrpCapabilities,
  type TLlrpTagRead,
  tagReadsOf,
} from './reader-config.ts';
import type { TLlrpConnectionPatch } from './repository.ts';

/** How long each step may take, how often the reader says it is alive, and how reconnecting backs off. */
export type TLlrpTiming = {
  readonly connectTimeoutMs: number;
  readonly requestTimeoutMs: number;
  /** The keepalive period asked of the reader; three missed in a row mean the connection is dead. */
  readonly keepaliveMs: number;
  readonly backoffMinMs: number;
  readonly backoffMaxMs: number;
};

export const DEFAULT_LLRP_TIMING: TLlrpTiming = {
  connectTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepaliveMs: 10_000,
  backoffMinMs: 1_000,
  backoffMaxMs: 60_000,
};

export type TLlrpConnectorOptions = {
  readonly readerId: string;
  readonly settings: TLlrpSettings;
  readonly timing: TLlrpTiming;
  /** A report's reads, through the ingest pipeline; resolves once they are recorded. */
  readonly ingest: (reads: TLlrpTagRead[]) => Promise<void>;
  /** The connection changed (state, capabilities, error, last report): written down by the manager. */
  readonly onChange: (patch: TLlrpConnectionPatch) => void;
  /** The reader said it is alive (a keepalive or a report). */
  readonly onAlive: () => void;
  readonly logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  readonly now: () => Date;
};

export type TLlrpConnector = {
  readonly settings: TLlrpSettings;
  /** Closes the connection and stops reconnecting; resolves once the reads received are recorded. */
  stop(): Promise<void>;
};

/** The reader's side of the configuration, in LLRP 1.0.1's order: clear, configure, add, enable, start. */
async function configure(
  connection: TLlrpConnection,
  settings: TLlrpSettings,
  timing: TLlrpTiming,
): Promise<TLlrpCapabilities> {
  const ask = (type: string, data: Record<string, unknown>) =>
    connection.transact(type, data, timing.requestTimeoutMs);
  const capabilities = parseCapabilities(await ask('GET_READER_CAPABILITIES', { RequestedData: 'All' }));
  // ROSpec 0 is every ROSpec: whatever another client left on the reader goes.
  await ask('DELETE_ROSPEC', { ROSpecID: 0 });
  await ask('SET_READER_CONFIG', readerConfigOf(timing.keepaliveMs));
  await ask('ADD_ROSPEC', roSpecOf(settings, capabilities));
  await ask('ENABLE_ROSPEC', { ROSpecID: LOUPE_ROSPEC_ID });
  await ask('START_ROSPEC', { ROSpecID: LOUPE_ROSPEC_ID });
  return capabilities;
}

/**
 * One LLRP reader's connection (issue 40 §1): connect, configure, take reports and events, answer keepalives;
 * on a drop, a dead silence or a failed step, connect again after a backoff that doubles up to backoffMaxMs.
 * Every step has a timeout, so a reader that never answers holds up nothing but itself.
 */
export function startLlrpConnector(options: TLlrpConnectorOptions): TLlrpConnector {
  const { readerId, settings, timing, logger } = options;
  const where = `${settings.host}:${settings.port}`;
  let isStopped = false;
  let connection: TLlrpConnection | null = null;
  let wake: () => void = () => undefined;
  // Reports are recorded one after another, in the order the reader sent them.
  let recording: Promise<void> = Promise.resolve();
  let heardAt = Date.now();

  function alive(): void {
    heardAt = Date.now();
    options.onAlive();
  }

  function onMessage(message: TLlrpMessage): void {
    switch (message.type) {
      case 'KEEPALIVE':
        connection?.send('KEEPALIVE_ACK', {}, message.id);
        alive();
        return;
      case 'RO_ACCESS_REPORT': {
        alive();
        const reads = tagReadsOf(message, options.now);
        if (reads.length === 0) return;
        recording = recording
          .then(() => options.ingest(reads))
          .then(
            () => options.onChange({ lastReportAt: options.now() }),
            (error: unknown) =>
              logger.error({ err: (error as Error).message, readerId }, 'llrp: could not record a report'),
          );
        return;
      }
      case 'READER_EVENT_NOTIFICATION': {
        const data = paramOf(message.data, 'ReaderEventNotificationData');
        const attempt = paramOf(data, 'ConnectionAttemptEvent').Status;
        if (attempt !== undefined && attempt !== 'Success') {
          logger.warn({ readerId, status: attempt }, 'llrp: the reader refused the connection');
          connection?.close();
        }
        const exception = paramOf(data, 'ReaderExceptionEvent').Message;
        if (exception !== undefined)
          logger.warn({ readerId, exception }, 'llrp: the reader reported an exception');
        return;
      }
      default:
        logger.warn({ readerId, type: message.type }, 'llrp: ignored an unexpected message');
    }
  }

  /** Resolves when the connection closes, or closes it after three keepalive periods without a word. */
  async function watch(open: TLlrpConnection): Promise<string | null> {
    heardAt = Date.now();
    let silence: string | null = null;
    const timer = setInterval(() => {
      if (Date.now() - heardAt > 3 * timing.keepaliveMs) {
        silence = `No keepalive from ${where} for ${3 * timing.keepaliveMs} ms.`;
        open.close();
      }
    }, timing.keepaliveMs);
    try {
      const reason = await open.closed;
      return silence ?? reason?.message ?? null;
    } finally {
      clearInterval(timer);
    }
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async function run(): Promise<void> {
    let backoffMs = timing.backoffMinMs;
    while (!isStopped) {
      options.onChange({ state: 'connecting' });
      let open: TLlrpConnection | null = null;
      try {
        open = await connectLlrp({
          host: settings.host,
          port: settings.port,
          useTls: settings.useTls,
          connectTimeoutMs: timing.connectTimeoutMs,
          onMessage: (message) => {
            if (!isStopped) onMessage(message);
          },
          onBadMessage: (error) =>
            logger.warn(
              { readerId, err: error.message },
              'llrp: skipped a message that could not be decoded',
            ),
        });
        connection = open;
        if (isStopped) break;
        const capabilities = await configure(open, settings, timing);
        const { manufacturer, model, firmware, antennaCount } = capabilities;
        options.onChange({
          state: 'connected',
          lastError: null,
          manufacturer,
          model,
          firmware,
          antennaCount,
        });
        logger.info({ readerId, where, model }, 'llrp: reader configured');
        backoffMs = timing.backoffMinMs;
        const reason = await watch(open);
        if (isStopped) break;
        logger.warn({ readerId, reason }, 'llrp: connection lost');
        options.onChange({ state: 'disconnected', lastError: reason });
      } catch (error) {
        if (isStopped) break;
        const message = (error as Error).message;
        logger.warn({ readerId, err: message }, 'llrp: could not connect or configure the reader');
        options.onChange({ state: 'error', lastError: message });
      } finally {
        open?.close();
        connection = null;
      }
      if (isStopped) break;
      await pause(backoffMs);
      backoffMs = Math.min(timing.backoffMaxMs, backoffMs * 2);
    }
  }

  const running = run().catch((error: unknown) =>
    logger.error({ err: (error as Error).message, readerId }, 'llrp: the connector stopped'),
  );

  return {
    settings,
    async stop() {
      isStopped = true;
      connection?.close();
      wake();
      await running;
      await recording;
    },
  };
}
