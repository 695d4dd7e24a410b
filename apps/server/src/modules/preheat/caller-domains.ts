import type { Executor } from '../../db/connect';
import { cacheTaskReadiness, type DomainWithConfig, findManyOfUserByName } from '../domain';

/** The names that could be the domain serving a host: the host itself and the wildcard one level up. */
function candidatesOf(host: string): string[] {
  const parent = host.split('.').slice(1).join('.');
  return parent.includes('.') ? [host, `*.${parent}`] : [host];
}

export type HostDomain = { ready: true; domain: DomainWithConfig } | { ready: false; deploying: boolean };

/**
 * For each host, the caller's domain the edge serves it with (the exact name before the wildcard); else whether one
 * of the caller's domains for it is still being deployed (cacheTaskReadiness). Another user's domain is absent.
 */
export async function cacheTaskDomainsOfHosts(
  ex: Executor,
  userId: number,
  hosts: readonly string[],
): Promise<Map<string, HostDomain>> {
  const names = [...new Set(hosts.flatMap(candidatesOf))];
  const found = new Map((await findManyOfUserByName(ex, userId, names)).map((d) => [d.domainName, d]));
  const out = new Map<string, HostDomain>();
  for (const host of hosts) {
    const candidates = candidatesOf(host).flatMap((name) => found.get(name) ?? []);
    const serving = candidates.find((d) => cacheTaskReadiness(d) === 'serving');
    out.set(
      host,
      serving
        ? { ready: true, domain: serving }
        : { ready: false, deploying: candidates.some((d) => cacheTaskReadiness(d) === 'deploying') },
    );
  }
  return out;
}
