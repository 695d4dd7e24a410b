import type { DnsLookup } from './dns/resolver';

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
 * The check of customer-given origins, the console's one way out to an address a customer names. Its rules are
 * the domain area's (modules/domain/origin-check.ts); the composition root passes it in, so providers know no area.
 */
export interface OriginChecker {
  /** True when none of the addresses is internal (or internal ones are allowed). */
  allowed(addresses: readonly string[]): boolean;
  /** Whether the origin answers at all, at an address that passed the checks. */
  check(target: OriginTarget): Promise<OriginCheckResult>;
  /** The Cache-Control header the origin answers a HEAD request for `path` with, null when there is none. */
  cacheControl(target: OriginTarget, path: string): Promise<string | null>;
}
