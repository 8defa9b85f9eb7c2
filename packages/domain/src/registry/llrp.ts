import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';
import { ANTENNA_MAX, ANTENNA_MIN } from './readers';

/**
 * LLRP readers (issue 40): Loupe connects out to a fixed reader that speaks LLRP 1.0.1/1.1 (Impinj Speedway,
 * xArray, Zebra FX7500/FX9600 without the IoT Connector, Alien, ThingMagic, CAEN) and configures it itself.
 */
export const LLRP_DEFAULT_PORT = 5084;
/** The port LLRP over TLS uses by convention (Speedway/R700 and FX firmware that offer TLS). */
export const LLRP_DEFAULT_TLS_PORT = 5085;

export const LLRP_TX_POWER_MIN_DBM = 10;
export const LLRP_TX_POWER_MAX_DBM = 33;
export const LLRP_TX_POWER_DEFAULT_DBM = 27;
export const LLRP_REPORT_EVERY_MS_MIN = 200;
export const LLRP_REPORT_EVERY_MS_MAX = 10_000;
export const LLRP_REPORT_EVERY_MS_DEFAULT = 1000;

/** Gen2 sessions 0–3: 1 suits a bench (a tag answers again after ~1 s idle); 2 a room full of tags. */
export const LLRP_SESSIONS = [0, 1, 2, 3] as const;
export const LLRP_DEFAULT_SESSION = 1;

/** Impinj's InventorySearchMode (an Impinj LLRP extension); other readers ignore it. */
export const LLRP_SEARCH_MODES = [
  'reader-selected',
  'single-target',
  'dual-target',
  'single-target-with-suppression',
] as const;
export const ZLlrpSearchModeSchema = lazySchema(() => z.enum(LLRP_SEARCH_MODES));
export type TLlrpSearchMode = z.infer<typeof ZLlrpSearchModeSchema>;

export const LLRP_SEARCH_MODE_LABELS: Readonly<Record<TLlrpSearchMode, string>> = {
  'reader-selected': 'Reader selected (Impinj default)',
  'single-target': 'Single target (each tag once per session)',
  'dual-target': 'Dual target (tags answer every round: for tags that stay in view)',
  'single-target-with-suppression': 'Single target with suppression (TagFocus)',
};

/** The user-facing strings of the LLRP settings, quoted once here for the server and the web. */
export const LLRP_MESSAGES = {
  host: 'Enter the reader’s host name or IP address',
  port: 'Enter a port from 1 to 65535 (LLRP uses 5084, or 5085 with TLS)',
  txPower: `Enter a transmit power from ${LLRP_TX_POWER_MIN_DBM} to ${LLRP_TX_POWER_MAX_DBM} dBm`,
  antennasEnabled: 'Enable at least one antenna',
  antennasDistinct: 'Each antenna may appear only once',
  reportEveryMs: `Report every ${LLRP_REPORT_EVERY_MS_MIN} to ${LLRP_REPORT_EVERY_MS_MAX} ms`,
  /** The short explanation of read range shown beside the per-antenna power. */
  txPowerHelp:
    'Transmit power sets how far an antenna reads. About 3 dB more roughly multiplies the range by 1.4; 6 dB less ' +
    'halves it. Start low at a bench (15–20 dBm reads a tray, not the next bench) and raise it only until every ' +
    'tag on the tray reads; at 30 dBm and above an antenna reads through walls and across the room.',
  sessionHelp: 'Session 1 suits benches and trays; session 2 suits a room with many tags that stay in view.',
  searchModeHelp: 'Impinj readers only; other readers ignore it.',
  reportEveryMsHelp:
    'How often the reader sends what it read. Shorter is faster to show a move, longer is lighter.',
} as const;

/** A host name or an IPv4/IPv6 address, without scheme, path or port. */
const HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]+\]?)$/;
export const ZLlrpHostSchema = lazySchema(() =>
  z.string().trim().min(1, LLRP_MESSAGES.host).max(253).regex(HOST_PATTERN, LLRP_MESSAGES.host),
);
export const ZLlrpPortSchema = lazySchema(() =>
  z.number().int().min(1, LLRP_MESSAGES.port).max(65_535, LLRP_MESSAGES.port),
);

export const ZLlrpAntennaSettingsSchema = lazySchema(() =>
  z.object({
    antenna: z.number().int().min(ANTENNA_MIN).max(ANTENNA_MAX),
    enabled: z.boolean(),
    txPowerDbm: z
      .number()
      .min(LLRP_TX_POWER_MIN_DBM, LLRP_MESSAGES.txPower)
      .max(LLRP_TX_POWER_MAX_DBM, LLRP_MESSAGES.txPower),
  }),
);
export type TLlrpAntennaSettings = z.infer<typeof ZLlrpAntennaSettingsSchema>;

