// The WHATWG URL parser exists in every runtime Loupe targets (browsers, Node ≥ 20) but is not in the ES lib
// this package compiles against, so declare the little of it used here.
declare const URL: new (input: string) => { readonly protocol: string; readonly hostname: string };

const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

/** Host prefixes of private networks that spec §5 names (kept as literal prefixes, as the spec words them). */
const PRIVATE_HOST_PREFIXES = ['192.168.', '10.', '172.'] as const;

// The parser has already turned every IPv4 spelling (hex, octal, a bare integer) into dotted decimal.
const IPV4_HOST = /^\d{1,3}(?:\.\d{1,3}){3}$/;

function parseUrl(value: string): { protocol: string; hostname: string } | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * Spec §5 URL check: only http and https; not localhost (nor its subdomains), not an IP literal, not a host
 * starting 192.168., 10. or 172. Anything that does not parse as a URL is refused.
 */
export function isSafeExternalUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const url = parseUrl(value);
  if (!url || !ALLOWED_PROTOCOLS.has(url.protocol)) return false;
  // The parser lower-cases the host; a trailing dot ('localhost.') names the same host.
  const host = url.hostname.replace(/\.$/, '');
  if (host === '') return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (host.startsWith('[') || IPV4_HOST.test(host)) return false;
  return !PRIVATE_HOST_PREFIXES.some((prefix) => host.startsWith(prefix));
}
