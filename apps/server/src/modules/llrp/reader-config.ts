import {
  llrpManufacturerName,
  type TLlrpSearchMode,
  type TLlrpSettings,
  type TLlrpTestResult,
} from '@loupe/domain/registry/llrp';
import { listOf, paramOf, type TLlrpData, type TLlrpMessage } from './codec.ts';

/** The one ROSpec Loupe adds to a reader; DELETE_ROSPEC of 0 first removes whatever was there. */
export const LOUPE_ROSPEC_ID = 1;
/** Impinj's IANA enterprise number: its LLRP extensions (search mode) are Custom parameters of this vendor. */
export const IMPINJ_VENDOR_ID = 25882;
/** ImpinjInventorySearchMode's parameter subtype in Impinj's LLRP extension definitions. */
const IMPINJ_SEARCH_MODE_SUBTYPE = 23;
const IMPINJ_SEARCH_MODES: Readonly<Record<TLlrpSearchMode, number>> = {
  'reader-selected': 0,
  'single-target': 1,
  'dual-target': 2,
  'single-target-with-suppression': 3,
};

/** Impinj model numbers of GeneralDeviceCapabilities.ModelName (Octane SDK's ReaderModel). */
const IMPINJ_MODELS: Readonly<Record<number, string>> = {
  2001001: 'Speedway R220',
  2001002: 'Speedway R420',
};

/** What GET_READER_CAPABILITIES_RESPONSE says, with the transmit power table to turn dBm into indexes. */
export type TLlrpCapabilities = TLlrpTestResult & {
  readonly vendorId: number;
  /** Index → power in dBm, as the reader lists them. */
  readonly powerTable: readonly { readonly index: number; readonly dbm: number }[];
};

