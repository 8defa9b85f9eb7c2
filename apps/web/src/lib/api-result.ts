import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import { z } from 'zod';

const ZSuccessSchema = lazySchema(() =>
  z.object({ success: z.literal(true), message: z.string().optional() }),
);

/**
 * Checks a /api/v1 answer that reports only success ({success: true, message?, data?}), for calls whose
 * caller re-reads what changed instead of using the answer; returns the server's message, if any.
 */
export function parseSuccess(body: unknown): string | undefined {
  return ZSuccessSchema.parse(body).message;
}
