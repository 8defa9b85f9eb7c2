import { isAdmin } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import { AppError } from '@loupe/domain/errors/errors';
import type {
  TLlrpConnection,
  TLlrpReader,
  TLlrpSettings,
  TLlrpTestInput,
  TLlrpTestResult,
} from '@loupe/domain/registry/llrp';
import { ZLlrpConnectionStateSchema } from '@loupe/domain/registry/llrp';
import type { TClock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/service-errors.ts';
import type { TAuditRepository } from '../audit/repository.ts';
import type { TRequestContext } from '../auth/service.ts';
import type { TReadersRepository } from '../readers/repository.ts';
import { paramOf } from './codec.ts';
import { connectLlrp, LlrpError, type TLlrpConnection as TLlrpSocket } from './connection.ts';
import type { TLlrpTiming } from './connector.ts';
import type { TLlrpManager } from './manager.ts';
import { parseCapabilities } from './reader-config.ts';
import type { TLlrpRepository, TLlrpSettingsRow } from './repository.ts';

export type TLlrpServiceOptions = {
  readonly repository: TLlrpRepository;
  readonly readers: Pick<TReadersRepository, 'find'>;
  readonly manager: Pick<TLlrpManager, 'refresh'>;
  readonly audit: TAuditRepository;
  readonly clock: TClock;
  readonly timing: TLlrpTiming;
};

const ZStoredStateSchema = ZLlrpConnectionStateSchema.catch('disconnected');

function connectionOf(row: (TLlrpSettingsRow & { heldBy: string | null }) | undefined): TLlrpConnection {
  return {
    state: row ? ZStoredStateSchema.parse(row.state) : 'disconnected',
    lastReportAt: row?.lastReportAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
    heldBy: row?.heldBy ?? null,
    manufacturer: row?.manufacturer ?? null,
    model: row?.model ?? null,
    firmware: row?.firmware ?? null,
    antennaCount: row?.antennaCount ?? null,
  };
}

/** Settings › readers for LLRP readers (issue 40 §4): admins only, as every reader setting is (spec §2). */
export function createLlrpService(options: TLlrpServiceOptions) {
  const { repository, clock, timing } = options;

  function assertAdmin(actor: TActor): void {
    if (!isAdmin(actor)) throw forbidden('Only an administrator can manage RFID readers.');
  }

  async function llrpReaderOrFail(readerId: string): Promise<void> {
    const reader = await options.readers.find(readerId);
    if (!reader) throw new AppError('NOT_FOUND', `There is no reader ${readerId}.`);
    if (reader.kind !== 'llrp') {
      throw new AppError(
        'READER_NOT_LLRP',
        `Reader ${readerId} is not an LLRP reader; change its kind to LLRP first.`,
      );
    }
  }

  async function view(readerId: string): Promise<TLlrpReader> {
    const row = await repository.find(readerId);
    return { settings: row?.settings ?? null, connection: connectionOf(row) };
  }

  return {
    async get(actor: TActor, readerId: string): Promise<TLlrpReader> {
      assertAdmin(actor);
      await llrpReaderOrFail(readerId);
      return view(readerId);
    },

    /** Saves the settings; the instance holding the reader (this one, if nobody does) reconfigures it. */
    async save(
      actor: TActor & { readonly id: string },
      readerId: string,
      settings: TLlrpSettings,
      context: TRequestContext,
    ): Promise<TLlrpReader> {
      assertAdmin(actor);
      await llrpReaderOrFail(readerId);
      const at = clock();
      await repository.save(readerId, settings, at);
      await options.audit.record({
        action: 'readers.llrp_configured',
        at,
        actorId: actor.id,
        subject: readerId,
        ...context,
        details: { host: settings.host, port: settings.port, useTls: settings.useTls },
      });
      await options.manager.refresh();
      return view(readerId);
    },

    /** Asks the reader at that address what it is; nothing is saved or configured. */
    async test(actor: TActor, input: TLlrpTestInput): Promise<TLlrpTestResult> {
      assertAdmin(actor);
      return testLlrpReader(input, timing);
    },
  };
}

/** The reader's own account of itself, or LLRP_UNREACHABLE / LLRP_PROTOCOL saying what went wrong. */
export async function testLlrpReader(input: TLlrpTestInput, timing: TLlrpTiming): Promise<TLlrpTestResult> {
  const where = `${input.host}:${input.port}`;
  let refusal: string | null = null;
  let socket: TLlrpSocket;
  try {
    socket = await connectLlrp({
      ...input,
      connectTimeoutMs: timing.connectTimeoutMs,
      onMessage: (message) => {
        const status = paramOf(
          paramOf(message.data, 'ReaderEventNotificationData'),
          'ConnectionAttemptEvent',
        ).Status;
        if (typeof status === 'string' && status !== 'Success') refusal = status;
      },
      onBadMessage: () => undefined,
    });
  } catch (error) {
    throw new AppError(
      'LLRP_UNREACHABLE',
      `Could not reach an LLRP reader at ${where}: ${(error as Error).message}`,
      {
        details: { host: input.host, port: input.port },
      },
    );
  }
  try {
    const answer = await socket.transact(
      'GET_READER_CAPABILITIES',
      { RequestedData: 'All' },
      timing.requestTimeoutMs,
    );
    // A reader takes one client: say goodbye, so it is free for Loupe's own connection at once.
    await socket.transact('CLOSE_CONNECTION', {}, timing.requestTimeoutMs).catch(() => undefined);
    const { manufacturer, model, firmware, antennaCount, maxTxPowerDbm } = parseCapabilities(answer);
    return {
      manufacturer,
      model,
      firmware,
      antennaCount,
      ...(maxTxPowerDbm === undefined ? {} : { maxTxPowerDbm }),
    };
  } catch (error) {
    const details = { details: { host: input.host, port: input.port } };
    if (refusal !== null) {
      throw new AppError(
        'LLRP_UNREACHABLE',
        `The LLRP reader at ${where} refused the connection (${refusal}): another program, or Loupe, is connected to it.`,
        details,
      );
    }
    if (error instanceof LlrpError && error.kind === 'unreachable') {
      throw new AppError(
        'LLRP_UNREACHABLE',
        `The connection to ${where} was lost: ${error.message}`,
        details,
      );
    }
    throw new AppError(
      'LLRP_PROTOCOL',
      `Something answered at ${where}, but not as an LLRP reader: ${(error as Error).message}`,
      details,
    );
  } finally {
    socket.close();
  }
}

export type TLlrpService = ReturnType<typeof createLlrpService>;
