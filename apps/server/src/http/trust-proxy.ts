import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { plainAddress } from './client-address';

/**
 * Fastify's trustProxy as we allow it: off, or the proxies' addresses and ranges. Never `true` (every hop, so any
 * client can write its own address) nor a hop count (which cannot tell a proxy from a client connecting directly;
 * Fastify itself trusts nothing for one).
 */
export type TrustProxy = false | string[];

/** The ranges proxy-addr knows by name. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: empty or `false` for none, or a comma-separated list of the reverse proxies' addresses, CIDR ranges
 * and proxy-addr's named ranges (loopback, linklocal, uniquelocal). X-Forwarded-For is believed only as far as
 * these proxies vouch for it.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY: '${bad}' is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal. ` +
        'Name the reverse proxies whose X-Forwarded-For to believe (e.g. TRUST_PROXY=loopback for one on this machine).',
    );
  }
  return entries;
}

/**
 * The caller's address, an IPv4 client as IPv4 even on a dual-stack socket. Forwarded headers are whatever the
 * client wrote until a trusted proxy vouches for them, so an entry that is not an address at all falls back to the
 * peer that connected.
 */
export function clientIp(request: FastifyRequest): string {
  return plainAddress(isIP(request.ip) ? request.ip : (request.socket.remoteAddress ?? ''));
}
