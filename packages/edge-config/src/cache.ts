import { cacheExpirySeconds } from '@edgeward/contract';
import { quoteLiteral, regexEscape } from './quoting';
import type { EdgeDomainConfig } from './snapshot';

/*
 * Cache rules become locations. nginx picks the first regex location that matches, else the longest prefix
 * location, so the path and suffix rules are regex locations written in descending priority and the all-files rule
 * is `location /`: the rule with the highest priority among those that match wins, as the spec says. A rule whose
 * priority is below the all-files rule's can never win (the all-files rule matches everything), so it is left out.
 *
 * Path entries are URI prefixes on segment boundaries: `/img` matches `/img` and `/img/...` (not `/images`), and an
 * entry ending in '/' (`/img/`) matches everything under that directory. Paths compare case-sensitively, suffixes
 * case-insensitively. Both are matched against nginx's normalised URI ($uri: percent-decoded, dot segments resolved,
 * slashes merged), with URL auth type B's `/<time>/<hash>` already removed.
 */

export type CacheRule = EdgeDomainConfig['cacheConfig']['rules'][number];

export interface CacheLocation {
  /** What follows `location`: `/`, `~ "<regex>"` or `~* "<regex>"`. */
  match: string;
  rule: CacheRule;
}

/** A regex matching a path entry as described above (without anchors' alternation). */
function pathEntryRegex(entry: string): string {
  return entry.endsWith('/') ? regexEscape(entry) : `${regexEscape(entry)}(?:/|$)`;
}

export function pathRuleRegex(entries: readonly string[]): string {
  return `^(?:${entries.map(pathEntryRegex).join('|')})`;
}

/** `.jpg` and `.tar.gz` entries: the URI ends with one of them (the `~*` location makes it case-insensitive). */
export function suffixRuleRegex(entries: readonly string[]): string {
  return `\\.(?:${entries.map((entry) => regexEscape(entry.replace(/^\./, ''))).join('|')})$`;
}

function ruleLocationMatch(rule: Pick<CacheRule, 'type' | 'content'>): string {
  if (rule.type === 'all') return '/';
  if (rule.type === 'path') return `~ ${quoteLiteral(pathRuleRegex(rule.content))}`;
  return `~* ${quoteLiteral(suffixRuleRegex(rule.content))}`;
}

/** The locations in the order nginx must see them: regex rules by descending priority, then the all-files rule. */
export function cacheLocations(rules: readonly CacheRule[]): CacheLocation[] {
  const all = rules.find((rule) => rule.type === 'all');
  const floor = all?.priority ?? 0;
  const specific = rules
    .filter((rule) => rule.type !== 'all' && rule.content.length > 0 && rule.priority > floor)
    .sort((a, b) => b.priority - a.priority);
  // A configuration always has an all-files rule; without one, `/` still proxies (uncached) so nothing is lost.
  const fallback: CacheRule = all ?? {
    priority: 0,
    type: 'all',
    content: [],
    ttl: 0,
    unit: 'seconds',
    ignoreUrlParameter: 'off',
  };
  return [...specific, fallback].map((rule) => ({ match: ruleLocationMatch(rule), rule }));
}

export interface CacheKeyOptions {
  ignoreQuery: boolean;
  /** The query part when kept: `$is_args$args`, or URL auth type A's query without the sign argument (auth.ts). */
  query?: string;
  range: boolean;
}

/**
 * The cache key: `<site><uri>[?<args>]|[<slice range>]`, where the site is the domain's name whether the visitor
 * asked for it or for its CNAME host name ($ew_site, main.ts; a wildcard domain's host). The agent's purge relies on
 * this shape (cacheKeyMatcher below); a preheat on the internal port computes the same key as a visitor's request
 * for the same plain URL, so it fills the entry visitors read.
 */
export function cacheKey({ ignoreQuery, query = '$is_args$args', range }: CacheKeyOptions): string {
  return `"$ew_site$uri${ignoreQuery ? '' : query}|${range ? '$slice_range' : ''}"`;
}

/** One location of the rules; `query` is the cache key's query part (see CacheKeyOptions). */
export function cacheLocationLines(
  location: CacheLocation,
  config: EdgeDomainConfig,
  proxyPass: string,
  query: string,
): string[] {
  const { rule } = location;
  const range = config.rangeStatus === 'on';
  const ignoreQuery = rule.ignoreUrlParameter === 'on' || config.cacheConfig.ignoreUrlParameter === 'on';
  const seconds = cacheExpirySeconds(rule);
  const caching =
    seconds === 0
      ? ['proxy_no_cache 1;', 'proxy_cache_bypass 1;']
      : [`proxy_cache_valid 200 ${range ? '206 ' : ''}301 302 ${seconds}s;`];
  return [
    `location ${location.match} {`,
    `    # cache rule priority ${rule.priority}`,
    `    proxy_pass ${proxyPass};`,
    `    proxy_cache_key ${cacheKey({ ignoreQuery, query, range })};`,
    ...caching.map((line) => `    ${line}`),
    '}',
  ];
}

const SLICE = /^(?:bytes=\d+-\d*)?$/;

/** nginx's $uri for a URL path: percent-decoded, runs of slashes merged (dot segments: URL already resolved them). */
function nginxUri(pathname: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  return decoded.replace(/\/{2,}/g, '/');
}

/**
 * Which cache keys a refresh task's URL covers (the agent reads each cache file's `KEY:` line and purges the keys
 * that match, one exact key at a time). refreshUrl: the URL's key with its query and without it (a rule that
 * ignores the query caches it without), any slice. refreshDir: every key of the host under the directory path.
 */
export function cacheKeyMatcher(type: 'refreshUrl' | 'refreshDir', url: string): (key: string) => boolean {
  const parsed = new URL(url);
  const base = `${parsed.hostname.toLowerCase()}${nginxUri(parsed.pathname)}`;
  if (type === 'refreshDir') return (key) => key.startsWith(base);
  const query = parsed.search.slice(1);
  const bases = query ? [base, `${base}?${query}`] : [base];
  return (key) => bases.some((b) => key.startsWith(`${b}|`) && SLICE.test(key.slice(b.length + 1)));
}
