import type { TLlrpSettings } from '@loupe/domain/registry/llrp';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../../lib/clock.ts';
import type { TEventBus } from '../../realtime/event-bus.ts';
import { startLlrpConnector, type TLlrpConnector, type TLlrpTiming } from './connector.ts';
import type { TLlrpTagRead } from './reader-config.ts';
import type { TLlrpConnectionPatch, TLlrpRepository } from './repository.ts';

/** A reader's heartbeat (its keepalives) is written down at most this often. */
const HEARTBEAT_EVERY_MS = 10_000;

export type TLlrpManagerOptions = {
  readonly repository: TLlrpRepository;
  /** This Loupe instance, as its leases name it. */
  readonly instanceId: string;
  /** LLRP_LEASE_SECONDS: a lease lasts this long and is renewed every quarter of it. */
  readonly leaseMs: number;
  readonly timing: TLlrpTiming;
  /** A report's reads, handed to the ingest pipeline as every reader's are. */
  readonly ingest: (readerId: string, reads: TLlrpTagRead[]) => Promise<void>;
  readonly events: TEventBus;
  readonly clock: TClock;
  readonly logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

const READER_STATUS_OF = { connected: 'online', disconnected: 'offline', error: 'error' } as const;

/**
 * Keeps a connection to every LLRP reader whose lease this instance holds (issue 40 §5): each pass takes or
 * renews the leases with one conditional upsert a reader, starts the connectors of readers it holds (again,
 * when their settings changed) and stops those it no longer holds or that went. A lease lasts leaseMs and is
 * renewed every leaseMs / 4, so another instance takes a reader over at most 1.25 × leaseMs after this one died.
 */
export function createLlrpManager(options: TLlrpManagerOptions) {
  const { repository, instanceId, logger } = options;
  const connectors = new Map<
    string,
    { connector: TLlrpConnector; heldUntil: number; writes: Promise<void> }
  >();
  const heartbeatAt = new Map<string, number>();
  let passing: Promise<void> | null = null;
  let passingAgain: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  // Nothing connects until start(): the app's tests save settings without any connection being made.
  let isStopped = true;

  function write(readerId: string, work: () => Promise<unknown>): void {
    const entry = connectors.get(readerId);
    const run = () =>
      work().then(
        () => undefined,
        (error: unknown) =>
          logger.error({ err: (error as Error).message, readerId }, 'llrp: could not record the connection'),
      );
    if (entry) entry.writes = entry.writes.then(run);
    else void run();
  }

  function onChange(readerId: string, patch: TLlrpConnectionPatch): void {
    write(readerId, async () => {
      if (patch.state === undefined || patch.state === 'connecting') {
        await repository.record(readerId, patch);
        return;
      }
      const at = options.clock();
      const status = READER_STATUS_OF[patch.state];
      const row = await repository.recordWithStatus(readerId, patch, status, at);
      if (row) {
        options.events.publish('rfid:reader-status', {
          readerId: row.id,
          readerName: row.name,
          status,
          timestamp: at.toISOString(),
          ...(patch.lastError ? { message: patch.lastError } : {}),
        });
      }
    });
  }

  function onAlive(readerId: string): void {
    const at = options.clock();
    const previous = heartbeatAt.get(readerId) ?? 0;
    if (at.getTime() - previous < HEARTBEAT_EVERY_MS) return;
    heartbeatAt.set(readerId, at.getTime());
    write(readerId, () => repository.setReaderStatus(readerId, 'online', at));
  }

  function start(readerId: string, settings: TLlrpSettings, heldUntil: number): void {
    const connector = startLlrpConnector({
      readerId,
      settings,
      timing: options.timing,
      ingest: (reads) => options.ingest(readerId, reads),
      onChange: (patch) => onChange(readerId, patch),
      onAlive: () => onAlive(readerId),
      logger,
      now: options.clock,
    });
    connectors.set(readerId, { connector, heldUntil, writes: Promise.resolve() });
  }

  /** Stops a reader's connector; `isClosing` writes it down as disconnected (not when another holds it now). */
  async function release(readerId: string, isClosing = false): Promise<void> {
    const entry = connectors.get(readerId);
    if (!entry) return;
    await entry.connector.stop();
    if (isClosing) onChange(readerId, { state: 'disconnected', lastError: null });
    await entry.writes;
    connectors.delete(readerId);
    heartbeatAt.delete(readerId);
  }

  async function pass(): Promise<void> {
    const readers = await repository.listConfigured();
    // Wall time, as the database counts the lease (not the app's clock, which tests hold still).
    const now = Date.now();
    const configured = new Set(readers.map((reader) => reader.readerId));
    for (const readerId of [...connectors.keys()]) {
      if (!configured.has(readerId)) await release(readerId, true);
    }
    for (const { readerId, settings } of readers) {
      if (isStopped) return;
      const heldUntil = now + options.leaseMs;
      let isHeld: boolean;
      try {
        isHeld = await repository.claimLease(readerId, instanceId, options.leaseMs);
      } catch (error) {
        logger.error({ err: (error as Error).message, readerId }, 'llrp: could not renew a lease');
        // Without the database we cannot know; past our lease someone else may hold the reader.
        const entry = connectors.get(readerId);
        isHeld = entry !== undefined && entry.heldUntil > now;
      }
      const entry = connectors.get(readerId);
      if (!isHeld) {
        if (entry) logger.warn({ readerId }, 'llrp: another instance holds the reader now');
        await release(readerId);
        continue;
      }
      if (entry && JSON.stringify(entry.connector.settings) === JSON.stringify(settings)) {
        entry.heldUntil = heldUntil;
        continue;
      }
      await release(readerId);
      start(readerId, settings, heldUntil);
    }
  }

  /**
   * One pass at a time. A pass asked for while one runs (settings saved meanwhile) runs once more after it:
   * the running one may have listed the readers before the change.
   */
  function refresh(): Promise<void> {
    if (isStopped) return Promise.resolve();
    if (passing) {
      passingAgain ??= passing.then(() => {
        passingAgain = null;
        return refresh();
      });
      return passingAgain;
    }
    passing = pass()
      .catch((error: unknown) =>
        logger.error({ err: (error as Error).message }, 'llrp: the lease pass failed'),
      )
      .finally(() => {
        passing = null;
      });
    return passing;
  }

  return {
    refresh,

    /** Starts the passes; the answer stops them, the connections, and gives the leases back. */
    start(): () => Promise<void> {
      if (!isStopped) return () => stop();
      isStopped = false;
      void refresh();
      timer = setInterval(() => void refresh(), Math.max(1, Math.floor(options.leaseMs / 4)));
      timer.unref();
      return () => stop();
    },

    /** The readers whose connection this instance holds. */
    held(): string[] {
      return [...connectors.keys()];
    },

    stop,
  };

  /**
   * Stops the passes and the connections. The leases are given back, so another instance takes the readers
   * at once, unless `releaseLeases` is false: what a killed instance leaves behind, for them to expire.
   */
  async function stop(stopOptions: { readonly releaseLeases?: boolean } = {}): Promise<void> {
    isStopped = true;
    if (timer) clearInterval(timer);
    timer = null;
    await passing;
    const readerIds = [...connectors.keys()];
    await Promise.all(readerIds.map((readerId) => release(readerId, true)));
    if (stopOptions.releaseLeases === false) return;
    await repository
      .releaseLeases(instanceId, readerIds)
      .catch((error: unknown) =>
        logger.error({ err: (error as Error).message }, 'llrp: could not give the leases back'),
      );
  }
}

export type TLlrpManager = ReturnType<typeof createLlrpManager>;
