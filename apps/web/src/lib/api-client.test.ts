// @vitest-environment node
import { CORRELATION_ID_LENGTH, RATE_LIMIT } from '@loupe/domain/config/constants';
import { ERROR_MESSAGES } from '@loupe/domain/errors/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendJson, startTestServer, type TTestServer } from '../test/http-test-server';
import { API_HEADERS, CLIENT_VERSION, createApiClient, type TApiClientOptions } from './api-client';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';

let server: TTestServer;
const logger = { warn: vi.fn(), info: vi.fn() };

beforeEach(async () => {
  logger.warn.mockReset();
  logger.info.mockReset();
  server = await startTestServer((_request, response) => sendJson(response, 200, { success: true }));
});

afterEach(async () => {
  await server.close();
});

function client(options: TApiClientOptions = {}) {
  return createApiClient({
    baseUrl: `${server.origin}/api/v1`,
    csrfTokenUrl: `${server.origin}/api/auth/csrf-token`,
    getIdToken: async () => 'id-token',
    refreshIdToken: async () => null,
    onAuthFailure: () => {},
    random: () => 0,
    logger,
    ...options,
  });
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('sends the spec §7 headers on every request', async () => {
    const before = Date.now();
    await client().get('/orders');
    const [request] = server.requestsTo('/api/v1/orders');
    expect(request?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request?.headers['x-client-version']).toBe(CLIENT_VERSION);
    expect(request?.headers['x-client-platform']).toBe('web');
    expect(request?.headers.authorization).toBe('Bearer id-token');
    expect(request?.headers['x-correlation-id']).toMatch(new RegExp(`^[\\w-]{${CORRELATION_ID_LENGTH}}$`));
    expect(Number(request?.headers['x-request-start'])).toBeGreaterThanOrEqual(before);
    // GETs carry no CSRF token and fetch none.
    expect(request?.headers['x-csrf-token']).toBeUndefined();
    expect(server.requestsTo('/api/auth/csrf-token')).toHaveLength(0);
  });

  it('sends no Authorization header when signed out', async () => {
    await client({ getIdToken: async () => null }).get('/auth/profile');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('fetches a CSRF token for the first POST and then uses the one of the last answer', async () => {
    server.setHandler((request, response) => {
      if (request.path === '/api/auth/csrf-token') return sendJson(response, 200, { token: 'csrf-1' });
      sendJson(response, 200, { success: true }, { 'x-csrf-token': 'csrf-2' });
    });
    const api = client();
    await api.post('/auth/logout');
    await api.put('/auth/profile', { firstName: 'Ada' });
    const csrfRequests = server.requestsTo('/api/auth/csrf-token');
    expect(csrfRequests).toHaveLength(1);
    expect(csrfRequests[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(server.requestsTo('/api/v1/auth/logout')[0]?.headers['x-csrf-token']).toBe('csrf-1');
    const put = server.requestsTo('/api/v1/auth/profile')[0];
    expect(put?.headers['x-csrf-token']).toBe('csrf-2');
    expect(JSON.parse(put?.body ?? '')).toEqual({ firstName: 'Ada' });
  });

  it('asks for the CSRF token with the bearer, whose session the server makes it for', async () => {
    await client().post('/auth/logout');
    expect(server.requestsTo('/api/auth/csrf-token')[0]?.headers.authorization).toBe('Bearer id-token');
    await client({ getIdToken: async () => null }).post('/auth/forgot-password', { email: 'a@b.example' });
    expect(server.requestsTo('/api/auth/csrf-token')[1]?.headers.authorization).toBeUndefined();
  });

  it('fetches a fresh CSRF token and sends once more after 403 CSRF_INVALID (another session, expired)', async () => {
    let tokens = 0;
    server.setHandler((request, response) => {
      if (request.path === '/api/auth/csrf-token') {
        tokens += 1;
        return sendJson(response, 200, { token: `csrf-${tokens}` });
      }
      if (request.headers['x-csrf-token'] === 'csrf-1') {
        return sendJson(response, 403, { code: 'CSRF_INVALID', message: 'stale', status: 403 });
      }
      sendJson(response, 200, { success: true });
    });
    await expect(client().put('/auth/profile', { firstName: 'Ada' })).resolves.toEqual({ success: true });
    const puts = server.requestsTo('/api/v1/auth/profile');
    expect(puts.map((request) => request.headers['x-csrf-token'])).toEqual(['csrf-1', 'csrf-2']);
    expect(JSON.parse(puts[1]?.body ?? '')).toEqual({ firstName: 'Ada' });
  });

  it('does not send again after a 403 that is a permission refusal, or a second CSRF refusal', async () => {
    server.setHandler((request, response) => {
      if (request.path === '/api/auth/csrf-token') return sendJson(response, 200, { token: 't' });
      if (request.path === '/api/v1/users') {
        return sendJson(response, 403, { code: 'FORBIDDEN', message: 'no', status: 403 });
      }
      sendJson(response, 403, { code: 'CSRF_INVALID', message: 'stale', status: 403 });
    });
    const api = client();
    expect((await rejectionOf(api.post('/users', {}))).code).toBe('FORBIDDEN');
    expect(server.requestsTo('/api/v1/users')).toHaveLength(1);
    expect((await rejectionOf(api.post('/auth/logout'))).code).toBe('CSRF_INVALID');
    expect(server.requestsTo('/api/v1/auth/logout')).toHaveLength(2);
  });

  it('retries a 503 after the §9 backoff and returns the later success', async () => {
    let calls = 0;
    server.setHandler((_request, response) => {
      calls += 1;
      if (calls === 1) return sendJson(response, 503, { message: 'busy' });
      sendJson(response, 200, { data: 'ok' });
    });
    const started = Date.now();
    await expect(client().get('/tracking/stats')).resolves.toEqual({ data: 'ok' });
    expect(calls).toBe(2);
    // First retry: 1 s, no jitter with random() = 0.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const [first, second] = server.requests;
    expect(second?.headers['x-correlation-id']).toBe(first?.headers['x-correlation-id']);
  });

  it('does not retry a 400 and normalises its error body', async () => {
    const issues = [{ field: 'body.email', message: 'Invalid email address' }];
    server.setHandler((_request, response) =>
      sendJson(response, 400, {
        message: 'body.email: Invalid email address',
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { issues },
        correlationId: 'server-correlation-id',
      }),
    );
    const error = await rejectionOf(
      client().post('/auth/register', { email: 'nope' }, { errorMessage: ERROR_MESSAGES.registrationFailed }),
    );
    expect(server.requestsTo('/api/v1/auth/register')).toHaveLength(1);
    expect(error.toJSON()).toEqual({
      message: 'body.email: Invalid email address',
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { issues },
      correlationId: 'server-correlation-id',
    });
  });

  it("uses the caller's message and the request's correlation id when the server sends neither", async () => {
    server.setHandler((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<h1>proxy error</h1>');
    });
    const error = await rejectionOf(
      client().post('/auth/forgot-password', {}, { errorMessage: ERROR_MESSAGES.requestPasswordResetFailed }),
    );
    // Issue 36 §5: a signed-in POST carries an Idempotency-Key, so it is repeated on a 500 (three attempts in
    // all, spec §9) with the same key and correlation id; the server answers a repeat without doing it twice.
    const posts = server.requestsTo('/api/v1/auth/forgot-password');
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((post) => post.headers['idempotency-key'])).size).toBe(1);
    expect(new Set(posts.map((post) => post.headers['x-correlation-id'])).size).toBe(1);
    expect(error.message).toBe(ERROR_MESSAGES.requestPasswordResetFailed);
    expect(error.status).toBe(500);
    expect(error.correlationId).toBe(posts[0]?.headers['x-correlation-id']);
  });

  it("falls back to 'An error occurred' without any message", async () => {
    server.setHandler((_request, response) => sendJson(response, 404, {}));
    const error = await rejectionOf(client().get('/orders/42'));
    expect(error.message).toBe(ERROR_MESSAGES.generic);
    expect(error.status).toBe(404);
  });

  it('reports a network failure as status 0', async () => {
    const api = client();
    await server.close();
    const error = await rejectionOf(api.get('/orders'));
    expect(error.status).toBe(0);
    expect(error.code).toBe(CLIENT_ERROR_CODES.network);
    // Re-open so afterEach can close it.
    server = await startTestServer(() => {});
  });

  it('reports a timeout', async () => {
    server.setHandler((_request, response) => {
      setTimeout(() => sendJson(response, 200, {}), 300);
    });
    const error = await rejectionOf(client().get('/tracking/orders', { timeoutMs: 50 }));
    expect(error.code).toBe(CLIENT_ERROR_CODES.timeout);
    expect(error.status).toBe(0);
  });

  describe('a 401', () => {
    it('refreshes the token once and retries once', async () => {
      let token = 'expired';
      const refreshIdToken = vi.fn(async () => {
        token = 'fresh';
        return token;
      });
      const onAuthFailure = vi.fn();
      server.setHandler((request, response) =>
        request.headers.authorization === 'Bearer fresh'
          ? sendJson(response, 200, { data: 'profile' })
          : sendJson(response, 401, { message: 'expired', code: 'UNAUTHENTICATED' }),
      );
      const api = client({ getIdToken: async () => token, refreshIdToken, onAuthFailure });
      await expect(api.get('/auth/profile')).resolves.toEqual({ data: 'profile' });
      expect(refreshIdToken).toHaveBeenCalledTimes(1);
      expect(server.requests.map((request) => request.headers.authorization)).toEqual([
        'Bearer expired',
        'Bearer fresh',
      ]);
      expect(onAuthFailure).not.toHaveBeenCalled();
    });

    it('merges the refreshes of concurrent 401s into one', async () => {
      let token = 'expired';
      const refreshIdToken = vi.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        token = 'fresh';
        return token;
      });
      server.setHandler((request, response) =>
        request.headers.authorization === 'Bearer fresh'
          ? sendJson(response, 200, {})
          : sendJson(response, 401, {}),
      );
      const api = client({ getIdToken: async () => token, refreshIdToken });
      await Promise.all([api.get('/orders'), api.get('/repairs'), api.get('/alerts')]);
      expect(refreshIdToken).toHaveBeenCalledTimes(1);
    });

    it('retries a 401 that answers after the refresh ended with the new token, refreshing no more', async () => {
      let token = 'expired';
      const refreshIdToken = vi.fn(async () => {
        token = 'fresh';
        return token;
      });
      server.setHandler((request, response) => {
        if (request.headers.authorization === 'Bearer fresh') return sendJson(response, 200, {});
        // The alerts' refusal comes long after the orders' refusal was answered by a refresh.
        const delay = request.path.includes('alerts') ? 200 : 0;
        setTimeout(() => sendJson(response, 401, {}), delay);
      });
      const api = client({ getIdToken: async () => token, refreshIdToken });
      await Promise.all([api.get('/orders'), api.get('/alerts')]);
      expect(refreshIdToken).toHaveBeenCalledTimes(1);
    });

    it('gives up after the one retry when the server still refuses', async () => {
      const refreshIdToken = vi.fn(async () => 'fresh');
      const onAuthFailure = vi.fn();
      server.setHandler((_request, response) => sendJson(response, 401, { message: 'no' }));
      const error = await rejectionOf(client({ refreshIdToken, onAuthFailure }).get('/orders'));
      expect(error.status).toBe(401);
      expect(server.requests).toHaveLength(2);
      expect(refreshIdToken).toHaveBeenCalledTimes(1);
      expect(onAuthFailure).not.toHaveBeenCalled();
    });

    it('clears the session and leaves for /login when the refresh fails', async () => {
      const onAuthFailure = vi.fn();
      server.setHandler((_request, response) => sendJson(response, 401, { message: 'Sign in again.' }));
      const error = await rejectionOf(
        client({ refreshIdToken: async () => null, onAuthFailure }).get('/orders'),
      );
      expect(error.message).toBe('Sign in again.');
      expect(server.requests).toHaveLength(1);
      expect(onAuthFailure).toHaveBeenCalledTimes(1);
    });
  });

  it('waits the Retry-After of a 429 through the queue, then succeeds', async () => {
    let calls = 0;
    server.setHandler((request, response) => {
      if (request.path === '/api/auth/csrf-token') return sendJson(response, 200, { token: 't' });
      calls += 1;
      if (calls === 1) return sendJson(response, 429, { message: 'slow down' }, { 'retry-after': '1' });
      sendJson(response, 200, { ok: true });
    });
    const started = Date.now();
    // A POST too: a 429 means the server did not act on it.
    await expect(client().post('/tracking/assign-epc', { orderId: 'o1' })).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('Rate limited'));
  });

  it('asks the server at every GET: answers are cached by TanStack Query alone', async () => {
    const api = client();
    await api.get('/departments');
    await api.get('/departments');
    expect(server.requestsTo('/api/v1/departments')).toHaveLength(2);
  });

  it('warns about a request slower than 3000 ms', async () => {
    let time = 0;
    await client({
      now: () => {
        time += 4000;
        return time;
      },
    }).get('/orders');
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Slow request: GET .*\/orders took \d+ ms$/),
    );
  });

  it('holds requests beyond the rate limit until the window allows them', async () => {
    const api = client({ rateLimit: { intervalCap: 2, intervalMs: 300 } });
    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    const [first, , third] = server.requests;
    expect((third?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(250);
  });

  it('downloads a Blob', async () => {
    server.setHandler((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end('a,b\n1,2\n');
    });
    const blob = await client().download('/reports/orders.csv');
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('a,b\n1,2\n');
  });

  it('exports the header names of spec §7', () => {
    expect(Object.values(API_HEADERS)).toEqual([
      'X-Requested-With',
      'X-Client-Version',
      'X-Client-Platform',
      'Authorization',
      'X-Correlation-ID',
      'X-Request-Start',
      'X-CSRF-Token',
      // Issue 36 §5, beside the spec's headers.
      'Idempotency-Key',
    ]);
  });
});

describe('api client without a Retry-After header on a 429', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits the default 60 s before the retry', async () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const fetch = vi.fn(async (input: string | URL | Request) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/csrf-token')) return Response.json({ token: 't' });
      calls.push(Date.now());
      return calls.length === 1
        ? Response.json({ message: 'slow down' }, { status: 429 })
        : Response.json({ ok: true });
    });
    const api = createApiClient({
      baseUrl: 'http://loupe.test/api/v1',
      csrfTokenUrl: 'http://loupe.test/api/auth/csrf-token',
      getIdToken: async () => null,
      fetch,
      logger,
    });
    const result = api.get('/orders');
    await vi.advanceTimersByTimeAsync(RATE_LIMIT.defaultRetryAfterMs - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
    expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBe(RATE_LIMIT.defaultRetryAfterMs);
  });
});
