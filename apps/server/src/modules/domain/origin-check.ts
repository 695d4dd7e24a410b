import http from 'node:http';
import https from 'node:https';
import { isInternalIp, isIp } from '@edgeward/contract';
import type { DnsLookup } from '../../providers/dns/resolver';

export interface OriginTarget {
  /** An IP address or a domain name. */
  host: string;
  port: number;
  protocol: 'http' | 'https';
  /** The Host header (and TLS server name) the edge will send. */
  hostHeader: string;
}

export type OriginCheckResult = { ok: true; address: string } | { ok: false; reason: 'internal' | 'unreachable' };

export interface OriginCheckerOptions {
  dns: DnsLookup;
  /** Lets origins on private and loopback addresses through (ALLOW_PRIVATE_ORIGINS); off in production. */
  allowPrivate: boolean;
  timeoutMs: number;
}

/**
 * The console reaches out to customer-given addresses, so every check is an SSRF risk: a name is resolved here
 * once, refused when any of its addresses is internal, and the request goes to the address that was checked (not
 * to the name again), so a second resolution cannot swap in an internal address.
 */
export function createOriginChecker(options: OriginCheckerOptions) {
  async function addressesOf(host: string): Promise<string[]> {
    if (isIp(host)) return [host];
    try {
      return await options.dns.addresses(host);
    } catch {
      return [];
    }
  }

  function request(address: string, target: OriginTarget): Promise<boolean> {
    return new Promise((resolve) => {
      const client = target.protocol === 'https' ? https : http;
      const req = client.request({
        host: address,
        port: target.port,
        method: 'GET',
        path: '/',
        headers: { host: target.hostHeader, 'user-agent': 'Edgeward-OriginCheck/1.0', connection: 'close' },
        signal: AbortSignal.timeout(options.timeoutMs),
        // Origins often serve certificates the edge does not check either (the edge talks to them by IP).
        ...(target.protocol === 'https'
          ? { rejectUnauthorized: false, servername: isIp(target.hostHeader) ? undefined : target.hostHeader }
          : {}),
      });
      req.on('response', (res) => {
        res.destroy();
        resolve(true);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
  }

  return {
    /** True when none of the addresses is internal (or internal ones are allowed). */
    allowed(addresses: readonly string[]): boolean {
      return options.allowPrivate || !addresses.some((a) => isInternalIp(a));
    },

    /** Any HTTP answer (whatever its status) means the origin is there; no answer within the timeout means not. */
    async check(target: OriginTarget): Promise<OriginCheckResult> {
      const addresses = await addressesOf(target.host);
      if (addresses.length === 0) return { ok: false, reason: 'unreachable' };
      if (!this.allowed(addresses)) return { ok: false, reason: 'internal' };
      const address = addresses[0]!;
      return (await request(address, target)) ? { ok: true, address } : { ok: false, reason: 'unreachable' };
    },
  };
}

export type OriginChecker = ReturnType<typeof createOriginChecker>;
