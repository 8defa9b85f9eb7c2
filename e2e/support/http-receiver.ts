import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TReceivedRequest = {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
};

export type THttpReceiver = {
  /** http://127.0.0.1:<port>, no trailing slash. */
  readonly url: string;
  /** Every request so far, oldest first. */
  readonly requests: readonly TReceivedRequest[];
  /** The status code the next requests are answered with (200 at first). */
  answerWith(status: number): void;
  /** Resolves with the first request (from now on or already received) that `match` accepts. */
  waitFor(match: (request: TReceivedRequest) => boolean, timeoutMs?: number): Promise<TReceivedRequest>;
  close(): Promise<void>;
};

/**
 * A receiving system on the test's own machine (a webhook receiver, an EPCIS repository's capture endpoint):
 * keeps what Loupe sends and answers with the status the test chooses. On 127.0.0.1, so Loupe only sends to
 * it with "Allow an address on our own network" ticked.
 */
export async function startHttpReceiver(): Promise<THttpReceiver> {
  const requests: TReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      for (const wake of waiters) wake();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next) {
      status = next;
    },
    waitFor(match, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = requests.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching request within ${timeoutMs} ms (${requests.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
