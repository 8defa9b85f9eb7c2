import { z } from 'zod';

/** The success envelope of /api/v1 answers: `{success: true, message?, data?}`. */
export const ZMessageResultSchema = z.object({ success: z.literal(true), message: z.string() });

export function resultWithData<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** A route's success answer: `{success: true, data}`, with a message for the toast when there is one. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, message, data };
}
