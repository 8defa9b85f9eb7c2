import type { TLlrpConnection, TLlrpReader } from '@loupe/domain/registry/llrp';
import type { TReader } from '@loupe/domain/registry/readers';
import { envelope, mockGet, page } from '@/test/api-mocks';
import { makeReader } from '@/test/factories';

/** Fixtures of the LLRP reader screens (issue 40): a reader, its settings and connection, the GETs around it. */

export const GATE = makeReader({ id: 'gate-llrp', name: 'Gate reader', kind: 'llrp', apiKeyPrefix: '' });

export function makeLlrpConnection(overrides: Partial<TLlrpConnection> = {}): TLlrpConnection {
  return {
    state: 'connected',
    lastReportAt: null,
    lastError: null,
    heldBy: 'loupe-1',
    manufacturer: 'Impinj',
    model: 'Speedway R420',
    firmware: '5.14.0.240',
    antennaCount: 4,
    ...overrides,
  };
}

export function makeLlrpReader(overrides: Partial<TLlrpReader> = {}): TLlrpReader {
  return {
    settings: {
      host: '192.168.1.40',
      port: 5084,
      useTls: false,
      antennas: [
        { antenna: 1, enabled: true, txPowerDbm: 20 },
        { antenna: 2, enabled: true, txPowerDbm: 27 },
      ],
      session: 1,
      reportEveryMs: 1000,
    },
    connection: makeLlrpConnection(),
    ...overrides,
  };
}

/**
 * Answers the RFID mapping workspace's GETs; `llrp` answers GET /readers/gate-llrp/llrp, a function for an
 * answer that changes, an Error for one that fails.
 */
export function stubWorkspaceGets({
  readers = [GATE],
  llrp = makeLlrpReader(),
}: {
  readers?: readonly TReader[];
  llrp?: TLlrpReader | Error | (() => TLlrpReader);
} = {}) {
  return mockGet({
    readers: page(readers),
    'rfid/status': envelope({
      received: 0,
      fresh: 0,
      repeats: 0,
      rejected: 0,
      ignored: 0,
      moved: 0,
      tagAssignment: 0,
      unknownTag: 0,
      batches: 0,
      unmapped: [],
      unknownTags: [],
      rejections: [],
      passedOver: { total: 0, rows: [] },
    }),
    'readers/last-reads': envelope([]),
    [`readers/${GATE.id}/llrp`]: () =>
      llrp instanceof Error ? llrp : envelope(typeof llrp === 'function' ? llrp() : llrp),
  });
}