function numberOf(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function parseCapabilities(message: TLlrpMessage): TLlrpCapabilities {
  const general = paramOf(message.data, 'GeneralDeviceCapabilities');
  const vendorId = numberOf(general.DeviceManufacturerName);
  const modelNumber = numberOf(general.ModelName);
  const band = paramOf(paramOf(message.data, 'RegulatoryCapabilities'), 'UHFBandCapabilities');
  const powerTable = listOf(band.TransmitPowerLevelTableEntry).map((entry) => ({
    index: numberOf(entry.Index),
    // The table lists power in hundredths of a dBm.
    dbm: numberOf(entry.TransmitPowerValue) / 100,
  }));
  const maxTxPowerDbm = powerTable.length > 0 ? Math.max(...powerTable.map((entry) => entry.dbm)) : undefined;
  return {
    vendorId,
    manufacturer: llrpManufacturerName(vendorId),
    model: (vendorId === IMPINJ_VENDOR_ID ? IMPINJ_MODELS[modelNumber] : undefined) ?? `Model ${modelNumber}`,
    firmware: typeof general.ReaderFirmwareVersion === 'string' ? general.ReaderFirmwareVersion : '',
    antennaCount: numberOf(general.MaxNumberOfAntennaSupported),
    ...(maxTxPowerDbm === undefined ? {} : { maxTxPowerDbm }),
    powerTable,
  };
}

/** The table's highest power not above the one asked for (its lowest if all are above): never more than set. */
export function powerIndexFor(capabilities: TLlrpCapabilities, dbm: number): number {
  const sorted = [...capabilities.powerTable].sort((a, b) => a.dbm - b.dbm);
  const [lowest] = sorted;
  if (lowest === undefined) return 0;
  let chosen = lowest;
  for (const entry of sorted) if (entry.dbm <= dbm + 1e-9) chosen = entry;
  return chosen.index;
}

/** SET_READER_CONFIG: keepalives every `keepaliveMs`, the events Loupe follows, reports held until asked. */
export function readerConfigOf(keepaliveMs: number): TLlrpData {
  return {
    ResetToFactoryDefault: false,
    ReaderEventNotificationSpec: {
      EventNotificationState: ['ROSpec_Event', 'Reader_Exception_Event', 'Antenna_Event'].map(
        (EventType) => ({
          EventType,
          NotificationState: true,
        }),
      ),
    },
    KeepaliveSpec: { KeepaliveTriggerType: 'Periodic', PeriodicTriggerValue: keepaliveMs },
  };
}

/**
 * ADD_ROSPEC: every enabled antenna at its power and the Gen2 session, inventorying for `reportEveryMs` at a
 * time; each round ends in a report (LLRP 1.0.1 has no timed report trigger; the ROSpec repeats its AISpec
 * until stopped). Each tag comes with its antenna, peak RSSI, first/last seen times and count.
 */
export function roSpecOf(settings: TLlrpSettings, capabilities: TLlrpCapabilities): TLlrpData {
  const antennas = settings.antennas.filter((antenna) => antenna.enabled);
  const searchMode =
    settings.searchMode !== undefined && capabilities.vendorId === IMPINJ_VENDOR_ID
      ? [searchModeParameter(settings.searchMode)]
      : [];
  return {
    ROSpec: {
      ROSpecID: LOUPE_ROSPEC_ID,
      Priority: 0,
      CurrentState: 'Disabled',
      ROBoundarySpec: {
        ROSpecStartTrigger: { ROSpecStartTriggerType: 'Null' },
        ROSpecStopTrigger: { ROSpecStopTriggerType: 'Null', DurationTriggerValue: 0 },
      },
      AISpec: {
        AntennaIDs: antennas.map((antenna) => antenna.antenna),
        AISpecStopTrigger: { AISpecStopTriggerType: 'Duration', DurationTrigger: settings.reportEveryMs },
        InventoryParameterSpec: {
          InventoryParameterSpecID: 1,
          ProtocolID: 'EPCGlobalClass1Gen2',
          AntennaConfiguration: antennas.map((antenna) => ({
            AntennaID: antenna.antenna,
            RFTransmitter: {
              HopTableID: 1,
              ChannelIndex: 1,
              TransmitPower: powerIndexFor(capabilities, antenna.txPowerDbm),
            },
            C1G2InventoryCommand: {
              TagInventoryStateAware: false,
              C1G2SingulationControl: { Session: settings.session, TagPopulation: 32, TagTransitTime: 0 },
              ...(searchMode.length > 0 ? { Custom: searchMode } : {}),
            },
          })),
        },
      },
      ROReportSpec: {
        ROReportTrigger: 'Upon_N_Tags_Or_End_Of_AISpec',
        N: 0,
        TagReportContentSelector: {
          EnableROSpecID: false,
          EnableSpecIndex: false,
          EnableInventoryParameterSpecID: false,
          EnableAntennaID: true,
          EnableChannelIndex: false,
          EnablePeakRSSI: true,
          EnableFirstSeenTimestamp: true,
          EnableLastSeenTimestamp: true,
          EnableTagSeenCount: true,
          EnableAccessSpecID: false,
        },
      },
    },
  };
}

function searchModeParameter(mode: TLlrpSearchMode): TLlrpData {
  const data = Buffer.alloc(2);
  data.writeUInt16BE(IMPINJ_SEARCH_MODES[mode]);
  return {
    VendorIdentifier: IMPINJ_VENDOR_ID,
    ParameterSubtype: IMPINJ_SEARCH_MODE_SUBTYPE,
    Data: [...data],
  };
}

/** One tag of an RO_ACCESS_REPORT, in the generic read shape every other reader's reads take. */
export type TLlrpTagRead = {
  readonly epc: string;
  readonly antenna: number;
  readonly timestamp: string;
  readonly rssi: number | null;
};

function timeOf(parameter: TLlrpData): string | null {
  const value = parameter.Microseconds;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  if (typeof value === 'bigint') return new Date(Number(value / 1000n)).toISOString();
  return null;
}

/** TagReportData → reads; a tag without an EPC is skipped (the report is still acknowledged). */
export function tagReadsOf(report: TLlrpMessage, now: () => Date): TLlrpTagRead[] {
  const reads: TLlrpTagRead[] = [];
  for (const tag of listOf(report.data.TagReportData)) {
    const epcParameter = typeof tag.EPC_96 === 'object' ? paramOf(tag, 'EPC_96') : paramOf(tag, 'EPCData');
    const epc = epcParameter.EPC;
    if (typeof epc !== 'string' || epc === '') continue;
    const peak = paramOf(tag, 'PeakRSSI').PeakRSSI;
    reads.push({
      epc: epc.toUpperCase(),
      // A reader that leaves the antenna out read it on its only antenna.
      antenna: numberOf(paramOf(tag, 'AntennaID').AntennaID, 1),
      timestamp:
        timeOf(paramOf(tag, 'LastSeenTimestampUTC')) ??
        timeOf(paramOf(tag, 'FirstSeenTimestampUTC')) ??
        now().toISOString(),
      rssi: typeof peak === 'number' ? peak : null,
    });
  }
  return reads;
}
