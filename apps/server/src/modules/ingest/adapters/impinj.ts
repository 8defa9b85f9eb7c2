import { EPC_FAILURE_MESSAGES, epcFromBase64, normalizeEpc, type TEpcResult } from '@loupe/domain/rfid/epc';
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
 * Impinj R700 readers through the IoT device interface, by webhook (a JSON array of events) or MQTT (one
 * event per message, or NDJSON from the HTTP stream). Tag reads are `eventType: 'tagInventory'` with
 * `tagInventoryEvent: {epc (base64) or epcHex, antennaPort, antennaName, peakRssiCdbm, …}`; an empty array
 * is the webhook's keep-alive; other event types (inventory status, GPI, diagnostics) are counted and left.
 */
export const ZImpinjTagInventorySchema = z.object({
  timestamp: z.string({ error: 'timestamp is required' }),
  hostname: z.string().optional(),
  eventType: z.literal('tagInventory'),
  tagInventoryEvent: z.looseObject({
    epc: z.string().optional(),
    epcHex: z.string().optional(),
    antennaPort: z.number().int().min(1).max(64).optional(),
    antennaName: z.string().optional(),
    peakRssiCdbm: z.number().optional(),
  }),
});

export function adaptImpinjPayload(text: string, context: TAdapterContext): TAdapterResult {
  const result = emptyResult();
  const pieces = parseJsonStream(text);
  if (pieces.length === 0 || text.trim() === '[]') {
    // The webhook's keep-alive: nothing read, but the reader is there.
    result.heartbeats.push({ readerId: context.readerId, at: context.now().toISOString() });
    return result;
  }
  pieces.forEach((piece, index) => {
    if (!piece.ok) {
      rejectPart(result, index, piece.message);
      return;
    }
    const eventType =
      typeof piece.value === 'object' && piece.value !== null
        ? (piece.value as { eventType?: unknown }).eventType
        : undefined;
    if (eventType !== 'tagInventory') {
      if (typeof eventType === 'string') result.ignored += 1;
      else rejectPart(result, index, 'An Impinj event needs an eventType');
      return;
    }
    const parsed = ZImpinjTagInventorySchema.safeParse(piece.value);
    if (!parsed.success) {
      rejectPart(result, index, () => z.prettifyError(parsed.error));
      return;
    }
    const { timestamp, hostname, tagInventoryEvent: tag } = parsed.data;
    const at = readerTimestamp(timestamp);
    if (at === null) {
      rejectPart(result, index, () => timestampRejection(timestamp));
      return;
    }
    // epcHex when the reader was set to send it, else the default base64 epc.
    const epc: TEpcResult | null =
      tag.epcHex !== undefined
        ? normalizeEpc(tag.epcHex)
        : tag.epc !== undefined
          ? epcFromBase64(tag.epc)
          : null;
    if (epc === null || !epc.ok) {
      const reason =
        epc === null ? 'tagInventoryEvent needs epc or epcHex' : EPC_FAILURE_MESSAGES[epc.reason];
      rejectPart(result, index, reason);
      return;
    }
    result.reads.push({
      epc: epc.epc,
      readerId: context.readerId,
      readerName: hostname ?? null,
      antenna: tag.antennaPort ?? 1,
      timestamp: at,
      // The IoT interface reports centi-dBm.
      rssi: tag.peakRssiCdbm === undefined ? null : tag.peakRssiCdbm / 100,
      location: tag.antennaName ?? null,
    });
  });
  return result;
}
