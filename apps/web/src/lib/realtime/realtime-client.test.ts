// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBSOCKET } from '@loupe/domain/config/constants';
import { Server, type Socket } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRootsForEvent } from './query-invalidation';
import { RealtimeClient, RealtimeRequestError } from './realtime-client';

type TTestServer = { url: string; io: Server; http: HttpServer; tokens: string[]; close(): Promise<void> };

/** A real Socket.IO server that records handshake tokens and accepts only 'good' ones. */
async function startServer(port = 0): Promise<TTestServer> {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  const tokens: string[] = [];
  io.use((socket, next) => {
    const token = String(socket.handshake.auth.token);
    tokens.push(token);
    if (token.startsWith('good')) next();
    else next(new Error('unauthorized'));
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const address = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    io,
    http,
    tokens,
    close: () =>
      new Promise((resolve) => {
        io.close(() => resolve());
      }),
  };
}

function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  return vi.waitFor(() => expect(check()).toBe(true), { timeout: ms, interval: 20 });
}

const servers: TTestServer[] = [];
const clients: RealtimeClient[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const client of clients.splice(0)) client.disconnect();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function setup(token = 'good-1') {
  const server = await startServer();
  servers.push(server);
  let current = token;
  const client = new RealtimeClient({ url: server.url, getIdToken: async () => current });
  clients.push(client);
  return { server, client, setToken: (next: string) => (current = next) };
}

