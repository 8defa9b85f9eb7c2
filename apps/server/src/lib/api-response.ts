import { z } from 'zod';

/** The success envelope of /api/v1 answers: `{success: true, message?, data?}`. */
export const ZMessageResultSchema = z.object({ success: z.literal(true), message: z.string() });

export function resultWithData<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}
