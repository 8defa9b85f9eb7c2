import type { Page } from '@playwright/test';

/** One response as the network saw it: bytes on the wire (headers and encoded body) and its headers. */
export type TTransfer = {
  readonly url: string;
  readonly status: number;
  readonly bytes: number;
  /** The body's own size as sent (Content-Length), when the answer says it. */
  readonly bodyBytes: number | undefined;
  readonly contentEncoding: string | undefined;
  readonly cacheControl: string | undefined;
};

type TResponseHead = { url: string; status: number; headers: Record<string, string> };

function header(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

function lengthOf(value: string | undefined): number | undefined {
  const length = Number(value);
  return value === undefined || !Number.isInteger(length) ? undefined : length;
}

/**
 * Records every response of `page` through Chromium's DevTools protocol from now on: `encodedDataLength` is
 * what crossed the network (compressed body and headers), whatever the page's scripts can see.
 */
export async function recordTransfers(page: Page): Promise<() => TTransfer[]> {
  const cdp = await page.context().newCDPSession(page);
  const heads = new Map<string, TResponseHead>();
  const transfers: TTransfer[] = [];
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    heads.set(requestId, { url: response.url, status: response.status, headers: response.headers });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const head = heads.get(requestId);
    if (!head) return;
    transfers.push({
      url: head.url,
      status: head.status,
      bytes: encodedDataLength,
      bodyBytes: lengthOf(header(head.headers, 'content-length')),
      contentEncoding: header(head.headers, 'content-encoding'),
      cacheControl: header(head.headers, 'cache-control'),
    });
  });
  await cdp.send('Network.enable');
  return () => [...transfers];
}

export function totalBytes(transfers: readonly TTransfer[]): number {
  return transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);
}

/** A table of the transfers, largest first, for the test's report. */
export function describeTransfers(transfers: readonly TTransfer[]): string {
  return [...transfers]
    .sort((a, b) => b.bytes - a.bytes)
    .map(
      (transfer) =>
        `${String(transfer.bytes).padStart(8)}  ${transfer.contentEncoding ?? '-'}  ${new URL(transfer.url).pathname}`,
    )
    .join('\n');
}
