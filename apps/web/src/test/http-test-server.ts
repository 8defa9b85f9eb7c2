import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TRecordedRequest = {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  readonly receivedAt: number;
};

export type THandler = (request: TRecordedRequest, response: ServerResponse) => void | Promise<void>;

export type TTestServer = {
  /** e.g. http://127.0.0.1:41234 */
  readonly origin: string;
  readonly requests: TRecordedRequest[];
  /** Requests to one path, in arrival order. */
  requestsTo(path: string): TRecordedRequest[];
  setHandler(handler: THandler): void;
  close(): Promise<void>;
};

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A real HTTP server on a free local port, for tests of the API client: the client's fetch, retries and
 * timeouts run as in the browser, without mocking the network layer.
 */
export async function startTestServer(initial: THandler): Promise<TTestServer> {
  let handler = initial;
  const requests: TRecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://test');
      const recorded: TRecordedRequest = {
        method: incoming.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      if (recorded.method !== 'OPTIONS') requests.push(recorded);
      Promise.resolve(handler(recorded, response)).catch((error: unknown) => {
        response.writeHead(599);
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    setHandler(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
