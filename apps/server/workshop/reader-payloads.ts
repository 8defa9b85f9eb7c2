/**
 * What real readers send, built from simple reads: Zebra FX IoT Connector tag-data and heartbeat events,
 * Impinj R700 IoT device interface events (webhook arrays, MQTT, keep-alives), and Loupe's generic JSON.
 * The shapes follow the fixtures in test/fixtures/rfid and docs/rfid-readers.md; reader-payloads.test.ts
 * runs every builder through the real adapters.
 */

/** One tag read as a simulator thinks of it. */
export type TSimRead = {
  /** Upper-case hex, whole 16-bit words (24 digits for a 96-bit EPC). */
  readonly epc: string;
  readonly antenna: number;
  readonly at: Date;
  /** dBm; Zebra reports whole dBm, Impinj centi-dBm. */
  readonly rssi?: number;
};

export type TZebraReader = {
  /** The reader's host name, e.g. FX9600F0A1B2. */
  readonly hostName: string;
  readonly mac?: string;
  /** eventNum of the first event; the IoT Connector numbers its events. Default 1. */
  readonly firstEventNum?: number;
  /** The reader's clock's offset from UTC in minutes (Zebra writes local time with `-0500`). Default: this machine's. */
  readonly utcOffsetMinutes?: number;
};

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A Zebra timestamp: local time with milliseconds and an offset without a colon (2026-11-21T14:02:09.101-0500). */
export function zebraTimestamp(at: Date, utcOffsetMinutes = -at.getTimezoneOffset()): string {
  const local = new Date(at.getTime() + utcOffsetMinutes * 60_000);
  const sign = utcOffsetMinutes < 0 ? '-' : '+';
  const offset = Math.abs(utcOffsetMinutes);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(offset / 60))}${pad(offset % 60)}`
  );
}

/** An Impinj timestamp: UTC with nanoseconds (2026-11-21T19:20:31.598000000Z). */
export function impinjTimestamp(at: Date): string {
  return at.toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
}

/** Zebra reports whole dBm. */
function zebraRssi(rssi: number | undefined): number {
  return Math.round(rssi ?? -60);
}

/** A JSON array of IoT Connector tag-data events (`type: SIMPLE`), as the reader posts them or publishes a batch. */
export function zebraPayload(reads: readonly TSimRead[], reader: TZebraReader): string {
  const first = reader.firstEventNum ?? 1;
  return JSON.stringify(
    reads.map((read, index) => ({
      data: {
        eventNum: first + index,
        format: 'epc',
        idHex: read.epc.toLowerCase(),
        antenna: read.antenna,
        peakRssi: zebraRssi(read.rssi),
        reads: 1,
        hostName: reader.hostName,
        ...(reader.mac === undefined ? {} : { MAC: reader.mac }),
      },
      timestamp: zebraTimestamp(read.at, reader.utcOffsetMinutes),
      type: 'SIMPLE',
    })),
  );
}

/** A Zebra management `heartbeat` event (sent every minute by default): marks the reader online. */
export function zebraHeartbeat(
  reader: Pick<TZebraReader, 'hostName' | 'mac' | 'utcOffsetMinutes'>,
  at: Date,
  uptimeSeconds = 0,
): string {
  const days = Math.floor(uptimeSeconds / 86_400);
  const rest = uptimeSeconds % 86_400;
  const uptime = `${days} days, ${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return JSON.stringify({
    data: {
      hostname: reader.hostName,
      ...(reader.mac === undefined ? {} : { MAC: reader.mac }),
      uptime,
      ram: { free: 412_180, total: 1_019_496, used: 607_316 },
      cpu: { system: 3, user: 11 },
      radioConnection: 'connected',
      ntp: { offset: 0.2, reach: 377 },
    },
    timestamp: zebraTimestamp(at, reader.utcOffsetMinutes),
    type: 'heartbeat',
  });
}

export type TImpinjOptions = {
  /** base64 `epc` (the reader's default) or `epcHex` (when the reader is set to send hex). Default base64. */
  readonly epcEncoding?: 'base64' | 'hex';
  /** Antenna names configured on the reader, by port. */
  readonly antennaNames?: Readonly<Record<number, string>>;
};

function impinjEvent(read: TSimRead, hostname: string, options: TImpinjOptions) {
  const epc =
    options.epcEncoding === 'hex'
      ? { epcHex: read.epc.toUpperCase() }
      : { epc: Buffer.from(read.epc, 'hex').toString('base64') };
  const name = options.antennaNames?.[read.antenna];
  const timestamp = impinjTimestamp(read.at);
  return {
    timestamp,
    hostname,
    eventType: 'tagInventory',
    tagInventoryEvent: {
      ...epc,
      antennaPort: read.antenna,
      ...(name === undefined ? {} : { antennaName: name }),
      peakRssiCdbm: Math.round((read.rssi ?? -60) * 100),
      frequency: 915_250,
      transmitPowerCdbm: 3000,
      lastSeenTime: timestamp,
    },
  };
}

/** The webhook's JSON array of `tagInventory` events (also accepted over MQTT). */
export function impinjPayload(
  reads: readonly TSimRead[],
  hostname: string,
  options: TImpinjOptions = {},
): string {
  return JSON.stringify(reads.map((read) => impinjEvent(read, hostname, options)));
}

/** One `tagInventory` event: what the R700 publishes per MQTT message. */
export function impinjEventPayload(read: TSimRead, hostname: string, options: TImpinjOptions = {}): string {
  return JSON.stringify(impinjEvent(read, hostname, options));
}

/** The webhook's keep-alive: an empty array. */
export function impinjKeepAlive(): string {
  return '[]';
}

/** Loupe's generic JSON (POST /api/v1/rfid/reads, topic …/reads): an array of spec §3 tag read events. */
export function genericPayload(reads: readonly TSimRead[]): string {
  return JSON.stringify(
    reads.map((read) => ({
      epc: read.epc,
      antenna: read.antenna,
      timestamp: read.at.toISOString(),
      ...(read.rssi === undefined ? {} : { rssi: read.rssi }),
    })),
  );
}
