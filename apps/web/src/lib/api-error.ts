import { shouldRetryStatus } from '@loupe/domain/config/backoff';
import type { TApiError } from '@loupe/domain/errors/errors';

/** Client-side codes for failures that never reached the server; server codes are in domain ERROR_CODES. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
} as const;

/** What the user reads when no answer came back (spec §8 leaves the wording to us). */
export const CLIENT_ERROR_MESSAGES = {
  network: 'Cannot reach the server. Check your connection and try again.',
  timeout: 'The server took too long to answer. Try again.',
} as const;

/** Every failure of the API client, normalised to the error object of spec §8. */
export class ApiError extends Error implements TApiError {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code?: string;
  readonly details?: unknown;
  readonly correlationId?: string;

  constructor(error: TApiError, options: { cause?: unknown } = {}) {
    super(error.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = error.status;
    if (error.code !== undefined) this.code = error.code;
    if (error.details !== undefined) this.details = error.details;
    if (error.correlationId !== undefined) this.correlationId = error.correlationId;
  }

  /** The plain error object of spec §8, e.g. for logging. */
  toJSON(): TApiError {
    const plain: TApiError = { message: this.message, status: this.status };
    if (this.code !== undefined) plain.code = this.code;
    if (this.details !== undefined) plain.details = this.details;
    if (this.correlationId !== undefined) plain.correlationId = this.correlationId;
    return plain;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type TFieldIssue = { readonly field: string; readonly message: string };

/**
 * The validation issues of a VALIDATION_FAILED answer, with the request part dropped from the field
 * ('body.email' → 'email'), so a form can show each next to its field.
 */
export function fieldIssuesOf(error: unknown): TFieldIssue[] {
  if (!isApiError(error)) return [];
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('issues' in details)) return [];
  const issues = (details as { issues: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { field, message } = issue as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') return [];
    return [{ field: field.replace(/^(body|query|querystring|params|headers)\./, ''), message }];
  });
}

/** The message to show for any thrown value: an ApiError's (already normalised) or the fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}

/**
 * Whether sending the same request again may succeed: no answer came back (network failure or timeout,
 * status 0), the server failed (5xx), or it asked to be tried later (408, 429; spec §9). A refusal (400, 403,
 * 404, 409…) would only be refused again; so would anything that is not an ApiError (e.g. an unreadable answer).
 */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status >= 500 || shouldRetryStatus(error.status);
}
