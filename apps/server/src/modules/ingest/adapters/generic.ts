import { makeTagReadEventSchema } from '@loupe/domain/tracking/scan-resolution';
import { z } from 'zod';
import { emptyResult, quoted, rejectPart, type TAdapterContext, type TAdapterResult } from './types.ts';

/**
 * The generic JSON adapter (`POST /api/v1/rfid/reads`): one read or an array of them, each the spec's tag
 * read event (epc or epcCode, antenna default 1, timestamp default now) or its simplified scan event. The
 * reader is the API key's; a read naming another reader is refused, so one key cannot speak for another.
 */
// One schema per clock, not one per payload: a schema compiles its parser on first use.
const schemas = new WeakMap<() => Date, ReturnType<typeof makeTagReadEventSchema>>();

function schemaFor(now: () => Date) {
  let schema = schemas.get(now);
  if (schema === undefined) {
    schema = makeTagReadEventSchema(now);
    schemas.set(now, schema);
  }
  return schema;
}

export function adaptGenericReads(body: unknown, context: TAdapterContext): TAdapterResult {
  const result = emptyResult();
  const schema = schemaFor(context.now);
  const items = Array.isArray(body) ? body : [body];
  items.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      rejectPart(result, index, 'A read must be a JSON object');
      return;
    }
    const claimed = (item as { readerId?: unknown }).readerId;
    if (claimed !== undefined && claimed !== context.readerId) {
      rejectPart(
        result,
        index,
        () => `readerId ${quoted(String(claimed))} is not the reader of this API key`,
      );
      return;
    }
    // The commonest junk, a part without a tag, is told without the schema, whose failures cost the most
    // (issue 34 §3: a payload of thousands of empty objects).
    const { epc, epcCode } = item as { epc?: unknown; epcCode?: unknown };
    if (epc === undefined && epcCode === undefined) {
      rejectPart(result, index, 'epc or epcCode is required');
      return;
    }
    const parsed = schema.safeParse({ ...item, readerId: context.readerId });
    if (parsed.success) result.reads.push(parsed.data);
    else rejectPart(result, index, () => z.prettifyError(parsed.error));
  });
  return result;
}
