import { IDEMPOTENCY_KEY_HEADER } from '@loupe/domain/api/idempotency';
import { retryDelayMs, shouldRetryStatus } from '@loupe/domain/config/backoff';
import {
  CORRELATION_ID_LENGTH,
  FEATURE_FLAGS,
  METRICS,
  RATE_LIMIT,
  RETRY,
  TIMEOUTS_MS,
} from '@loupe/domain/config/constants';
import { normalizeApiError } from '@loupe/domain/errors/errors';
import { lazySchema } from '@loupe/domain/validation/lazy-schema';
import ky, { type Input, isHTTPError, isTimeoutError, type KyInstance, type Options } from 'ky';
import { nanoid } from 'nanoid';
import PQueue from 'p-queue';
import { z } from 'zod';
import { version as webAppVersion } from '../../package.json';
import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_MESSAGES } from './api-error';
import { clearStoredAuth, getIdToken, refreshIdToken } from './auth/auth-client';
import { paths } from './paths';
import { recordRequestTiming, type TRequestTiming } from './telemetry/client-telemetry';
import { type TProgress, xhrTransport } from './xhr-transport';

/** The request headers of spec §7. */
export const API_HEADERS = {
  requestedWith: 'X-Requested-With',
  clientVersion: 'X-Client-Version',
  clientPlatform: 'X-Client-Platform',
  authorization: 'Authorization',
  correlationId: 'X-Correlation-ID',
  requestStart: 'X-Request-Start',
  csrfToken: 'X-CSRF-Token',
  /** Issue 36 §5: one key per write, the same on every attempt, so that the server does it once. */
  idempotencyKey: IDEMPOTENCY_KEY_HEADER,
} as const;

export const API_BASE_URL = '/api/v1';
export const CSRF_TOKEN_URL = '/api/auth/csrf-token';
export const CLIENT_PLATFORM = 'web';
export const CLIENT_VERSION = webAppVersion;

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE']);
// Answers that say the server did not act on the request: the only ones a POST or PATCH without an
// Idempotency-Key may be repeated after. With a key, every status of §9's list is safe (issue 36 §5).
const NOT_PROCESSED_STATUSES = new Set([408, 429, 503]);
const ZCsrfTokenAnswerSchema = lazySchema(() => z.object({ token: z.string().min(1) }));

export type TSearchParams = Readonly<Record<string, string | number | boolean | undefined | null>>;

export type TRequestOptions = {
  readonly searchParams?: TSearchParams;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** Overrides the 30 s default (spec §9). */
  readonly timeoutMs?: number;
  /** The client message used when the server gives none (spec §8), e.g. ERROR_MESSAGES.registrationFailed. */
  readonly errorMessage?: string;
};

export type TUploadOptions = TRequestOptions & {
  readonly method?: 'POST' | 'PUT';
  readonly onProgress?: (progress: TProgress) => void;
};

/** Answers are parsed JSON (or text, or null when empty), as `unknown`: callers parse them with zod. */
export type TApiClient = {
  get(path: string, options?: TRequestOptions): Promise<unknown>;
  post(path: string, body?: unknown, options?: TRequestOptions): Promise<unknown>;
  put(path: string, body?: unknown, options?: TRequestOptions): Promise<unknown>;
  patch(path: string, body?: unknown, options?: TRequestOptions): Promise<unknown>;
  delete(path: string, options?: TRequestOptions): Promise<unknown>;
  /** Multipart upload, 120 s timeout, with progress (spec §7, §9). */
  upload(path: string, body: FormData, options?: TUploadOptions): Promise<unknown>;
  /** Blob download, 60 s timeout (spec §7, §9). */
  download(path: string, options?: TRequestOptions): Promise<Blob>;
  /** A POST whose answer is read as it arrives (server-sent events): the response, its body unread. */
  stream(path: string, body: unknown, options?: TRequestOptions): Promise<Response>;
};

export type TApiClientOptions = {
  /** '/api/v1' in the app; an absolute URL in tests. */
  readonly baseUrl?: string;
  readonly csrfTokenUrl?: string;
  readonly clientVersion?: string;
  /** The current id token, refreshed by Amplify when within 5 s of expiry; null when signed out. */
  readonly getIdToken?: () => Promise<string | null>;
  /**
   * The whole Authorization header instead of `Bearer <id token>`: a station TV sends `Device <token>`
   * (issue 14). Null sends none.
   */
  readonly authorization?: () => Promise<string | null>;
  /** Forces a token refresh; null when it failed. */
  readonly refreshIdToken?: () => Promise<string | null>;
  /** After a 401 whose refresh failed: clear the tokens and go to /login (spec §4). */
  readonly onAuthFailure?: () => void;
  readonly fetch?: (input: Input, init?: RequestInit) => Promise<Response>;
  readonly random?: () => number;
  readonly now?: () => number;
  readonly createCorrelationId?: () => string;
  /** The Idempotency-Key of one write; 21 random characters by default. */
  readonly createIdempotencyKey?: () => string;
  readonly rateLimit?: { readonly intervalCap: number; readonly intervalMs: number };
  readonly logger?: Pick<Console, 'warn' | 'info'>;
  /** Each answer's timing, for performance tracking (issue 36 §2). */
  readonly onRequestTiming?: (timing: TRequestTiming) => void;
};

