import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from './http-error.js';

/** Names a local server is always reached by from this machine. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Addresses that mean "every interface": the server cannot know every name it is reached by. */
const WILDCARD_ADDRESSES = ['0.0.0.0', '::', '[::]'];

function hostName(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  return bare.includes(':') ? `[${bare.toLowerCase()}]` : bare.toLowerCase();
}

/**
 * Which `Host` headers (name:port) the server answers to: the address it is bound to and the
 * loopback names, at its own port. When bound to every interface, also each interface's address,
 * since the user asked for others to reach it by them.
 */
export function allowedHosts(boundHost: string, port: number, interfaceAddresses: readonly string[] = []): ReadonlySet<string> {
  const names = new Set([...LOOPBACK_NAMES, hostName(boundHost)]);
  if (WILDCARD_ADDRESSES.includes(boundHost)) for (const address of interfaceAddresses) names.add(hostName(address));
  return new Set([...names].map((name) => `${name}:${port}`));
}

/** Browsers leave out port 80; the allowed list always names the port. */
function withPort(host: string): string {
  return /:\d+$/.test(host) ? host : `${host}:80`;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Refuses (403) a request that another site made the browser send: a `Host` the server is not
 * known by (a DNS-rebinding attack names the attacker's domain) or an `Origin` that is not the
 * server's own (a page elsewhere posting to localhost; browsers send `Origin` on every
 * cross-site POST, even a "simple" text/plain one that skips the CORS preflight). Requests
 * without `Origin` come from tools like curl, which a web page cannot forge.
 */
export function checkRequestOrigin(headers: IncomingHttpHeaders, hosts: ReadonlySet<string>): void {
  const host = single(headers.host)?.toLowerCase();
  if (host === undefined || !hosts.has(withPort(host))) {
    throw new HttpError(403, `this server does not answer to the host ${host === undefined ? '(none)' : JSON.stringify(host)}`);
  }
  const origin = single(headers.origin);
  if (origin === undefined) return;
  let originHost: string | null = null;
  try {
    const url = new URL(origin);
    if (url.protocol === 'http:' && url.pathname === '/') originHost = url.host.toLowerCase();
  } catch {
    originHost = null;
  }
  if (originHost === null || !hosts.has(withPort(originHost))) {
    throw new HttpError(403, `requests from other sites are refused (origin ${JSON.stringify(origin)})`);
  }
}
