import { z } from 'zod';

/** Reads the `data` of a /api/v1 success answer ({success, message?, data}) with its schema. */
export function parseData<T>(schema: z.ZodType<T>, body: unknown): T {
  const envelope = z.object({ data: z.unknown() }).parse(body);
  return schema.parse(envelope.data);
}
