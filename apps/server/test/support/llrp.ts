import net from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import type { TTestClient } from './test-app.ts';

/** Antennas as Settings › readers sends them: 1 and 2 on, 3 off. */
export function llrpSettings(port: number, overrides: Record<string, unknown> = {}) {
  return {
    host: '127.0.0.1',
    port,
    antennas: [
      { antenna: 1, enabled: true, txPowerDbm: 20 },
      { antenna: 2, enabled: true, txPowerDbm: 25.5 },
      { antenna: 3, enabled: false, txPowerDbm: 30 },
    ],
    session: 2,
    reportEveryMs: 200,
    ...overrides,
  };
}

/** Registers an LLRP reader and saves its settings through the API, as an admin does in Settings › readers. */
export async function addLlrpReader(
  admin: TTestClient,
  id: string,
  port: number,
  overrides: Record<string, unknown> = {},
) {
  const created = await admin.request('POST', '/api/v1/readers', { body: { id, name: id, kind: 'llrp' } });
  expect(created.statusCode).toBe(201);
  const saved = await admin.request('PUT', `/api/v1/readers/${id}/llrp`, {
    body: llrpSettings(port, overrides),
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** The app's log lines, for the tests that check what was logged. */
export function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

/** A TCP server that answers like a web server, not an LLRP reader. */
export async function startNotLlrpServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: taken, then given back. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const count = (names: readonly string[], name: string) => names.filter((each) => each === name).length;
