import { makeTagReadEventSchema } from '@loupe/domain/tracking/scan-resolution';
import { z } from 'zod';
import { emptyResult, type TAdapterContext, type TAdapterResult } from './types.ts';

/**
 * The generic JSON adapter (`POST /api/v1/rfid/reads`): one read or an array of them, each the spec's tag
 * read event (epc or epcCode, antenna default 1, timestamp default now) or its simplified scan event. The
 * reader is the API key's; a read naming another reader is refused, so one key cannot speak for another.
 */
export function adaptGenericReads(body: unknown, context: TAdapterContext): TAdapterResult {
  const result = emptyResult();
  const schema = makeTagReadEventSchema(context.now);
  const items = Array.isArray(body) ? body : [body];
  items.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      result.rejected.push({ index, message: 'A read must be a JSON object' });
      return;
    }
    const claimed = (item as { readerId?: unknown }).readerId;
    if (claimed !== undefined && claimed !== context.readerId) {
      result.rejected.push({
        index,
        message: `readerId '${String(claimed)}' is not the reader of this API key`,
      });
      return;
    }
    const parsed = schema.safeParse({ ...item, readerId: context.readerId });
    if (parsed.success) result.reads.push(parsed.data);
    else result.rejected.push({ index, message: z.prettifyError(parsed.error) });
  });
  return result;
}
