import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDns } from '../../test/support/fake-dns.ts';
import {
  createOutboundGuard,
  isPublicAddress,
  OutboundUrlRefusedError,
  outboundUrlProblem,
} from './outbound-url.ts';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4007:80f::200e'])(
    'takes %s, a global address',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, elsewhere in 127/8', '127.1.2.3'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['unspecified', '0.0.0.0'],
    ['broadcast', '255.255.255.255'],
    ['multicast', '224.0.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 unique-local', 'fd12:3456::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['6to4 of 127.0.0.1', '2002:7f00:1::1'],
    ['NAT64 of 127.0.0.1', '64:ff9b::7f00:1'],
    ['documentation', '2001:db8::1'],
    ['not an address', 'example.com'],
  ])('refuses %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('outboundUrlProblem', () => {
  const closed = { allowPrivateNetwork: false };
  const open = { allowPrivateNetwork: true };
  it.each(['https://api.twilio.com', 'https://api.openai.com/v1', 'http://sms.example.com:8080/path'])(
    'takes %s',
    (url) => {
      expect(outboundUrlProblem(url, closed)).toBeNull();
    },
  );

  it.each([
    'http://localhost:11434/v1',
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://10.0.0.7/',
    'http://192.168.1.20/',
    'http://172.31.0.1/',
    'http://2130706433/',
  ])('refuses %s without the opt-in, takes it with it', (url) => {
    expect(outboundUrlProblem(url, closed)).toMatch(/private network/);
    expect(outboundUrlProblem(url, open)).toBeNull();
  });

  it.each(['ftp://files.example.com', 'file:///etc/passwd', 'gopher://x.example', 'not a url'])(
    'refuses %s whatever the opt-in',
    (url) => {
      expect(outboundUrlProblem(url, open)).not.toBeNull();
    },
  );
});

describe('the outbound guard', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];
  const guard = createOutboundGuard({
    lookup: fakeDns({
      'rebound.example.test': '127.0.0.1',
      'public.example.test': '93.184.216.34',
    }),
  });
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/redirect') {
        response.writeHead(302, { location: `http://127.0.0.1:${port}/landed` }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await guard.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const get = (url: string, allowPrivateNetwork: boolean) =>
    guard.fetch(url, { method: 'GET' }, { allowPrivateNetwork });

  it('refuses an IP address and a name resolving to a private address, before any byte leaves', async () => {
    hits.length = 0;
    await expect(get(`http://127.0.0.1:${port}/ip`, false)).rejects.toThrow(OutboundUrlRefusedError);
    await expect(get(`http://rebound.example.test:${port}/name`, false)).rejects.toThrow(
      'rebound.example.test resolves to 127.0.0.1',
    );
    expect(hits).toEqual([]);
  });

  it('reaches the same server with the on-premises opt-in', async () => {
    hits.length = 0;
    expect(await (await get(`http://rebound.example.test:${port}/name`, true)).text()).toBe('here');
    expect(await (await get(`http://127.0.0.1:${port}/ip`, true)).text()).toBe('here');
    expect(hits).toEqual(['/name', '/ip']);
  });

  it('follows no redirect: a redirect to an IP would connect without a lookup', async () => {
    hits.length = 0;
    await expect(get(`http://127.0.0.1:${port}/redirect`, true)).rejects.toThrow();
    expect(hits).toEqual(['/redirect']);
  });

  it('opens SMTP connections through the same check', async () => {
    await expect(guard.socket('rebound.example.test', port, { allowPrivateNetwork: false })).rejects.toThrow(
      'rebound.example.test resolves to 127.0.0.1',
    );
    await expect(guard.socket('127.0.0.1', port, { allowPrivateNetwork: false })).rejects.toThrow(
      OutboundUrlRefusedError,
    );
    const socket = await guard.socket('rebound.example.test', port, { allowPrivateNetwork: true });
    expect(socket.remoteAddress).toBe('127.0.0.1');
    socket.destroy();
  });

  it('passes a name resolving to a public address on to the connection', async () => {
    const lookup = guard.guardedLookup({ allowPrivateNetwork: false });
    const address = await new Promise<string>((resolve, reject) =>
      lookup('public.example.test', {}, (error, found) => (error ? reject(error) : resolve(String(found)))),
    );
    expect(address).toBe('93.184.216.34');
  });
});
