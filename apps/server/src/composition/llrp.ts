import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import type { TClock } from '../lib/clock.ts';
import type { TAuditRepository } from '../modules/audit/repository.ts';
import type { TRfidService } from '../modules/ingest/service.ts';
import { DEFAULT_LLRP_TIMING, type TLlrpTiming } from '../modules/llrp/connector.ts';
import { createLlrpManager } from '../modules/llrp/manager.ts';
import { createLlrpRepository } from '../modules/llrp/repository.ts';
import { createLlrpService } from '../modules/llrp/service.ts';
import type { TReadersRepository } from '../modules/readers/repository.ts';
import type { TEventBus } from '../realtime/event-bus.ts';

export type TLlrpCompositionOptions = {
  readonly config: TConfig;
  readonly db: TDatabase;
  readonly readers: Pick<TReadersRepository, 'find'>;
  readonly audit: TAuditRepository;
  readonly rfid: Pick<TRfidService, 'ingest'>;
  readonly events: TEventBus;
  readonly clock: TClock;
  readonly logger: FastifyBaseLogger;
};

/**
 * LLRP readers (issue 40): the connections this instance holds (the manager, a background job in main.ts)
 * and the settings routes' service. Reads go to the same ingest as every reader's: the generic adapter,
 * then the pipeline (dedupe, journal, moves, events).
 */
export function composeLlrp(options: TLlrpCompositionOptions) {
  const { config, logger } = options;
  const repository = createLlrpRepository(options.db);
  const timeoutMs = config.LLRP_TIMEOUT_SECONDS * 1000;
  const timing: TLlrpTiming = {
    ...DEFAULT_LLRP_TIMING,
    connectTimeoutMs: timeoutMs,
    requestTimeoutMs: timeoutMs,
  };
  const manager = createLlrpManager({
    repository,
    instanceId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    leaseMs: config.LLRP_LEASE_SECONDS * 1000,
    timing,
    ingest: async (readerId, reads) => {
      await options.rfid.ingest(readerId, 'reads', reads);
    },
    events: options.events,
    clock: options.clock,
    logger,
  });
  const service = createLlrpService({
    repository,
    readers: options.readers,
    manager,
    audit: options.audit,
    clock: options.clock,
    timing,
  });
  return { manager, service };
}
