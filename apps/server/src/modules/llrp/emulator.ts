import net from 'node:net';
import {
  createFrameReader,
  decodeLlrp,
  encodeLlrp,
  paramOf,
  type TLlrpData,
  type TLlrpMessage,
} from './codec.ts';

/** A tag the emulated reader sees, on one of its antennas. */
export type TEmulatedTag = { readonly epc: string; readonly antenna: number; readonly rssi?: number };

export type TLlrpEmulatorOptions = {
  /** 0 (the default) takes a free port. */
  readonly port?: number;
  readonly host?: string;
  /** GeneralDeviceCapabilities: Impinj (25882) Speedway R420 (2001002) unless told. */
  readonly vendorId?: number;
  readonly modelNumber?: number;
  readonly firmware?: string;
  readonly antennas?: number;
  readonly tagsInView?: readonly TEmulatedTag[];
  /** Overrides the keepalive period Loupe asks for (SET_READER_CONFIG). */
  readonly keepaliveMs?: number;
  /** A reader that takes the connection and never answers anything: a hung or overloaded reader. */
  readonly isSilent?: boolean;
};

export type TLlrpEmulator = {
  readonly port: number;
  /** Names of every message received, in order, across connections and restarts. */
  readonly received: string[];
  /** Every message received, decoded, for checking what Loupe configured. */
  readonly messages: TLlrpMessage[];
  /** Clients connected now. */
  connections(): number;
  /** Clients ever connected (each reconnect counts). */
  connectionCount(): number;
  setTags(tags: readonly TEmulatedTag[]): void;
  /** Drops every client connection, as a network cut or a reader reboot does; the reader stays up. */
  dropConnections(): void;
  /** A reboot: connections dropped, ROSpecs and configuration forgotten, listening again on the same port. */
  restart(): Promise<void>;
  /** Sends raw bytes to every connected client (malformed input). */
  sendRaw(bytes: Buffer): void;
  /** Sends a message to every connected client (an unexpected one). */
  sendMessage(type: string, data?: TLlrpData): void;
  close(): Promise<void>;
};

const SUCCESS = { LLRPStatus: { StatusCode: 'M_Success', ErrorDescription: '' } };
/** Power table of the emulated reader: 10.00 to 32.50 dBm in 0.25 dB steps, as a Speedway lists it. */
const POWER_TABLE = Array.from({ length: 91 }, (_, i) => ({
  Index: i + 1,
  TransmitPowerValue: 1000 + i * 25,
}));

function capabilitiesOf(options: TLlrpEmulatorOptions, antennas: number): TLlrpData {
  return {
    ...SUCCESS,
    GeneralDeviceCapabilities: {
      MaxNumberOfAntennaSupported: antennas,
      CanSetAntennaProperties: false,
      HasUTCClockCapability: true,
      DeviceManufacturerName: options.vendorId ?? 25882,
      ModelName: options.modelNumber ?? 2001002,
      ReaderFirmwareVersion: options.firmware ?? '5.14.0.240',
      ReceiveSensitivityTableEntry: [{ Index: 1, ReceiveSensitivityValue: 0 }],
      GPIOCapabilities: { NumGPIs: 4, NumGPOs: 4 },
      PerAntennaAirProtocol: Array.from({ length: antennas }, (_, i) => ({
        AntennaID: i + 1,
        ProtocolID: ['EPCGlobalClass1Gen2'],
      })),
    },
    RegulatoryCapabilities: {
      CountryCode: 840,
      CommunicationsStandard: 'US_FCC_Part_15',
      UHFBandCapabilities: {
        TransmitPowerLevelTableEntry: POWER_TABLE,
        FrequencyInformation: {
          Hopping: true,
          FrequencyHopTable: [{ HopTableID: 1, Frequency: [902750, 903250, 927250] }],
        },
        C1G2UHFRFModeTable: {
          C1G2UHFRFModeTableEntry: [
            {
              ModeIdentifier: 0,
              DRValue: 'DRV_8',
              EPCHAGTCConformance: false,
              MValue: 'MV_FM0',
              ForwardLinkModulation: 'PR_ASK',
              SpectralMaskIndicator: 'Multi_Interrogator',
              BDRValue: 640000,
              PIEValue: 1500,
              MinTariValue: 6250,
              MaxTariValue: 6250,
              StepTariValue: 0,
            },
          ],
        },
      },
    },
  };
}

/**
 * An LLRP reader on a TCP port (issue 40 §3), for the tests, the demo and the bench: it answers what Loupe
 * sends as a Speedway does, sends keepalives, reports the tags in view on the ROSpec's antennas at the end of
 * each AISpec round, takes one client at a time, and can drop connections or reboot.
 */
