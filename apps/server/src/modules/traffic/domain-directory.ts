// The traffic area's one door into the domain area's table: which domain a log line's host is, and which domains
// a customer holds. Read-only; a deleted domain's statistics go with it (ON DELETE CASCADE, and for its rankings a
// trigger: docs/decisions/0018).
import type { DomainVariant } from '@edgeward/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { domains } from '../../db/schema';

export interface DomainRef {
  id: number;
  domainName: string;
}

/** A domain as the ingestion needs it: its id and its owner. */
export interface HostDomain {
  id: number;
  userId: number;
}

/** The domain serving each host: its own name, or else a wildcard domain one level up (`*.example.com`). */
export async function domainsForHosts(ex: Executor, hosts: readonly string[]): Promise<Map<string, HostDomain>> {
  const wildcard = (host: string) => `*${host.slice(host.indexOf('.'))}`;
  const names = [...new Set(hosts.flatMap((h) => (h.includes('.') ? [h, wildcard(h)] : [h])))];
  const byName = new Map<string, HostDomain>();
  for (let i = 0; i < names.length; i += 1000) {
    const rows = await ex
      .select({ id: domains.id, userId: domains.userId, domainName: domains.domainName })
      .from(domains)
      .where(inArray(domains.domainName, names.slice(i, i + 1000)));
    for (const row of rows) byName.set(row.domainName, { id: row.id, userId: row.userId });
  }
  const out = new Map<string, HostDomain>();
  for (const host of hosts) {
    const id = byName.get(host) ?? (host.includes('.') ? byName.get(wildcard(host)) : undefined);
    if (id !== undefined) out.set(host, id);
  }
  return out;
}

/** The user's domains (of one variant when named), by name. */
export function domainsOfUser(ex: Executor, userId: number, variant?: DomainVariant): Promise<DomainRef[]> {
  return ex
    .select({ id: domains.id, domainName: domains.domainName })
    .from(domains)
    .where(and(eq(domains.userId, userId), variant ? eq(domains.variant, variant) : undefined))
    .orderBy(domains.domainName);
}

/** The user's domains among these names; a name that is not theirs is simply absent. */
export function userDomainsNamed(
  ex: Executor,
  userId: number,
  names: readonly string[],
  variant?: DomainVariant,
): Promise<DomainRef[]> {
  return ex
    .select({ id: domains.id, domainName: domains.domainName })
    .from(domains)
    .where(
      and(
        eq(domains.userId, userId),
        inArray(domains.domainName, [...names]),
        variant ? eq(domains.variant, variant) : undefined,
      ),
    );
}
