import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from './url';

describe('isSafeExternalUrl (spec §5)', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#top',
    'https://shop.example.co.uk:8443/a',
    'HTTPS://EXAMPLE.COM',
    'https://localhost.example.com',
    'https://mylocalhost.com',
    'https://1.example.com',
    'https://example.com.',
  ])('accepts %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    ['ftp', 'ftp://example.com'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<b>x</b>'],
    ['file', 'file:///etc/passwd'],
    ['mailto', 'mailto:ana@example.com'],
    ['localhost', 'http://localhost'],
    ['localhost with a port', 'http://localhost:3000/api'],
    ['localhost in capitals', 'http://LOCALHOST'],
    ['localhost in mixed case with a port', 'https://LocalHost:8080'],
    ['localhost with a trailing dot', 'http://localhost./'],
    ['a subdomain of localhost', 'http://app.localhost'],
    ['a subdomain of localhost in capitals', 'http://API.LocalHost:5173'],
    ['localhost behind user info', 'http://example.com@localhost/'],
    ['an IPv4 literal', 'http://8.8.8.8'],
    ['an IPv4 literal with a port', 'https://93.184.216.34:443/'],
    ['loopback', 'http://127.0.0.1'],
    ['loopback as one integer', 'http://2130706433'],
    ['loopback in hex', 'http://0x7f.0.0.1'],
    ['an IPv6 literal', 'http://[::1]'],
    ['an IPv6 literal with a port', 'https://[2001:db8::1]:8443/'],
    ['an IPv4-mapped IPv6 literal', 'http://[::ffff:192.168.0.1]'],
    ['a host starting 192.168.', 'http://192.168.example.com'],
    ['a host starting 10.', 'http://10.internal.example.com'],
    ['a host starting 172.', 'https://172.example.com'],
    ['a relative URL', '/dashboard'],
    ['a host without a scheme', 'example.com'],
    ['an empty string', ''],
    ['garbage', 'http://'],
    ['a host that is only a dot', 'http://./'],
  ])('rejects %s', (_label, url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it.each([null, undefined, 42, { href: 'https://example.com' }])('rejects the non-string %j', (value) => {
    expect(isSafeExternalUrl(value)).toBe(false);
  });

  it('rejects any IPv4 literal host, in any spelling the parser accepts', () => {
    const scheme = fc.constantFrom('http', 'https');
    const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined });
    fc.assert(
      fc.property(scheme, fc.oneof(fc.ipV4(), fc.ipV4Extended()), port, (s, ip, p) => {
        const url = `${s}://${ip}${p === undefined ? '' : `:${p}`}/`;
        expect(isSafeExternalUrl(url)).toBe(false);
      }),
    );
  });

  it('rejects any IPv6 literal host', () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        expect(isSafeExternalUrl(`https://[${ip}]/`)).toBe(false);
      }),
    );
  });
});