export async function startLlrpEmulator(options: TLlrpEmulatorOptions = {}): Promise<TLlrpEmulator> {
  const antennaCount = options.antennas ?? 4;
  let tags: readonly TEmulatedTag[] = options.tagsInView ?? [];
  const received: string[] = [];
  const messages: TLlrpMessage[] = [];
  const sockets = new Set<net.Socket>();
  let connectionCount = 0;
  let messageId = 1;
  // The reader's state: forgotten on restart.
  let roSpec: TLlrpData | null = null;
  let isRunning = false;

  function write(socket: net.Socket, type: string, data: TLlrpData = {}, id = messageId++): void {
    if (!socket.destroyed) socket.write(encodeLlrp(type, id, data));
  }

  function connectionEvent(status: string): TLlrpData {
    return {
      ReaderEventNotificationData: {
        UTCTimestamp: { Microseconds: BigInt(Date.now()) * 1000n },
        ConnectionAttemptEvent: { Status: status },
      },
    };
  }

  function report(socket: net.Socket): void {
    const aiSpec = paramOf(paramOf(roSpec ?? {}, 'ROSpec'), 'AISpec');
    const ids = Array.isArray(aiSpec.AntennaIDs) ? (aiSpec.AntennaIDs as number[]) : [];
    const seen = tags.filter((tag) => ids.includes(0) || ids.includes(tag.antenna));
    if (seen.length === 0) return;
    const microseconds = BigInt(Date.now()) * 1000n;
    write(socket, 'RO_ACCESS_REPORT', {
      TagReportData: seen.map((tag) => ({
        ...(tag.epc.length === 24 ? { EPC_96: { EPC: tag.epc } } : { EPCData: { EPC: tag.epc } }),
        AntennaID: { AntennaID: tag.antenna },
        PeakRSSI: { PeakRSSI: tag.rssi ?? -52 },
        FirstSeenTimestampUTC: { Microseconds: microseconds },
        LastSeenTimestampUTC: { Microseconds: microseconds },
        TagSeenCount: { TagCount: 1 },
      })),
    });
  }

  function serve(socket: net.Socket): void {
    connectionCount += 1;
    if (sockets.size > 0) {
      // A reader takes one client: the second is told so and closed (LLRP 1.0.1 §13.2.6.7).
      write(
        socket,
        'READER_EVENT_NOTIFICATION',
        connectionEvent('Failed_A_Client_Initiated_Connection_Already_Exists'),
      );
      socket.end();
      return;
    }
    sockets.add(socket);
    const timers: NodeJS.Timeout[] = [];
    socket.on('close', () => {
      sockets.delete(socket);
      for (const timer of timers) clearInterval(timer);
    });
    socket.on('error', () => socket.destroy());
    if (options.isSilent) return;
    write(socket, 'READER_EVENT_NOTIFICATION', connectionEvent('Success'));
    const frames = createFrameReader();
    socket.on('data', (chunk: Buffer) => {
      let ready: Buffer[];
      try {
        ready = frames.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const frame of ready) {
        const message = decodeLlrp(frame);
        received.push(message.type);
        messages.push(message);
        answer(socket, message, timers);
      }
    });
  }

  function answer(socket: net.Socket, message: TLlrpMessage, timers: NodeJS.Timeout[]): void {
    const respond = (data: TLlrpData = SUCCESS) =>
      write(socket, `${message.type}_RESPONSE`, data, message.id);
    switch (message.type) {
      case 'GET_READER_CAPABILITIES':
        respond(capabilitiesOf(options, antennaCount));
        return;
      case 'SET_READER_CONFIG': {
        const period = Number(paramOf(message.data, 'KeepaliveSpec').PeriodicTriggerValue ?? 0);
        const keepaliveMs = options.keepaliveMs ?? period;
        if (keepaliveMs > 0) timers.push(setInterval(() => write(socket, 'KEEPALIVE'), keepaliveMs));
        respond();
        return;
      }
      case 'DELETE_ROSPEC':
        roSpec = null;
        isRunning = false;
        respond();
        return;
      case 'ADD_ROSPEC':
        roSpec = message.data;
        respond();
        return;
      case 'ENABLE_ROSPEC':
      case 'DISABLE_ROSPEC':
      case 'STOP_ROSPEC':
        if (message.type !== 'ENABLE_ROSPEC') isRunning = false;
        respond();
        return;
      case 'START_ROSPEC': {
        if (roSpec === null) {
          respond({ LLRPStatus: { StatusCode: 'M_FieldError', ErrorDescription: 'No such ROSpec' } });
          return;
        }
        isRunning = true;
        const aiSpec = paramOf(paramOf(roSpec, 'ROSpec'), 'AISpec');
        const everyMs = Number(paramOf(aiSpec, 'AISpecStopTrigger').DurationTrigger ?? 1000) || 1000;
        respond();
        timers.push(setInterval(() => isRunning && report(socket), everyMs));
        return;
      }
      case 'KEEPALIVE_ACK':
        return;
      case 'CLOSE_CONNECTION':
        respond();
        socket.end();
        return;
      default:
        write(
          socket,
          'ERROR_MESSAGE',
          {
            LLRPStatus: {
              StatusCode: 'M_UnsupportedMessage',
              ErrorDescription: `${message.type} is not supported`,
            },
          },
          message.id,
        );
    }
  }

  let server = net.createServer(serve);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(options.port ?? 0);

  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      dropConnections();
      server.close(() => resolve());
    });

  return {
    port,
    received,
    messages,
    connections: () => sockets.size,
    connectionCount: () => connectionCount,
    setTags(next) {
      tags = next;
    },
    dropConnections,
    async restart() {
      await stop();
      roSpec = null;
      isRunning = false;
      server = net.createServer(serve);
      await listen(port);
    },
    sendRaw(bytes) {
      for (const socket of sockets) socket.write(bytes);
    },
    sendMessage(type, data = {}) {
      for (const socket of sockets) write(socket, type, data);
    },
    close: stop,
  };
}
