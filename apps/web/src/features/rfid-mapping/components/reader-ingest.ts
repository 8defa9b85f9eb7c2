import type { TAntennaMapping, TReaderKind } from '@loupe/domain/registry/readers';
import { API_BASE_URL } from '@/lib/api-client';

/** The header a reader sends its key in (docs/rfid-readers.md). */
export const API_KEY_HEADER = 'X-API-Key';

/** The antennas every reader card lists, mapped or not; higher ones show once mapped or read. */
export const DEFAULT_ANTENNAS = [1, 2, 3, 4] as const;

export type TIngestFormat = 'zebra' | 'impinj' | 'reads';

/** Which payload a reader of `kind` sends: the last segment of its HTTP URL and of its MQTT topic. */
export function ingestFormatOf(kind: TReaderKind): TIngestFormat {
  switch (kind) {
    case 'zebra':
      return 'zebra';
    case 'impinj':
      return 'impinj';
    case 'generic':
    case 'keyboard':
    // Loupe connects out to an LLRP reader (issue 40); it posts nothing, so it is shown as the generic format.
    case 'llrp':
      return 'reads';
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown reader kind ${String(unreachable)}`);
    }
  }
}

/** Where a reader POSTs its reads, e.g. https://loupe.example/api/v1/rfid/zebra. */
export function httpIngestUrl(kind: TReaderKind, origin: string): string {
  return `${origin}${API_BASE_URL}/rfid/${ingestFormatOf(kind)}`;
}

/** The MQTT topic a reader publishes under; the broker lets it publish under its own only. */
export function mqttTopicOf(readerId: string, kind: TReaderKind): string {
  return `loupe/readers/${readerId}/${ingestFormatOf(kind)}`;
}

/** Antennas 1-4, every mapped one and every one read live, in order. */
export function antennasToShow(
  mappings: readonly TAntennaMapping[],
  readAntennas: Iterable<number>,
): number[] {
  const antennas = new Set<number>(DEFAULT_ANTENNAS);
  for (const mapping of mappings) antennas.add(mapping.antenna);
  for (const antenna of readAntennas) antennas.add(antenna);
  return [...antennas].sort((a, b) => a - b);
}
