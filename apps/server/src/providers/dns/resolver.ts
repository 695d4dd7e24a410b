import { Resolver } from 'node:dns/promises';

/** Name lookups the console makes itself: ownership TXT records and the addresses behind origin names. */
export interface DnsLookup {
  /** The TXT strings at `name` (multi-string records joined); [] when the name or the record does not exist. */
  txt(name: string): Promise<string[]>;
  /** Every IPv4 and IPv6 address of `name`; [] when it has none. */
  addresses(name: string): Promise<string[]>;
}

const absent = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

function isAbsent(error: unknown): boolean {
  return absent.has((error as { code?: string }).code ?? '');
}

/**
 * Real DNS through node's resolver (c-ares), asking `servers` (ip or ip:port; the system's resolvers when empty).
 * A missing name answers empty; a server failure or timeout throws, so callers can tell "no record" from "could
 * not ask".
 */
export function createDnsLookup(servers: string[], timeoutMs = 3000): DnsLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return {
    async txt(name) {
      try {
        const records = await resolver.resolveTxt(name);
        return records.map((chunks) => chunks.join(''));
      } catch (error) {
        if (isAbsent(error)) return [];
        throw error;
      }
    },
    async addresses(name) {
      const results = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
      const found = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      const failure = results.find((r) => r.status === 'rejected' && !isAbsent(r.reason));
      if (found.length === 0 && failure?.status === 'rejected') throw failure.reason;
      return found;
    },
  };
}
