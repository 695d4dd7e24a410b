import { type AccessRule, clientFilteringRule, ipFilterRule, refererRule, userAgentRule } from './access';
import { urlAuthParts } from './auth';
import { cacheLocationLines, cacheLocations } from './cache';
import { requestLimitParts, securityLimitParts } from './limits';
import { CACHE_STATUS_HEADER } from './main';
import type { EdgeFile, EdgeRenderOptions } from './options';
import { domainOriginHeaderLines } from './origin-headers';
import { quote } from './quoting';
import type { EdgeDomainConfig, EdgeSnapshot } from './snapshot';

/*
 * One domain's files. Every http-level name (maps, geos, zones) starts with domainPrefix and every upstream with
 * `<id>`, so ten thousand domains live side by side in one http{}. The domain has one server, on the public ports and on
 * 127.0.0.1:internalPort, where the agent preheats with a plain GET (the same cache key as a visitor's request for
 * the same URL). On the internal port $ew_internal is 1 (main.ts), which every access rule, redirect, URL auth and
 * rate limit lets through. Each server costs nginx a configuration merge per location and per `if`, so a domain has
 * as few of both as its settings allow.
 */

const KEEPALIVE_CONNECTIONS = 16;

/*
 * nginx 1.22 finds an upstream (at every `upstream` block and every fixed proxy_pass) and a variable (at every
 * declaration and use) by walking all those declared before it, comparing lengths first and characters only for
 * names of the same length. With ten thousand domains those comparisons were a large part of `nginx -t`, so a
 * domain's names carry a filler whose length follows the domain id: most names then differ in length from most
 * others. Variables get the shorter spread, since nginx also keeps them in a hash of bounded bucket size.
 */
const UPSTREAM_SPREAD = 64;
const VARIABLE_SPREAD = 16;

function filler(domainId: number, spread: number): string {
  return '_'.repeat(domainId % spread);
}

/** The start of every http-level name of a domain (maps, geos, zones): `ew_d<id><filler>_`. */
export function domainPrefix(domainId: number): string {
  return `ew_d${domainId}${filler(domainId, VARIABLE_SPREAD)}_`;
}

/** Relative to paths.domainsDir; the agent keeps it (addresses over the bandwidth threshold). */
export function cappedFileName(domainId: number): string {
  return `${domainId}-capped.geo`;
}

function indent(lines: string[]): string[] {
  return lines.map((line) => (line === '' ? line : `    ${line}`));
}

function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

type Scheme = 'http' | 'https';

/** The certificate and key the edge serves HTTPS with, or null when the domain is served over HTTP only. */
function tlsMaterial(config: EdgeDomainConfig): { certificatePem: string; privateKeyPem: string } | null {
  const { certificatePem, privateKeyPem } = config.httpsConfig;
  return config.https === 'on' && certificatePem !== null && privateKeyPem !== null
    ? { certificatePem, privateKeyPem }
    : null;
}

/**
 * The origin protocol as it can happen: "follow" on a domain the edge serves only over HTTP is plain HTTP. That
 * matters with many domains: a variable proxy_pass makes nginx 1.22 create a TLS context per location, and the
 * unused HTTPS upstream costs a block to load.
 */
function originProtocolOf(config: EdgeDomainConfig): EdgeDomainConfig['originProtocol'] {
  return config.originProtocol === 'follow' && !tlsMaterial(config) ? 'http' : config.originProtocol;
}

function originSchemes(config: EdgeDomainConfig): Scheme[] {
  const protocol = originProtocolOf(config);
  return protocol === 'follow' ? ['http', 'https'] : [protocol];
}

/**
 * The domain's upstream for an origin scheme (`$scheme` for follow): `<id><filler>.origin_<scheme>`. Starting with
 * the id, two names of the same length mostly differ at their first character.
 */
function upstreamName(domainId: number, scheme: Scheme | '$scheme'): string {
  return `${domainId}${filler(domainId, UPSTREAM_SPREAD)}.origin_${scheme}`;
}

/**
 * One upstream per origin scheme, every origin entry of every source with that source's port. Origin names are
 * resolved when nginx loads the configuration (nginx 1.22 has no re-resolving upstreams), so a name that does not
 * resolve fails nginx -t.
 */
function upstreams(domainId: number, config: EdgeDomainConfig): string[] {
  return originSchemes(config).flatMap((scheme) => [
    `upstream ${upstreamName(domainId, scheme)} {`,
    ...config.sources.flatMap((source) =>
      source.ipOrDomain.map(
        (entry) => `    server ${hostPort(entry, scheme === 'http' ? source.httpPort : source.httpsPort)};`,
      ),
    ),
    `    keepalive ${KEEPALIVE_CONNECTIONS};`,
    '}',
  ]);
}

