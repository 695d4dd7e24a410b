import { quoteLiteral, regexEscape, userAgentRuleRegex } from './quoting';
import type { EdgeDomainConfig, EdgeSecurityExtras } from './snapshot';

/*
 * Access rules of the public server. Each becomes an http-level map or geo producing a per-domain variable that is
 * "1" when the request is to be refused; the server folds a domain's rules into one check (domain.ts, refuseLines:
 * rewrite phase, before any location, limit or proxying), which the agent's internal port passes.
 */

export interface AccessRule {
  /** http-level blocks (map, geo). */
  http: string[];
  /** The variable that is "1" for a refused request. */
  variable: string;
}

function block(head: string, entries: [string, string][]): string[] {
  return [`${head} {`, ...entries.map(([key, value]) => `    ${key} ${value};`), '}'];
}

/**
 * A referer entry as a regex over the Referer header: `example.com` is that host, `*.example.com` any subdomain of
 * it (not the name itself), with any scheme or none. An entry with a port matches that port only; an entry without
 * one matches the host on any port.
 */
export function refererEntryRegex(entry: string): string {
  const m = /^(\*\.)?([^:]+)(?::(\d+))?$/.exec(entry);
  const wildcard = m?.[1] !== undefined;
  const host = m?.[2] ?? entry;
  const port = m?.[3];
  const hostRegex = `${wildcard ? '[^/?#:@]+\\.' : ''}${regexEscape(host)}`;
  return `^(?:[a-z][a-z0-9+.-]*://)?${hostRegex}${port ? `:${port}` : '(?::\\d+)?'}(?:[/?#]|$)`;
}

export function refererRule(prefix: string, referer: EdgeDomainConfig['referer']): AccessRule | null {
  if (referer.type === 'off') return null;
  const variable = `$${prefix}referer_block`;
  const [listed, unlisted] = referer.type === 'allow' ? ['0', '1'] : ['1', '0'];
  const entries: [string, string][] = [
    ['default', unlisted],
    ['""', referer.allowEmpty ? '0' : '1'],
    ...referer.list.map((entry): [string, string] => [quoteLiteral(`~*${refererEntryRegex(entry)}`), listed]),
  ];
  return { http: block(`map $http_referer ${variable}`, entries), variable };
}

/** IPv4 entries carry their /8 /16 /24 /32 mask or none; IPv6 entries are single addresses. geo reads both. */
export function ipFilterRule(prefix: string, ipFilter: EdgeDomainConfig['ipFilter']): AccessRule | null {
  if (ipFilter.type === 'off') return null;
  const variable = `$${prefix}ip_block`;
  const [listed, unlisted] = ipFilter.type === 'allow' ? ['0', '1'] : ['1', '0'];
  const entries: [string, string][] = [
    ['default', unlisted],
    ...ipFilter.list.map((entry): [string, string] => [entry, listed]),
  ];
  return { http: block(`geo ${variable}`, entries), variable };
}

/**
 * nginx's map never tries its regexes on an empty value, so a rule that matches an empty or absent UA (only '*'s)
 * is also written as the exact key "" (exact keys are looked up before any regex).
 */
function uaEntries(rules: readonly string[], value: string): [string, string][] {
  const matchesEmpty = rules.some((rule) => /^\*+$/.test(rule));
  return [
    ...(matchesEmpty ? [['""', value] as [string, string]] : []),
    ...rules.map((rule): [string, string] => [quoteLiteral(`~*${userAgentRuleRegex(rule)}`), value]),
  ];
}

/** Blacklist: a UA matching a rule is refused; whitelist: a UA matching none is (an absent UA matches only '*'). */
export function userAgentRule(prefix: string, filter: EdgeDomainConfig['userAgentFilter']): AccessRule | null {
  if (filter.type === 'off') return null;
  const variable = `$${prefix}ua_block`;
  const [listed, unlisted] = filter.type === 'blacklist' ? ['1', '0'] : ['0', '1'];
  return {
    http: block(`map $http_user_agent ${variable}`, [['default', unlisted], ...uaEntries(filter.rules, listed)]),
    variable,
  };
}