export const ZLlrpSettingsSchema = lazySchema(() =>
  z.object({
    host: ZLlrpHostSchema,
    port: ZLlrpPortSchema.default(LLRP_DEFAULT_PORT),
    useTls: z.boolean().default(false),
    antennas: z
      .array(ZLlrpAntennaSettingsSchema)
      .min(1, LLRP_MESSAGES.antennasEnabled)
      .max(ANTENNA_MAX)
      .refine((list) => list.some((antenna) => antenna.enabled), LLRP_MESSAGES.antennasEnabled)
      .refine(
        (list) => new Set(list.map((antenna) => antenna.antenna)).size === list.length,
        LLRP_MESSAGES.antennasDistinct,
      ),
    session: z.number().int().min(0).max(3).default(LLRP_DEFAULT_SESSION),
    searchMode: ZLlrpSearchModeSchema.optional(),
    reportEveryMs: z
      .number()
      .int()
      .min(LLRP_REPORT_EVERY_MS_MIN, LLRP_MESSAGES.reportEveryMs)
      .max(LLRP_REPORT_EVERY_MS_MAX, LLRP_MESSAGES.reportEveryMs)
      .default(LLRP_REPORT_EVERY_MS_DEFAULT),
  }),
);
export type TLlrpSettings = z.output<typeof ZLlrpSettingsSchema>;
export type TLlrpSettingsInput = z.input<typeof ZLlrpSettingsSchema>;

export const LLRP_CONNECTION_STATES = ['connecting', 'connected', 'disconnected', 'error'] as const;
export const ZLlrpConnectionStateSchema = lazySchema(() => z.enum(LLRP_CONNECTION_STATES));
export type TLlrpConnectionState = z.infer<typeof ZLlrpConnectionStateSchema>;

export const LLRP_CONNECTION_STATE_LABELS: Readonly<Record<TLlrpConnectionState, string>> = {
  connecting: 'Connecting',
  connected: 'Connected',
  disconnected: 'Disconnected',
  error: 'Error',
};

/** What Loupe knows of its connection to an LLRP reader, from the instance that holds it (its lease). */
export const ZLlrpConnectionSchema = lazySchema(() =>
  z.object({
    state: ZLlrpConnectionStateSchema,
    lastReportAt: z.string().nullable(),
    lastError: z.string().nullable(),
    /** The Loupe instance that holds the reader's lease, and so its connection. */
    heldBy: z.string().nullable(),
    manufacturer: z.string().nullable(),
    model: z.string().nullable(),
    firmware: z.string().nullable(),
    antennaCount: z.number().int().nullable(),
  }),
);
export type TLlrpConnection = z.infer<typeof ZLlrpConnectionSchema>;

/** GET/PUT /readers/:id/llrp: the settings (null until saved) and the connection. */
export const ZLlrpReaderSchema = lazySchema(() =>
  z.object({
    settings: ZLlrpSettingsSchema.nullable(),
    connection: ZLlrpConnectionSchema,
  }),
);
export type TLlrpReader = z.infer<typeof ZLlrpReaderSchema>;

/** POST /readers/llrp/test body: where the reader is. */
export const ZLlrpTestInputSchema = lazySchema(() =>
  z.object({
    host: ZLlrpHostSchema,
    port: ZLlrpPortSchema.default(LLRP_DEFAULT_PORT),
    useTls: z.boolean().default(false),
  }),
);
export type TLlrpTestInput = z.output<typeof ZLlrpTestInputSchema>;

/** What a reader says of itself in GET_READER_CAPABILITIES_RESPONSE. */
export const ZLlrpTestResultSchema = lazySchema(() =>
  z.object({
    manufacturer: z.string(),
    model: z.string(),
    firmware: z.string(),
    antennaCount: z.number().int(),
    maxTxPowerDbm: z.number().optional(),
  }),
);
export type TLlrpTestResult = z.infer<typeof ZLlrpTestResultSchema>;

/** The IANA Private Enterprise Numbers of the LLRP vendors, to name the manufacturer of a capabilities answer. */
export const LLRP_MANUFACTURERS: Readonly<Record<number, string>> = {
  25882: 'Impinj',
  10642: 'Zebra (Motorola)',
  161: 'Motorola',
  17360: 'Alien',
};

export function llrpManufacturerName(vendorId: number): string {
  return LLRP_MANUFACTURERS[vendorId] ?? `Vendor ${vendorId}`;
}