/**
 * follow: the upstream named after the request's scheme (proxy_pass finds upstreams by the evaluated name). Otherwise
 * a literal name: nginx 1.22 creates an SSL context for every location whose proxy_pass holds a variable, which
 * costs more at load than the literal's lookup among the upstreams.
 */
function proxyPassTarget(domainId: number, config: EdgeDomainConfig): string {
  const protocol = originProtocolOf(config);
  return protocol === 'follow'
    ? `$scheme://${upstreamName(domainId, '$scheme')}`
    : `${protocol}://${upstreamName(domainId, protocol)}`;
}

/**
 * The origin request headers (origin-headers.ts) and, towards an HTTPS origin, the name it is asked for, which is
 * also the name its certificate must be for when the domain verifies it (against the main file's trusted CAs).
 */
function originRequestLines(config: EdgeDomainConfig): string[] {
  const origin = config.sources[0];
  const hostName = origin?.hostName ?? '';
  return [
    ...domainOriginHeaderLines(config),
    ...(originSchemes(config).includes('https')
      ? [
          'proxy_ssl_server_name on;',
          `proxy_ssl_name ${hostName ? quote(hostName) : '$ew_site'};`,
          ...(origin?.verifyCertificate === 'on' ? ['proxy_ssl_verify on;'] : []),
        ]
      : []),
  ];
}

/**
 * add_header only at the server level: one in a location would drop every header set here. add_header adds a
 * header beside the origin's of the same name, so a set rule also hides the origin's: it replaces it, and a visitor
 * never gets two values (a browser refuses an answer with two Access-Control-Allow-Origin headers). The origin's
 * X-Cache-Status is hidden by the main file; a server with proxy_hide_header of its own inherits none, so it repeats it.
 */
function responseHeaderLines(config: EdgeDomainConfig): string[] {
  const { headers } = config.httpResponseHeader;
  return [
    `add_header ${CACHE_STATUS_HEADER} $upstream_cache_status always;`,
    ...(headers.length > 0 ? [`proxy_hide_header ${CACHE_STATUS_HEADER};`] : []),
    ...headers.flatMap((header) => [
      `proxy_hide_header ${header.name};`,
      ...(header.action === 'set' ? [`add_header ${header.name} ${quote(header.value)} always;`] : []),
    ]),
  ];
}

function compressionLines(config: EdgeDomainConfig): string[] {
  return [`gzip ${config.compress.gzip};`, `brotli ${config.compress.brotli};`];
}

function cachingLines(config: EdgeDomainConfig): string[] {
  const { cacheConfig } = config;
  const stale = [
    ...(cacheConfig.offlineCache === 'on' ? ['error', 'timeout', 'http_500', 'http_502', 'http_503', 'http_504'] : []),
    ...(cacheConfig.cachePrefresh === 'on' ? ['updating'] : []),
  ];
  return [
    'proxy_cache edgeward;',
    'proxy_cache_lock on;',
    // The rule's expiry governs, whatever the origin says; Vary is ignored so that a URL is one object. An origin
    // cannot steer the edge either: no redirect inside it (to its internal locations), no rate or buffering change.
    'proxy_ignore_headers Cache-Control Expires Vary X-Accel-Expires X-Accel-Redirect X-Accel-Limit-Rate X-Accel-Buffering X-Accel-Charset;',
    ...(stale.length > 0 ? [`proxy_cache_use_stale ${stale.join(' ')};`] : []),
    ...(cacheConfig.cachePrefresh === 'on' ? ['proxy_cache_background_update on;'] : []),
    ...(config.rangeStatus === 'on' ? ['slice 1m;'] : []),
    ...(config.websocket === 'on' ? ['proxy_cache_bypass $http_upgrade;', 'proxy_no_cache $http_upgrade;'] : []),
  ];
}

function servingLines(domainId: number, config: EdgeDomainConfig, cacheQuery: string): string[] {
  const proxyPass = proxyPassTarget(domainId, config);
  return [
    'proxy_http_version 1.1;',
    ...originRequestLines(config),
    ...cachingLines(config),
    ...responseHeaderLines(config),
    ...compressionLines(config),
    ...cacheLocations(config.cacheConfig.rules).flatMap((location) => [
      '',
      ...cacheLocationLines(location, config, proxyPass, cacheQuery),
    ]),
  ];
}

