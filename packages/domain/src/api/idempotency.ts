import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Safe retries of writes (issue 36 §5): every mutating request of the web client carries an Idempotency-Key,
 * the same on each attempt; the server keeps the answer it gave for that key, user and route, and answers a
 * repeat with it instead of doing the work again. That is what lets POST and PATCH be retried on the
 * spec's 500, 502 and 504 (§9) without creating anything twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set on an answer that repeats a stored one. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** A key: 8 to 128 letters, digits, '-' or '_' (the client sends 21 random characters). */
export const ZIdempotencyKeySchema = lazySchema(() => z.string().regex(/^[\w-]{8,128}$/));
