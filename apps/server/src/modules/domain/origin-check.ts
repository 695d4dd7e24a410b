import http from 'node:http';
import https from 'node:https';
import { isInternalIp, isIp } from '@edgeward/contract';
import type { OriginChecker, OriginCheckerOptions, OriginCheckResult, OriginTarget } from '../../providers/origins';

/**
 * The console reaches out to customer-given addresses, so every check is an SSRF risk: a name is resolved here
 * once, refused when any of its addresses is internal, and the request goes to the address that was checked (not
 * to the name again), so a second resolution cannot swap in an internal address.
 */
export function createOriginChecker(options: OriginCheckerOptions): OriginChecker {
  async function addressesOf(host: string): Promise<string[]> {
    if (isIp(host)) return [host];
    try {
      return await options.dns.addresses(host);
    } catch {
      return [];
    }
  }

  /** The answer's headers, or null when there is none within the timeout. */
  function request(
    address: string,
    target: OriginTarget,
    method: 'GET' | 'HEAD' = 'GET',
    path = '/',
  ): Promise<http.IncomingHttpHeaders | null> {
    return new Promise((resolve) => {
      const client = target.protocol === 'https' ? https : http;
      const req = client.request({
        host: address,
        port: target.port,
        method,
        path,
        headers: { host: target.hostHeader, 'user-agent': 'Edgeward-OriginCheck/1.0', connection: 'close' },
        signal: AbortSignal.timeout(options.timeoutMs),
        // Origins often serve certificates the edge does not check either (the edge talks to them by IP).
        ...(target.protocol === 'https'
          ? { rejectUnauthorized: false, servername: isIp(target.hostHeader) ? undefined : target.hostHeader }
          : {}),
      });
      req.on('response', (res) => {
        res.destroy();
        resolve(res.headers);
      });
      req.on('error', () => resolve(null));
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

    /**
     * The Cache-Control header the origin answers a HEAD request for `path` with, under the same address checks;
     * null when it answers none, cannot be reached or is internal.
     */
    async cacheControl(target: OriginTarget, path: string): Promise<string | null> {
      const addresses = await addressesOf(target.host);
      if (addresses.length === 0 || !this.allowed(addresses)) return null;
      const headers = await request(addresses[0]!, target, 'HEAD', path);
      const value = headers?.['cache-control'];
      return typeof value === 'string' ? value : null;
    },
  };
}