function redirectLines(config: EdgeDomainConfig, options: EdgeRenderOptions, tls: boolean): string[] {
  const { forceRedirect } = config;
  const toHttps = tls && (config.httpsConfig.forceHttps === 'on' || forceRedirect.type === 'https');
  const toHttp = tls && forceRedirect.type === 'http';
  const port = (value: number, standard: number) => (value === standard ? '' : `:${value}`);
  if (toHttps) {
    const target = `https://$host${port(options.httpsPort, 443)}$request_uri`;
    return ['if ($ew_to_https) {', `    return ${forceRedirect.statusCode} ${target};`, '}'];
  }
  if (toHttp) {
    const target = `http://$host${port(options.httpPort, 80)}$request_uri`;
    return ['if ($ew_to_http) {', `    return ${forceRedirect.statusCode} ${target};`, '}'];
  }
  return [];
}

/** One `if` for all the rules: $ew_refused is 1 when one of them refuses and the request is not the agent's. */
function refuseLines(rules: AccessRule[]): string[] {
  if (rules.length === 0) return [];
  const check = `$ew_internal${rules.map((rule) => rule.variable).join('')}`;
  return [`set $ew_check "${check}";`, 'if ($ew_refused) {', '    return 403;', '}'];
}

export function renderDomainFiles(snapshot: EdgeSnapshot, options: EdgeRenderOptions): EdgeFile[] {
  const config = snapshot.config;
  if (snapshot.state !== 'enabled' || !config) return [];
  const { domainId } = snapshot;
  const prefix = domainPrefix(domainId);
  const { paths } = options;
  const names = `server_name ${snapshot.domainName} ${snapshot.cname};`;
  const material = tlsMaterial(config);
  const tls = material !== null;
  const extras = config.eoSecurity;

  const access = [
    ipFilterRule(prefix, config.ipFilter),
    refererRule(prefix, config.referer),
    userAgentRule(prefix, config.userAgentFilter),
    extras ? clientFilteringRule(prefix, extras.clientFiltering) : null,
  ].filter((rule): rule is AccessRule => rule !== null);
  const requestLimits = requestLimitParts(prefix, config.requestLimits);
  const security = securityLimitParts(prefix, extras, `${paths.domainsDir}/${cappedFileName(domainId)}`);
  const urlAuth = urlAuthParts(prefix, config);

  const publicServer = [
    'server {',
    ...indent([
      `listen ${options.httpPort};`,
      // http2 is a property of the address and port in nginx 1.22: once one domain turns it on, every HTTPS domain
      // on the port negotiates it (the listen parameters of all servers on a port are merged).
      ...(tls ? [`listen ${options.httpsPort} ssl${config.httpsConfig.http2 === 'on' ? ' http2' : ''};`] : []),
      `listen 127.0.0.1:${options.internalPort};`,
      names,
      ...requestLimits.server,
      ...security.server,
      ...redirectLines(config, options, tls),
      ...refuseLines(access),
      ...urlAuth.server,
      ...servingLines(domainId, config, urlAuth.cacheQuery),
      ...(urlAuth.location.length > 0 ? ['', ...urlAuth.location] : []),
    ]),
    '}',
  ];
  const conf = [
    `# ${snapshot.domainName} (domain ${domainId}, version ${snapshot.version})`,
    ...upstreams(domainId, config),
    ...access.flatMap((rule) => rule.http),
    ...requestLimits.http,
    ...security.http,
    ...urlAuth.http,
    '',
    ...publicServer,
    '',
  ].join('\n');

  const files: EdgeFile[] = [{ dir: 'domains', path: `${domainId}.conf`, content: conf }];
  if (extras?.bandwidthAbuseDefense.status === 'on') {
    files.push({ dir: 'domains', path: cappedFileName(domainId), content: '', initialOnly: true });
  }
  if (material) {
    files.push({
      dir: 'certs',
      path: `${certificateFileName(snapshot.domainName)}.pem`,
      content: `${ensureNewline(material.certificatePem)}${ensureNewline(material.privateKeyPem)}`,
      mode: 0o600,
      tls: true,
    });
  }
  return files;
}

/**
 * A domain's certificate chain and private key are one file, `<certsDir>/<name>.pem`, where name is the server's
 * first server_name as nginx holds it (lowercased): the edge's default server loads it at the handshake from
 * `$server_name` (main.ts). One file, so that a handshake never meets a new certificate with the old key while the
 * agent replaces them. A wildcard domain's file keeps the `*` of its name.
 */
function certificateFileName(domainName: string): string {
  return domainName.toLowerCase();
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
