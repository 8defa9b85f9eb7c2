import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { AppError } from '@loupe/domain/errors/errors';
import { isSafeExternalUrl } from '@loupe/domain/validation/url';
import ipaddr from 'ipaddr.js';
import { Agent, type RequestInit as UndiciRequestInit, fetch as undiciFetch } from 'undici';

/**
 * The one guard every request Loupe makes to an address someone configured goes through (issue 34 §2,
 * ARCHITECTURE §8): the SMS provider, the AI provider, SMTP, S3, and the webhooks to come.
 *
 * - Before anything is stored, the address passes spec §5's URL check (http/https only; not localhost, not an
 *   IP, not a host starting 192.168., 10. or 172.).
 * - When a connection is made, the name is resolved and every address it resolves to must be a global one
 *   (not loopback, private, link-local, unique-local, CGNAT, multicast or reserved). The check sits in the
 *   connection's own `lookup`, so the address checked is the address connected to: a name that resolves to a
 *   public address when saved and to 127.0.0.1 when sending (DNS rebinding) is refused at send time.
 * - An admin may allow an on-premises target per provider (`allowPrivateNetwork`: an SMS gateway or a model
 *   server on the workshop's LAN); then only the scheme is checked.
 * Redirects are not followed: a redirect to an IP would connect without a lookup.
 */
export type TOutboundPolicy = { readonly allowPrivateNetwork: boolean };

/** A resolver with dns.lookup's shape; tests pass one that answers like a DNS server would. */
export type TLookup = typeof dns.lookup;

const SCHEMES = new Set(['http:', 'https:']);

/** Why the guard refused a connection: the address, and what it resolved to. */
export class OutboundUrlRefusedError extends Error {
  override readonly name = 'OutboundUrlRefusedError';
  readonly code = 'OUTBOUND_URL_REFUSED';
}

/**
 * Whether an address may be reached without the on-premises opt-in: a global unicast address. Every special
 * range is refused, including those that embed an IPv4 address (6to4, Teredo, NAT64), whose IPv4 part could
 * be private.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** What is wrong with an outbound address under a policy, in words for a form; null when it may be used. */
export function outboundUrlProblem(url: string, policy: TOutboundPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full address, e.g. https://api.example.com';
  }
  if (!SCHEMES.has(parsed.protocol)) return 'Use an http or https address';
  if (policy.allowPrivateNetwork || isSafeExternalUrl(url)) return null;
  return 'This address is on a private network (localhost, an IP address, 10., 172. or 192.168.). Allow on-premises targets for this provider to use it';
}

/** Refuses an address a form sent, as a field error with the stable code URL_NOT_ALLOWED. */
export function assertOutboundUrl(url: string, policy: TOutboundPolicy, field: string): void {
  const problem = outboundUrlProblem(url, policy);
  if (problem !== null) {
    throw new AppError('URL_NOT_ALLOWED', problem, { details: { issues: [{ field, message: problem }] } });
  }
}

export type TOutboundGuard = ReturnType<typeof createOutboundGuard>;

export function createOutboundGuard(options: { readonly lookup?: TLookup } = {}) {
  const resolve = options.lookup ?? dns.lookup;

  /** dns.lookup as a connection calls it, refusing a name that resolves to any address not allowed. */
  function guardedLookup(policy: TOutboundPolicy): net.LookupFunction {
    return (hostname, lookupOptions, callback) => {
      resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
        if (error) {
          callback(error, '', 0);
          return;
        }
        const list = addresses as unknown as dns.LookupAddress[];
        const refused = policy.allowPrivateNetwork
          ? undefined
          : list.find((entry) => !isPublicAddress(entry.address));
        if (list.length === 0 || refused) {
          const reason = refused
            ? `${hostname} resolves to ${refused.address}, a private or reserved address (allow on-premises targets to use it)`
            : `${hostname} resolves to no address`;
          callback(new OutboundUrlRefusedError(reason), '', 0);
          return;
        }
        if (lookupOptions.all) callback(null, list);
        else callback(null, list[0]?.address ?? '', list[0]?.family ?? 4);
      });
    };
  }

  function refuseUnlessAllowed(url: string, policy: TOutboundPolicy): void {
    const problem = outboundUrlProblem(url, policy);
    if (problem !== null) throw new OutboundUrlRefusedError(`${new URL(url).host}: ${problem}`);
  }

  const dispatchers = new Map<boolean, Agent>();
  function dispatcherFor(policy: TOutboundPolicy): Agent {
    let agent = dispatchers.get(policy.allowPrivateNetwork);
    if (!agent) {
      agent = new Agent({ connect: { lookup: guardedLookup(policy) } });
      dispatchers.set(policy.allowPrivateNetwork, agent);
    }
    return agent;
  }

  return {
    guardedLookup,

    /**
     * fetch to a configured address: checked, resolved through the guard, never redirected. Throws
     * OutboundUrlRefusedError, saying why, when the guard refuses.
     */
    async fetch(url: string, init: UndiciRequestInit, policy: TOutboundPolicy): Promise<Response> {
      refuseUnlessAllowed(url, policy);
      try {
        const response = await undiciFetch(url, {
          ...init,
          redirect: 'error',
          dispatcher: dispatcherFor(policy),
        });
        return response as unknown as Response;
      } catch (error) {
        // fetch wraps a connection's failure in "fetch failed": the guard's refusal says more.
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof OutboundUrlRefusedError) throw cause;
        throw error;
      }
    },

    /** A TCP connection to host:port through the guard (SMTP, whose client upgrades it to TLS itself). */
    async socket(host: string, port: number, policy: TOutboundPolicy): Promise<net.Socket> {
      refuseUnlessAllowed(`http://${net.isIPv6(host) ? `[${host}]` : host}:${port}`, policy);
      return new Promise((resolveSocket, reject) => {
        const socket = net.connect({ host, port, lookup: guardedLookup(policy) });
        socket.once('connect', () => {
          socket.removeListener('error', reject);
          resolveSocket(socket);
        });
        socket.once('error', reject);
      });
    },

    /**
     * http and https agents whose connections go through the guard (the S3 SDK's request handler): names
     * resolved and checked, IP addresses refused unless the policy allows the LAN (spec §5 refuses them).
     */
    agents(policy: TOutboundPolicy): { httpAgent: http.Agent; httpsAgent: https.Agent } {
      const agentOptions = { keepAlive: true, lookup: guardedLookup(policy) };
      const refusedIp = (host: unknown): OutboundUrlRefusedError | null =>
        !policy.allowPrivateNetwork && typeof host === 'string' && net.isIP(host.replace(/^\[|\]$/g, ''))
          ? new OutboundUrlRefusedError(`${host} is an IP address (allow on-premises targets to use it)`)
          : null;
      class GuardedHttpAgent extends http.Agent {
        override createConnection(...args: Parameters<http.Agent['createConnection']>) {
          const refused = refusedIp(args[0].host);
          if (refused) throw refused;
          return super.createConnection(...args);
        }
      }
      class GuardedHttpsAgent extends https.Agent {
        override createConnection(...args: Parameters<https.Agent['createConnection']>) {
          const refused = refusedIp(args[0].host);
          if (refused) throw refused;
          return super.createConnection(...args);
        }
      }
      return {
        httpAgent: new GuardedHttpAgent(agentOptions),
        httpsAgent: new GuardedHttpsAgent(agentOptions),
      };
    },

    async close(): Promise<void> {
      await Promise.all([...dispatchers.values()].map((agent) => agent.close()));
      dispatchers.clear();
    },
  };
}