type TSendOptions = TRequestOptions & {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly json?: unknown;
  readonly body?: FormData;
  readonly fetch?: (input: Input, init?: RequestInit) => Promise<Response>;
};

function withQuery(path: string, searchParams: TSearchParams | undefined): string {
  const relative = path.replace(/^\/+/, '');
  if (!searchParams) return relative;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  if (!text) return relative;
  return `${relative}${relative.includes('?') ? '&' : '?'}${text}`;
}

/** Whether a failure is the server's CSRF refusal (403 CSRF_INVALID), which a fresh token mends. */
async function isCsrfRefusal(error: unknown): Promise<boolean> {
  if (!isHTTPError(error) || error.response.status !== 403) return false;
  if (!MUTATING_METHODS.has(error.request.method)) return false;
  try {
    const body: unknown = await error.response.clone().json();
    return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'CSRF_INVALID';
  } catch {
    return false;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function defaultOnAuthFailure(): void {
  clearStoredAuth();
  if (window.location.pathname !== paths.login) window.location.assign(paths.login);
}

/**
 * The HTTP client of spec §7 and §9, on ky: the §7 headers, CSRF tokens on mutating requests, retries with
 * the §9 backoff (ky honours Retry-After; a 429 without one waits the spec's 60 s), a client rate limit,
 * timeouts, the single 401 refresh-and-retry of §4 and errors normalised to ApiError. Answers are cached
 * in one place only, TanStack Query (lib/query-client.ts).
 */
export function createApiClient(options: TApiClientOptions = {}): TApiClient {
  const baseUrl = options.baseUrl ?? API_BASE_URL;
  const csrfTokenUrl = options.csrfTokenUrl ?? CSRF_TOKEN_URL;
  const clientVersion = options.clientVersion ?? CLIENT_VERSION;
  const readIdToken = options.getIdToken ?? (() => getIdToken());
  const readAuthorization =
    options.authorization ??
    (async () => {
      const idToken = await readIdToken();
      return idToken ? `Bearer ${idToken}` : null;
    });
  const forceRefresh = options.refreshIdToken ?? (() => refreshIdToken());
  const onAuthFailure = options.onAuthFailure ?? defaultOnAuthFailure;
  const baseFetch = options.fetch ?? ((input: Input, init?: RequestInit) => globalThis.fetch(input, init));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const createCorrelationId = options.createCorrelationId ?? (() => nanoid(CORRELATION_ID_LENGTH));
  const createIdempotencyKey = options.createIdempotencyKey ?? (() => nanoid(CORRELATION_ID_LENGTH));
  const logger = options.logger ?? console;

  // Spec §9: 10 requests/s with bursts of 20. p-queue's strict (sliding-window) mode allows `intervalCap`
  // starts in any rolling `interval`: 20 per 2000 ms lets 20 go at once yet holds the sustained rate at 10/s
  // (20 per 1000 ms would let 20/s through). Every attempt, retries of a 429 included, waits its turn here.
  const queue = new PQueue({
    intervalCap: options.rateLimit?.intervalCap ?? RATE_LIMIT.burst,
    interval:
      options.rateLimit?.intervalMs ??
      (RATE_LIMIT.burst / RATE_LIMIT.requestsPerSecond) * RATE_LIMIT.windowMs,
    strict: true,
  });
  const queued =
    (transport: (input: Input, init?: RequestInit) => Promise<Response>) =>
    (input: Input, init?: RequestInit): Promise<Response> => {
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      return queue.add(() => transport(input, init), signal ? { signal } : {});
    };
  const queuedFetch = queued(baseFetch);

  let csrfToken: string | null = null;
  let csrfRequest: Promise<string | null> | null = null;
  let refreshRequest: Promise<string | null> | null = null;

  function ensureCsrfToken(): Promise<string | null> {
    if (csrfToken) return Promise.resolve(csrfToken);
    csrfRequest ??= (async () => {
      try {
        // The server makes the token for the bearer's session (issue 34 §7), so it is asked for with it.
        const authorization = await readAuthorization();
        const response = await queuedFetch(csrfTokenUrl, {
          credentials: 'include',
          headers: {
            accept: 'application/json',
            [API_HEADERS.requestedWith]: 'XMLHttpRequest',
            ...(authorization ? { [API_HEADERS.authorization]: authorization } : {}),
          },
        });
        if (!response.ok) throw new Error(`GET ${csrfTokenUrl} answered ${response.status}`);
        csrfToken = ZCsrfTokenAnswerSchema.parse(await response.json()).token;
        return csrfToken;
      } catch (error) {
        // The request still goes out; the server then answers CSRF_INVALID, which the caller shows.
        logger.warn('Could not get a CSRF token', error);
        return null;
      } finally {
        csrfRequest = null;
      }
    })();
    return csrfRequest;
  }

  /** Spec §4: concurrent refreshes merge into one. */
  function refreshOnce(): Promise<string | null> {
    refreshRequest ??= forceRefresh()
      .catch((error: unknown) => {
        logger.warn('Token refresh failed', error);
        return null;
      })
      .finally(() => {
        refreshRequest = null;
      });
    return refreshRequest;
  }

  const http: KyInstance = ky.create({
    prefixUrl: baseUrl,
    timeout: TIMEOUTS_MS.default,
    fetch: queuedFetch,
    retry: {
      limit: RETRY.maxAttempts - 1,
      methods: ['get', 'put', 'head', 'delete', 'options', 'trace', 'post', 'patch'],
      statusCodes: [...RETRY.statuses],
      afterStatusCodes: [429, 503],
      delay: (attempt) => retryDelayMs(attempt, random),
      shouldRetry: ({ error }) => {
        // Only the statuses of §9; network failures and timeouts surface at once.
        if (!isHTTPError(error)) return false;
        const { status } = error.response;
        if (!shouldRetryStatus(status)) return false;
        // The server keeps answers by key for signed-in users only: a signed-out write is not repeated.
        const hasKeptAnswer =
          error.request.headers.has(API_HEADERS.idempotencyKey) &&
          error.request.headers.has(API_HEADERS.authorization);
        const isSafeToRepeat =
          IDEMPOTENT_METHODS.has(error.request.method) || hasKeptAnswer || NOT_PROCESSED_STATUSES.has(status);
        if (!isSafeToRepeat) return false;
        // ky's own path from here, which waits the Retry-After of a 429 or 503.
        return undefined;
      },
    },
    hooks: {
      beforeRequest: [
        async (request) => {
          request.headers.set(API_HEADERS.requestedWith, 'XMLHttpRequest');
          request.headers.set(API_HEADERS.clientVersion, clientVersion);
          request.headers.set(API_HEADERS.clientPlatform, CLIENT_PLATFORM);
          if (!request.headers.has(API_HEADERS.correlationId)) {
            request.headers.set(API_HEADERS.correlationId, createCorrelationId());
          }
          request.headers.set(API_HEADERS.requestStart, String(now()));
          const authorization = await readAuthorization();
          if (authorization) request.headers.set(API_HEADERS.authorization, authorization);
          else request.headers.delete(API_HEADERS.authorization);
          if (FEATURE_FLAGS.csrfProtection && MUTATING_METHODS.has(request.method)) {
            const token = await ensureCsrfToken();
            if (token) request.headers.set(API_HEADERS.csrfToken, token);
          }
        },
      ],
      afterResponse: [
        async (request, _options, response) => {
          const token = response.headers.get('x-csrf-token');
          if (token) csrfToken = token;
          const elapsedMs = now() - Number(request.headers.get(API_HEADERS.requestStart));
          options.onRequestTiming?.({
            method: request.method,
            url: request.url,
            status: response.status,
            durationMs: elapsedMs,
            correlationId: request.headers.get(API_HEADERS.correlationId),
          });
          if (elapsedMs > METRICS.slowRequestThresholdMs) {
            logger.warn(`Slow request: ${request.method} ${request.url} took ${elapsedMs} ms`);
          }
          if (response.status !== 429) return undefined;
          const retryAfter = response.headers.get('retry-after');
          logger.warn(
            `Rate limited: ${request.method} ${request.url}; retry after ${retryAfter ?? 'default'}`,
          );
          if (retryAfter) return undefined;
          // Spec §4: without a retry-after header, wait 60 s. Adding the header lets ky's own Retry-After
          // handling apply it rather than the short §9 backoff.
          const headers = new Headers(response.headers);
          headers.set('retry-after', String(RATE_LIMIT.defaultRetryAfterMs / 1000));
          return new Response(await response.text(), {
            status: response.status,
            statusText: response.statusText,
            headers,
          });
        },
      ],
    },
  });

  async function toApiError(error: unknown, correlationId: string, clientMessage?: string): Promise<unknown> {
    if (error instanceof ApiError || isAbortError(error)) return error;
    if (isHTTPError(error)) {
      let serverBody: unknown = null;
      try {
        serverBody = await readBody(error.response);
      } catch (readError) {
        logger.warn('Could not read an error answer', readError);
      }
      const normalized = normalizeApiError({
        serverBody,
        status: error.response.status,
        clientMessage: clientMessage ?? null,
        correlationId,
      });
      return new ApiError(normalized, { cause: error });
    }
    const timedOut = isTimeoutError(error);
    return new ApiError(
      {
        message: timedOut ? CLIENT_ERROR_MESSAGES.timeout : CLIENT_ERROR_MESSAGES.network,
        status: 0,
        code: timedOut ? CLIENT_ERROR_CODES.timeout : CLIENT_ERROR_CODES.network,
        correlationId,
      },
      { cause: error },
    );
  }

  async function send(path: string, sendOptions: TSendOptions): Promise<Response> {
    const correlationId = createCorrelationId();
    // Made once here, not in a hook: ky's retries, the CSRF retry and the 401 retry all repeat the same write.
    const idempotency = MUTATING_METHODS.has(sendOptions.method)
      ? { [API_HEADERS.idempotencyKey]: createIdempotencyKey() }
      : {};
    const kyOptions: Options = {
      method: sendOptions.method,
      headers: { ...idempotency, ...sendOptions.headers, [API_HEADERS.correlationId]: correlationId },
      timeout: sendOptions.timeoutMs ?? TIMEOUTS_MS.default,
      ...(sendOptions.json !== undefined ? { json: sendOptions.json } : {}),
      ...(sendOptions.body !== undefined ? { body: sendOptions.body } : {}),
      ...(sendOptions.signal ? { signal: sendOptions.signal } : {}),
      ...(sendOptions.fetch ? { fetch: sendOptions.fetch } : {}),
    };
    const input = withQuery(path, sendOptions.searchParams);
    try {
      return await http(input, kyOptions);
    } catch (error) {
      if (await isCsrfRefusal(error)) {
        // A token of another session (signed in or out since) or past its two hours: ask for a fresh one
        // and send once more (a FormData body can be sent again).
        csrfToken = null;
        try {
          return await http(input, kyOptions);
        } catch (retryError) {
          throw await toApiError(retryError, correlationId, sendOptions.errorMessage);
        }
      }
      if (!isHTTPError(error) || error.response.status !== 401) {
        throw await toApiError(error, correlationId, sendOptions.errorMessage);
      }
      // Spec §4: on a 401, refresh once and retry once; when the refresh fails, clear tokens and go to /login.
      // A request sent with a token that a concurrent refresh has already replaced retries with the new one:
      // refreshing again would make one refresh per late answer instead of one for them all.
      const sentWith = error.request.headers.get(API_HEADERS.authorization);
      const current = await readAuthorization();
      const refreshed = current !== null && current !== sentWith ? current : await refreshOnce();
      if (!refreshed) {
        onAuthFailure();
        throw await toApiError(error, correlationId, sendOptions.errorMessage);
      }
      try {
        return await http(input, kyOptions);
      } catch (retryError) {
        throw await toApiError(retryError, correlationId, sendOptions.errorMessage);
      }
    }
  }

  async function write(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    json: unknown,
    requestOptions: TRequestOptions = {},
  ): Promise<unknown> {
    return readBody(await send(path, { ...requestOptions, method, json }));
  }

  return {
    async get(path, requestOptions = {}) {
      return readBody(await send(path, { ...requestOptions, method: 'GET' }));
    },
    post: (path, body, requestOptions) => write('POST', path, body, requestOptions),
    put: (path, body, requestOptions) => write('PUT', path, body, requestOptions),
    patch: (path, body, requestOptions) => write('PATCH', path, body, requestOptions),
    delete: (path, requestOptions) => write('DELETE', path, undefined, requestOptions),
    async upload(path, body, uploadOptions = {}) {
      const { method = 'POST', onProgress, ...requestOptions } = uploadOptions;
      const response = await send(path, {
        ...requestOptions,
        method,
        body,
        timeoutMs: requestOptions.timeoutMs ?? TIMEOUTS_MS.upload,
        ...(onProgress ? { fetch: queued(xhrTransport(body, onProgress)) } : {}),
      });
      return readBody(response);
    },
    async download(path, requestOptions = {}) {
      const response = await send(path, {
        ...requestOptions,
        method: 'GET',
        timeoutMs: requestOptions.timeoutMs ?? TIMEOUTS_MS.download,
      });
      return response.blob();
    },
    async stream(path, body, requestOptions = {}) {
      return send(path, {
        ...requestOptions,
        method: 'POST',
        json: body,
        headers: { accept: 'text/event-stream', ...requestOptions.headers },
        timeoutMs: requestOptions.timeoutMs ?? TIMEOUTS_MS.download,
      });
    },
  };
}

/** The app's client: Amplify's id token, /login when the session cannot be refreshed, timings tracked. */
export const apiClient = createApiClient({ onRequestTiming: (timing) => recordRequestTiming(timing) });
