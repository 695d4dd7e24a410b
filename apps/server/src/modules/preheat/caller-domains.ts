import type { Executor } from '../../db/connect';
import { type DomainWithConfig, findManyOfUserByName } from '../domain/domain.repository';

/** The names that could be the domain serving a host: the host itself and the wildcard one level up. */
function candidatesOf(host: string): string[] {
  const parent = host.split('.').slice(1).join('.');
  return parent.includes('.') ? [host, `*.${parent}`] : [host];
}

/**
 * The caller's enabled domain serving each host (the exact name before the wildcard), through the domain area's
 * repository: another user's domain, or one not enabled, is absent from the answer.
 */
export async function enabledDomainsOfHosts(
  ex: Executor,
  userId: number,
  hosts: readonly string[],
): Promise<Map<string, DomainWithConfig>> {
  const names = [...new Set(hosts.flatMap(candidatesOf))];
  const found = new Map(
    (await findManyOfUserByName(ex, userId, names)).filter((d) => d.status === 'enabled').map((d) => [d.domainName, d]),
  );
  const out = new Map<string, DomainWithConfig>();
  for (const host of hosts) {
    const domain = candidatesOf(host)
      .map((name) => found.get(name))
      .find(Boolean);
    if (domain) out.set(host, domain);
  }
  return out;
}
