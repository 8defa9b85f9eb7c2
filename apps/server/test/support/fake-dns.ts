import dns from 'node:dns';
import type { TLookup } from '../../src/lib/outbound-url.ts';

/**
 * A resolver for the outbound guard (buildApp's `outboundLookup`) that answers for made-up names the way a
 * DNS server could — e.g. a provider's public-looking name that resolves to 127.0.0.1 (DNS rebinding) — and
 * asks the system for anything else. The guard checks whatever this answers, as it checks the system's.
 */
export function fakeDns(names: Readonly<Record<string, string>>): TLookup {
  const lookup = (hostname: string, options: unknown, callback: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (
      error: NodeJS.ErrnoException | null,
      address: string | dns.LookupAddress[],
      family?: number,
    ) => void;
    const wanted = (typeof options === 'object' && options !== null ? options : {}) as dns.LookupOptions;
    const address = names[hostname];
    if (address === undefined) {
      dns.lookup(hostname, { ...wanted, all: true }, (error, addresses) =>
        wanted.all ? done(error, addresses) : done(error, addresses[0]?.address ?? '', addresses[0]?.family),
      );
      return;
    }
    const family = address.includes(':') ? 6 : 4;
    setImmediate(() => (wanted.all ? done(null, [{ address, family }]) : done(null, address, family)));
  };
  return lookup as unknown as TLookup;
}
