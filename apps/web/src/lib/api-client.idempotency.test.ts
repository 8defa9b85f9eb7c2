// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendJson, startTestServer, type TTestServer } from '../test/http-test-server';
import { createApiClient, type TApiClientOptions } from './api-client';
import { ApiError } from './api-error';

// Issue 36 §5: every write carries one Idempotency-Key for all its attempts, so POST and PATCH are retried on
// the spec's 500, 502 and 504 (§9) like the idempotent methods.
let server: TTestServer;
let keys = 0;
const logger = { warn: vi.fn(), info: vi.fn() };

beforeEach(async () => {
  keys = 0;
  server = await startTestServer((request, response) => {
    if (request.path === '/api/auth/csrf-token') return sendJson(response, 200, { token: 'csrf-1' });
    sendJson(response, 200, { success: true });
  });
});

afterEach(async () => {
  await server.close();
});

function client(options: TApiClientOptions = {}) {
  return createApiClient({
    baseUrl: `${server.origin}/api/v1`,
    csrfTokenUrl: `${server.origin}/api/auth/csrf-token`,
    getIdToken: async () => 'id-token',
    refreshIdToken: async () => 'id-token-2',
    onAuthFailure: () => {},
    random: () => 0,
    createIdempotencyKey: () => {
      keys += 1;
      return `write-key-${keys}`;
    },
    logger,
    ...options,
  });
}

/** Fails the first `failures` attempts at `path` with `status`, then succeeds. */
function failFirst(path: string, status: number, failures = 1) {
  let attempts = 0;
  server.setHandler((request, response) => {
    if (request.path === '/api/auth/csrf-token') return sendJson(response, 200, { token: 'csrf-1' });
    if (request.path === path) {
      attempts += 1;
      if (attempts <= failures) return sendJson(response, status, { message: 'upstream trouble' });
    }
    sendJson(response, 201, { data: { id: 'order-1' } });
  });
}

const keysSentTo = (path: string) =>
  server.requestsTo(path).map((request) => request.headers['idempotency-key']);

describe('Idempotency-Key on writes', () => {
  it.each([
    ['POST', 500],
    ['POST', 502],
    ['PATCH', 504],
  ] as const)(
    'retries a %s after a %i with the same key, and returns the later success',
    async (method, status) => {
      failFirst('/api/v1/orders', status);
      const api = client();
      const answer =
        method === 'POST' ? api.post('/orders', { notes: 'ring' }) : api.patch('/orders', { notes: 'ring' });
      await expect(answer).resolves.toEqual({ data: { id: 'order-1' } });
      expect(keysSentTo('/api/v1/orders')).toEqual(['write-key-1', 'write-key-1']);
    },
  );

  it('gives up after the three attempts of §9, all with one key', async () => {
    failFirst('/api/v1/orders', 500, 5);
    const error = await client()
      .post('/orders', {})
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect(keysSentTo('/api/v1/orders')).toEqual(['write-key-1', 'write-key-1', 'write-key-1']);
  });

  it('keeps the key across the refresh-and-retry of a 401 (spec §4)', async () => {
    failFirst('/api/v1/orders', 401);
    await client().post('/orders', {});
    expect(keysSentTo('/api/v1/orders')).toEqual(['write-key-1', 'write-key-1']);
  });

  it('gives each write its own key, and a read none', async () => {
    const api = client();
    await api.post('/orders', {});
    await api.put('/orders/1', {});
    await api.delete('/orders/1');
    await api.get('/orders');
    expect(
      server.requests
        .filter((r) => r.path !== '/api/auth/csrf-token')
        .map((r) => [r.method, r.headers['idempotency-key']]),
    ).toEqual([
      ['POST', 'write-key-1'],
      ['PUT', 'write-key-2'],
      ['DELETE', 'write-key-3'],
      ['GET', undefined],
    ]);
  });

  it('does not repeat a signed-out write on a 500: the server keeps answers for signed-in users only', async () => {
    failFirst('/api/v1/auth/forgot-password', 500);
    const error = await client({ getIdToken: async () => null })
      .post('/auth/forgot-password', { email: 'ada@example.test' })
      .catch((reason: unknown) => reason);
    expect((error as ApiError).status).toBe(500);
    expect(keysSentTo('/api/v1/auth/forgot-password')).toEqual(['write-key-1']);
  });

  it('sends 21 random characters by default', async () => {
    await createApiClient({
      baseUrl: `${server.origin}/api/v1`,
      csrfTokenUrl: `${server.origin}/api/auth/csrf-token`,
      getIdToken: async () => 'id-token',
      logger,
    }).post('/orders', {});
    expect(keysSentTo('/api/v1/orders')[0]).toMatch(/^[\w-]{21}$/);
  });
});
