/**
 * What the log may say about a request or an error (issue 20 §3): paths without their query strings (search
 * terms are customer data), SQL without its parameter values, no e-mail addresses. Installed as pino
 * serializers by buildApp, so every `{ err }` and every request line goes through them.
 */

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
const PARAMS = /\bparams: [\s\S]*$/;
// PostgreSQL quotes the offending value: 'invalid input syntax for type uuid: "…"', 'value "…" is out of range'.
const QUOTED_VALUE = /(: |value )"[^"]*"/g;

/** Text of an error with values taken out. */
export function scrubLogText(text: string): string {
  return text
    .replace(PARAMS, 'params: [redacted]')
    .replace(QUOTED_VALUE, '$1"[redacted]"')
    .replace(EMAIL, '[e-mail]');
}

// Fields of a PostgreSQL error that name where it happened, not what was in the row. `detail` is left out:
// "Key (email)=(…) already exists" quotes the row.
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

type TLoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** An error as the log shows it; a bare message (`{ err: error.message }`) is scrubbed the same way. */
export function serializeLoggedError(error: unknown, depth = 0): TLoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: scrubLogText(String(error)), stack: '' };
  }
  const record = error as Error & Record<string, unknown>;
  const out: TLoggedError = {
    type: error.name,
    message: scrubLogText(error.message),
    stack: scrubLogText(error.stack ?? ''),
  };
  for (const field of SAFE_DATABASE_FIELDS) {
    if (typeof record[field] === 'string' || typeof record[field] === 'number') out[field] = record[field];
  }
  // The statement with its $1 placeholders, never the values bound to them.
  if (typeof record.query === 'string') out.query = record.query;
  if (record.cause !== undefined && depth < 5) out.cause = serializeLoggedError(record.cause, depth + 1);
  return out;
}

/**
 * Paths whose segment after a prefix is a capability (issue 34 §4): whoever holds it opens a customer's
 * tracking page or approves their design, so the log shows the route, never the token. The web app's pages
 * (/t/{token}, /design-approval/{token}) and every public API route (/api/v1/public/{area}/{token}/…).
 */
const CAPABILITY_PATHS: readonly RegExp[] = [
  /^(\/t\/)[^/]+/,
  /^(\/design-approval\/)[^/]+/,
  /^(\/api\/v1\/public\/[^/]+\/)[^/]+/,
];
export const REDACTED_TOKEN = '[token]';

/**
 * A request path as the log may show it: no query string (search terms are customer data; tokens, codes,
 * keys and signatures travel there too) and no capability token in the path.
 */
export function loggablePath(url: string): string {
  const path = url.split('?')[0] ?? '';
  for (const pattern of CAPABILITY_PATHS) {
    if (pattern.test(path)) return path.replace(pattern, `$1${REDACTED_TOKEN}`);
  }
  return path;
}

type TLoggedRequest = {
  readonly method: string;
  readonly url: string;
  readonly host?: string;
  readonly ip?: string;
};

export function serializeLoggedRequest(request: TLoggedRequest) {
  return {
    method: request.method,
    url: loggablePath(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

export const LOG_SERIALIZERS = {
  err: (error: unknown) => serializeLoggedError(error),
  req: serializeLoggedRequest,
};