/*
 * The crawler class knows crawlers by their names as tokens, never by letters inside another word: Chrome on a CUBOT
 * phone (`Android 10; CUBOT X30)`) or the Baidu and Sogou apps' browsers (baiduboxapp, SogouMobileBrowser) are no
 * crawlers. A bot is a product token ending in bot with its version (Googlebot/2.1, bingbot/2.0, YandexBot/3.0,
 * Storebot-Google/1.0), or a name ending in bot or Slurp in the compatible comment ((compatible; PetalBot; ...));
 * any name ending in spider or crawler is one (Baiduspider, Sogou web spider/4.0, 360Spider, Bytespider); the rest
 * are crawlers' own names. Yandex's robots are Yandex<Role>/<version>, its browsers YaBrowser and YaSearchBrowser.
 */
const crawlerRegex = [
  'bot(?:-[a-z]+)*/',
  'compatible;[^)]*(?:bot|slurp)(?:[^a-z]|$)',
  '(?:spider|crawler)(?:[^a-z]|$)',
  'yandex[a-z]*/',
  'adsbot-google|mediapartners-google|feedfetcher-google|apis-google|google-inspectiontool|googleother',
  'bingpreview|facebookexternalhit|facebookcatalog|ia_archiver|slackbot|telegrambot',
].join('|');

/*
 * Client filtering's classes, as user-agent regexes (case-insensitive, anywhere in the UA):
 * - crawler: search and social crawlers and generic bots (crawlerRegex);
 * - scanner: vulnerability and content scanners by their product names;
 * - headless: automated browsers (headless Chrome, PhantomJS, and the automation frameworks that announce themselves);
 * - script: HTTP libraries of programming languages, used as they come.
 * Known tools match their own product token at the start of the UA (curl/8.5.0, PostmanRuntime/7.36...).
 */
export const uaClassRegexes: Record<EdgeSecurityExtras['clientFiltering']['uaClasses'][number], string> = {
  crawler: crawlerRegex,
  scanner:
    'sqlmap|nikto|nmap|masscan|zgrab|nuclei|acunetix|nessus|openvas|wpscan|dirbuster|gobuster|ffuf|w3af|netsparker|appscan|arachni|burp|zap/|wfuzz|whatweb|jaeles',
  headless: 'headless|phantomjs|slimerjs|puppeteer|playwright|selenium|webdriver|electron/',
  script:
    '^python|python-urllib|aiohttp|httpx|libwww-perl|lwp::|^perl|^php|^ruby|okhttp|axios|node-fetch|undici|^got |apache-httpclient|httpclient|libcurl|winhttp|powershell|reqwest|guzzle',
};

const knownToolRegexes: Record<EdgeSecurityExtras['clientFiltering']['knownTools'][number], string> = {
  curl: '^curl/',
  wget: '^wget/',
  'python-requests': '^python-requests/',
  'go-http-client': '^go-http-client/',
  java: '^java/',
  scrapy: '^scrapy/',
  postman: '^postmanruntime/',
};

/**
 * Allow rules first (map regexes are tried in order), then the classes and the tools. An absent UA is the exact key
 * "", refused with blockEmptyUa unless an allow rule matches it.
 */
export function clientFilteringRule(
  prefix: string,
  filtering: EdgeSecurityExtras['clientFiltering'],
): AccessRule | null {
  if (filtering.status !== 'on') return null;
  const variable = `$${prefix}client_block`;
  const blocked = [
    ...filtering.uaClasses.map((name) => uaClassRegexes[name]),
    ...filtering.knownTools.map((name) => knownToolRegexes[name]),
  ];
  const allows = uaEntries(filtering.allowRules, '0');
  const allowsEmpty = allows.some(([key]) => key === '""');
  const entries: [string, string][] = [
    ['default', '0'],
    ...(filtering.blockEmptyUa && !allowsEmpty ? [['""', '1'] as [string, string]] : []),
    ...allows,
    ...(blocked.length > 0 ? [[quoteLiteral(`~*${blocked.join('|')}`), '1'] as [string, string]] : []),
  ];
  return { http: block(`map $http_user_agent ${variable}`, entries), variable };
}