describe('RealtimeClient', () => {
  it('connects over websocket with the id token and reports the state', async () => {
    const { server, client } = await setup();
    const states: string[] = [];
    client.onStateChange(() => states.push(client.state));
    client.connect();
    await waitFor(() => client.state === 'connected');
    expect(server.tokens).toEqual(['good-1']);
    const [socket] = server.io.sockets.sockets.values();
    expect(socket?.conn.transport.name).toBe('websocket');
    client.disconnect();
    expect(states).toEqual(['connected', 'disconnected']);
  });

  it('delivers server events to listeners, by name and to onAny', async () => {
    const { server, client } = await setup();
    const byName = vi.fn();
    const any = vi.fn();
    client.on('order:created', byName);
    client.onAny(any);
    client.connect();
    await waitFor(() => client.state === 'connected');
    const payload = {
      orderId: 'o1',
      orderNumber: 'ORD-00001',
      status: 'new',
      timestamp: '2026-11-21T10:00:00.000Z',
    };
    server.io.emit('order:created', payload);
    await waitFor(() => byName.mock.calls.length === 1);
    expect(byName).toHaveBeenCalledWith(payload);
    expect(any).toHaveBeenCalledWith({ name: 'order:created', payload });
  });

  it('queues messages while disconnected, keeps only the newest 100, and sends them on connect', async () => {
    const { server, client } = await setup();
    const received: unknown[] = [];
    server.io.on('connection', (socket: Socket) =>
      socket.on('subscribe', (payload) => received.push(payload)),
    );
    for (let index = 0; index < WEBSOCKET.queueSize + 5; index += 1) {
      client.send('subscribe', { room: `order:o${index}` });
    }
    expect(client.queuedCount).toBe(WEBSOCKET.queueSize);
    client.connect();
    await waitFor(() => received.length === WEBSOCKET.queueSize);
    expect(received[0]).toEqual({ room: 'order:o5' });
    expect(received.at(-1)).toEqual({ room: `order:o${WEBSOCKET.queueSize + 4}` });
    expect(client.queuedCount).toBe(0);
  });

  it('sends a ping heartbeat at its interval while connected, and none once disconnected', async () => {
    const server = await startServer();
    servers.push(server);
    const pings: { timestamp: string }[] = [];
    server.io.on('connection', (socket: Socket) => {
      socket.on('ping', (payload: { timestamp: string }) => pings.push(payload));
      // A round trip on the same socket: whatever the client emitted before it has arrived by its answer.
      socket.on('rfid:test-scan', (_payload: unknown, ack: (answer: unknown) => void) => ack({ ok: true }));
    });
    const arrivedSoFar = async () => {
      await client.request('rfid:test-scan', { readerId: 'r1', antenna: 1, epc: 'E2801160600002054A2F1C11' });
      return pings.length;
    };
    const intervalMs = 60_000;
    // Only the heartbeat's interval is faked: Socket.IO's own timers stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const client = new RealtimeClient({
      url: server.url,
      getIdToken: async () => 'good',
      heartbeatMs: intervalMs,
    });
    clients.push(client);
    client.connect();
    await vi.waitUntil(() => client.state === 'connected', { timeout: 5000 });
    vi.advanceTimersByTime(intervalMs - 1_000);
    expect(await arrivedSoFar()).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(await arrivedSoFar()).toBe(1);
    expect(pings[0]?.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    vi.advanceTimersByTime(intervalMs);
    expect(await arrivedSoFar()).toBe(2);
    client.disconnect();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up on an unreachable server after 5 reconnect attempts and reports failed', async () => {
    const gone = await startServer();
    await gone.close();
    const client = new RealtimeClient({
      url: gone.url,
      getIdToken: async () => 'good',
      reconnectDelayMs: 50,
    });
    clients.push(client);
    client.connect();
    await waitFor(() => client.state === 'reconnecting');
    await waitFor(() => client.state === 'failed');
    expect(client.failure).toEqual({ message: expect.any(String), attempts: WEBSOCKET.reconnectAttempts });
  });

  it('retries a refused handshake 5 times at the set delay, then reports failed with the attempt count', async () => {
    const server = await startServer();
    servers.push(server);
    const attemptsAt: number[] = [];
    server.io.use((_socket, next) => {
      attemptsAt.push(Date.now());
      next();
    });
    const client = new RealtimeClient({
      url: server.url,
      getIdToken: async () => 'bad',
      reconnectDelayMs: 80,
    });
    clients.push(client);
    client.connect();
    await waitFor(() => client.state === 'failed');
    expect(client.failure).toEqual({ message: expect.any(String), attempts: WEBSOCKET.reconnectAttempts });
    // The first try plus the five reconnects.
    expect(server.tokens).toHaveLength(WEBSOCKET.reconnectAttempts + 1);
    const gaps = attemptsAt.slice(1).map((at, index) => at - (attemptsAt[index] ?? at));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(70);
  });

  it('fetches the token again for every retry, so a refreshed token gets in', async () => {
    const server = await startServer();
    servers.push(server);
    let token = 'expired';
    const client = new RealtimeClient({
      url: server.url,
      getIdToken: async () => token,
      reconnectDelayMs: 50,
    });
    clients.push(client);
    client.connect();
    await waitFor(() => server.tokens.length === 1);
    token = 'good-refreshed';
    await waitFor(() => client.state === 'connected');
    expect(server.tokens).toEqual(['expired', 'good-refreshed']);
  });
});

describe('RealtimeClient.onReconnect', () => {
  it('tells when the connection comes back after a loss, not on the first connect', async () => {
    const server = await startServer();
    servers.push(server);
    const client = new RealtimeClient({
      url: server.url,
      getIdToken: async () => 'good-1',
      reconnectDelayMs: 50,
    });
    clients.push(client);
    const reconnects = vi.fn();
    client.onReconnect(reconnects);
    client.connect();
    await waitFor(() => client.state === 'connected');
    expect(reconnects).not.toHaveBeenCalled();

    // The network drops (not a server-side disconnect, which would not be retried).
    for (const socket of server.io.sockets.sockets.values()) socket.conn.close();
    await waitFor(() => reconnects.mock.calls.length === 1);
    expect(client.state).toBe('connected');
  });
});

