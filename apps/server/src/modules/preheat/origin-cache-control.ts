import type { ParsedCacheTaskUrl } from '@edgeward/contract';
import type { OriginChecker } from '../../providers/origins';
import type { DomainWithConfig } from '../domain';

const UNCACHEABLE = /(?:^|,)\s*(?:private|no-cache|no-store)\s*(?:[,=]|$)/i;

/** At most this many HEAD requests in flight for one submission. */
const CONCURRENCY = 8;

/**
 * True when the domain's origin answers a HEAD for the URL with Cache-Control private, no-cache or no-store (spec
 * section 5). Asked through the origin checker, which refuses internal addresses; an origin that does not answer
 * is not held against the URL (the edge reports its own failure).
 */
export async function originForbidsCaching(
  origins: OriginChecker,
  domain: DomainWithConfig,
  url: ParsedCacheTaskUrl,
): Promise<boolean> {
  const source = domain.config.sources[0];
  if (!source?.ipOrDomain[0]) return false;
  const protocol = source.originProtocol === 'follow' ? url.scheme : source.originProtocol;
  const value = await origins.cacheControl(
    {
      host: source.ipOrDomain[0],
      port: protocol === 'https' ? source.httpsPort : source.httpPort,
      protocol,
      hostHeader: source.hostName || url.host,
    },
    url.pathWithQuery,
  );
  return value !== null && UNCACHEABLE.test(value);
}

/** Runs `check` over the items, a few at a time, and answers the indexes it held true for. */
export async function indexesWhere<T>(items: readonly T[], check: (item: T) => Promise<boolean>): Promise<number[]> {
  const hits: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      if (await check(items[i]!)) hits.push(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return hits.sort((a, b) => a - b);
}
