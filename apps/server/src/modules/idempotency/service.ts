import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_TTL_MS } from '@loupe/domain/api/idempotency';
import { AppError } from '@loupe/domain/errors/errors';
import type { TTransactional } from '../../db/transaction.ts';
import type { TClock } from '../../lib/clock.ts';
import type { TIdempotencyRepository, TStoredAnswer } from './repository.ts';

/** One mutating request under an Idempotency-Key: whose, which, and what exactly it asked. */
export type TIdempotentRequest = {
  readonly userId: string;
  readonly key: string;
  /** 'POST /api/v1/orders'. */
  readonly route: string;
  readonly fingerprint: string;
};

/** Do the work (the key is now this request's), or answer with what the first request got. */
export type TIdempotencyDecision =
  | { readonly kind: 'proceed' }
  | { readonly kind: 'replay'; readonly answer: TStoredAnswer };

export type TIdempotencyServiceOptions = {
  readonly repository: TTransactional<TIdempotencyRepository>;
  readonly clock: TClock;
  /** How long a duplicate waits for the first request's answer before it is told to try again later. */
  readonly waitMs?: number;
  readonly pollMs?: number;
};

/** A request in progress for longer than this was abandoned (its instance stopped): a retry may take over. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const WAIT_MS = 10_000;
const POLL_MS = 50;

/**
 * Idempotency-Keys (issue 36 §5): the first request with a key claims it in the database and its answer is
 * kept for 24 h; a repeat (a retry after a lost answer, or a double click sent twice at once) waits for that
 * answer and gets it again instead of doing the work twice. The same key with another route or body is a
 * client bug and refused with IDEMPOTENCY_KEY_REUSED.
 */
export function createIdempotencyService(options: TIdempotencyServiceOptions) {
  const { repository, clock } = options;
  const waitMs = options.waitMs ?? WAIT_MS;
  const pollMs = options.pollMs ?? POLL_MS;

  async function begin(request: TIdempotentRequest): Promise<TIdempotencyDecision> {
    // Waiting for another request is measured in real time: it is how long this caller is kept on hold.
    const giveUpAt = performance.now() + waitMs;
    for (;;) {
      const at = clock();
      if (await repository.claim({ ...request, at })) return { kind: 'proceed' };
      const row = await repository.find(request.userId, request.key);
      const expiredBefore = new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS);
      const abandonedBefore = new Date(at.getTime() - ABANDONED_AFTER_MS);
      if (row !== undefined) {
        const isStale =
          row.createdAt < expiredBefore || (row.status === null && row.createdAt < abandonedBefore);
        if (isStale) {
          if (await repository.claimStale({ ...request, at }, { expiredBefore, abandonedBefore })) {
            return { kind: 'proceed' };
          }
        } else if (row.route !== request.route || row.fingerprint !== request.fingerprint) {
          throw new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used for another request. Send a new key for a new request.',
          );
        } else if (row.status !== null) {
          return {
            kind: 'replay',
            answer: { status: row.status, contentType: row.contentType, body: row.body ?? '' },
          };
        }
      }
      // In progress (or released and claimed again by someone else meanwhile): wait for its answer.
      if (performance.now() >= giveUpAt) {
        throw new AppError(
          'IDEMPOTENT_REQUEST_IN_PROGRESS',
          'The same request is still being worked on. Try again in a moment.',
        );
      }
      await sleep(pollMs);
    }
  }

  return {
    begin,
    /** Keeps the answer for the key's 24 hours. */
    finish: (request: TIdempotentRequest, answer: TStoredAnswer) =>
      repository.complete(request.userId, request.key, answer, clock()),
    /** No answer worth keeping (a 5xx, a stream): the key is free again, and a retry does the work. */
    abandon: (request: TIdempotentRequest) => repository.release(request.userId, request.key),
    /** Forgets keys past their 24 hours; how many went. */
    sweepExpired: () => repository.deleteClaimedBefore(new Date(clock().getTime() - IDEMPOTENCY_KEY_TTL_MS)),
  };
}

export type TIdempotencyService = ReturnType<typeof createIdempotencyService>;