describe('RealtimeClient.request', () => {
  const SCAN = { readerId: 'intake-1', antenna: 2, epc: 'e280 1160 6000 0208' };

  async function connected(
    onScan: (socket: Socket, payload: unknown, ack: (answer: unknown) => void) => void,
  ) {
    const { server, client } = await setup();
    server.io.on('connection', (socket: Socket) =>
      socket.on('rfid:test-scan', (payload: unknown, ack: (answer: unknown) => void) =>
        onScan(socket, payload, ack),
      ),
    );
    client.connect();
    await waitFor(() => client.state === 'connected');
    return client;
  }

  it('sends the payload and resolves with the server’s acknowledgement', async () => {
    const received: unknown[] = [];
    const client = await connected((_socket, payload, ack) => {
      received.push(payload);
      ack({ ok: true, result: { accepted: 1 } });
    });
    await expect(client.request('rfid:test-scan', SCAN)).resolves.toEqual({
      ok: true,
      result: { accepted: 1 },
    });
    expect(received).toEqual([SCAN]);
  });

  it('rejects at once when not connected, without queuing the request', async () => {
    const { client } = await setup();
    const error = await client.request('rfid:test-scan', SCAN).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RealtimeRequestError);
    expect(error).toMatchObject({
      reason: 'not-connected',
      message: expect.stringMatching(/^Not connected/),
    });
    expect(client.queuedCount).toBe(0);
  });

  it('rejects after the timeout when the server never answers', async () => {
    const client = await connected(() => {});
    const startedAt = Date.now();
    const error = await client
      .request('rfid:test-scan', SCAN, { timeoutMs: 150 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'timeout', message: 'The server did not answer within 0.15 s.' });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(140);
    // The connection itself is fine.
    expect(client.state).toBe('connected');
  });

  it('rejects when the connection drops before the answer', async () => {
    const client = await connected((socket) => socket.disconnect(true));
    const error = await client
      .request('rfid:test-scan', SCAN, { timeoutMs: 5000 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'disconnected' });
  });
});

describe('queryRootsForEvent', () => {
  it.each([
    // A status changed by hand or by a read moves the job's state: tiles, board and predictions live under
    // 'workflow'; a finished job gives its tag back and leaves /offsite.
    // The designer's board puts a request in its order's phase's column (issue 35 §7).
    ['order:moved', ['orders', 'tracking', 'workflow', 'offsite', 'designs']],
    ['order:status-changed', ['orders', 'tracking', 'workflow', 'offsite', 'designs']],
    ['repair:updated', ['repairs', 'tracking', 'workflow', 'offsite']],
    ['repair:status-changed', ['repairs', 'tracking', 'workflow', 'offsite']],
    // A read can bring a piece ready for pickup to its pickup location (issue 39's location view).
    ['tracking:location-update', ['orders', 'repairs', 'tracking', 'offsite', 'workflow', 'transfers']],
    ['tracking:offsite-detected', ['orders', 'repairs', 'tracking', 'offsite', 'workflow', 'transfers']],
    // Issue 39: a bag packed, sent, received or closed; its page, the lists and the location views follow.
    ['transfer:changed', ['transfers']],
    ['workflow:phase-completed', ['workflow', 'orders', 'repairs', 'designs']],
    // Templates follow the departments: the board's phases with them.
    ['department:updated', ['registry', 'workflow']],
    ['station:added', ['registry']],
    ['design:request-changed', ['designs', 'orders']],
    ['materials:changed', ['materials']],
    // A work timer (issue 37 §3): My Tasks and the kiosk live under 'workflow', a job's labour under its kind.
    ['work:timer-changed', ['workflow', 'orders', 'repairs']],
    // A user changed: Settings › users follows. How many people are online is no query's (the provider's count).
    ['user:updated', ['settings']],
    ['user:online-count-changed', []],
    ['pong', []],
  ])('%s refreshes %j', (name, roots) => {
    expect(queryRootsForEvent(name)).toEqual(roots);
  });
});
