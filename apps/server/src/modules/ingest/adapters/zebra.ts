import { EPC_FAILURE_MESSAGES, normalizeEpc } from '@loupe/domain/rfid/epc';
import { z } from 'zod';
import { parseJsonStream } from './json-stream.ts';
import {
  emptyResult,
  readerTimestamp,
  rejectPart,
  type TAdapterContext,
  type TAdapterResult,
  timestampRejection,
} from './types.ts';

/**
 * Zebra FX-series readers through the IoT Connector, over HTTP POST or MQTT. A tag data event is
 * `{type, timestamp, data: {idHex, antenna, peakRssi, reads, eventNum, hostName, MAC, …}}`; management
 * events of type `heartbeat` say the reader is alive. Payloads may hold one event, an array, NDJSON or
 * events glued `}{` (json-stream.ts).
 */
export const ZZebraTagDataSchema = z.object({
  type: z.string().optional(),
  timestamp: z.string({ error: 'timestamp is required' }),
  data: z.looseObject({
    idHex: z.string(),
    antenna: z.number().int().min(1).max(64).optional(),
    peakRssi: z.number().optional(),
    hostName: z.string().optional(),
  }),
});

function isTagData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const data = (value as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && 'idHex' in data;
}

function isHeartbeat(value: unknown): boolean {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.toLowerCase() === 'heartbeat';
}

export function adaptZebraPayload(text: string, context: TAdapterContext): TAdapterResult {
  const result = emptyResult();
  parseJsonStream(text).forEach((piece, index) => {
    if (!piece.ok) {
      rejectPart(result, index, piece.message);
      return;
    }
    const event = piece.value;
    if (isHeartbeat(event)) {
      const stamped = readerTimestamp(String((event as { timestamp?: unknown }).timestamp ?? ''));
      result.heartbeats.push({ readerId: context.readerId, at: stamped ?? context.now().toISOString() });
      return;
    }
    if (!isTagData(event)) {
      result.ignored += 1;
      return;
    }
    const parsed = ZZebraTagDataSchema.safeParse(event);
    if (!parsed.success) {
      rejectPart(result, index, () => z.prettifyError(parsed.error));
      return;
    }
    const { data, timestamp } = parsed.data;
    const at = readerTimestamp(timestamp);
    if (at === null) {
      rejectPart(result, index, () => timestampRejection(timestamp));
      return;
    }
    const epc = normalizeEpc(data.idHex);
    if (!epc.ok) {
      rejectPart(result, index, `idHex: ${EPC_FAILURE_MESSAGES[epc.reason]}`);
      return;
    }
    result.reads.push({
      epc: epc.epc,
      readerId: context.readerId,
      readerName: data.hostName ?? null,
      antenna: data.antenna ?? 1,
      timestamp: at,
      rssi: data.peakRssi ?? null,
      location: null,
    });
  });
  return result;
}
