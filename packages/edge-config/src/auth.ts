import type { EdgeRenderOptions } from './options';
import { quote, quoteLiteral, regexEscape } from './quoting';
import type { EdgeDomainConfig } from './snapshot';
import { tempPathLines } from './temp-paths';

/*
 * URL authentication. The njs module is not loaded by the main nginx: njs 0.7.9 creates an SSL context in every
 * server and location merge once its module is loaded, which alone took seconds with ten thousand domains. It runs
 * in a sidecar instead, a second nginx of one server and one location on 127.0.0.1:authPort, which checks a request
 * described by headers and answers 204 (valid) or 403 (invalid or expired). It holds nothing per domain: a domain's
 * keys travel in the headers of its auth_request subrequest, so a key change is only a reload of the main nginx.
 * When the sidecar is down the subrequest fails and nginx answers 500: a signed URL is never served unchecked.
 */

/** The sidecar's prefix, beneath the main nginx's: its nginx.conf, nginx.pid and temp folders. */
export function authPrefix(options: EdgeRenderOptions): string {
  return `${options.paths.prefix}/auth`;
}

/** The headers of the check (edgeward.js reads the same names). */
export const AUTH_HEADERS = {
  uri: 'X-Edgeward-Uri',
  type: 'X-Edgeward-Auth-Type',
  key: 'X-Edgeward-Auth-Key',
  backup: 'X-Edgeward-Auth-Backup',
  expire: 'X-Edgeward-Auth-Expire',
  arg: 'X-Edgeward-Auth-Arg',
} as const;

/** The internal location each URL-auth domain sends its check to; a client asking for it gets 404. */
const AUTH_LOCATION = '/.edgeward-auth';
/** URL auth type B: `/<YYYYMMDDHHmm>/<md5>` before the resource path. */
const TYPE_B_PREFIX = '^/\\d{12}/[0-9a-fA-F]{32}(/.*)$';

/** The sidecar's whole nginx.conf. */
export function renderAuthConfig(options: EdgeRenderOptions): string {
  const { paths } = options;
  const modulesDir = options.modulesDir ?? '/usr/lib/nginx/modules';
  const prefix = authPrefix(options);
  return [
    '# Written by the edgeward edge agent: the URL authentication sidecar of the main nginx.',
    `load_module ${quoteLiteral(`${modulesDir}/ngx_http_js_module.so`)};`,
    ...(options.user ? [`user ${options.user};`] : []),
    'worker_processes 1;',
    `pid ${quoteLiteral(`${prefix}/nginx.pid`)};`,
    `error_log ${quoteLiteral(paths.authErrorLog)} warn;`,
    '',
    'events {',
    '    worker_connections 4096;',
    '}',
    '',
    'http {',
    '    access_log off;',
    ...tempPathLines(prefix).map((line) => `    ${line}`),
    `    js_path ${quoteLiteral(paths.njsDir)};`,
    '    js_import edgeward from edgeward.js;',
    '',
    '    server {',
    `        listen 127.0.0.1:${options.authPort};`,
    '        keepalive_requests 100000;',
    '        location / {',
    '            js_content edgeward.check;',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
}

/** The main file's connection pool to the sidecar. */
export function authUpstreamLines(options: EdgeRenderOptions): string[] {
  return ['upstream ew_auth {', `    server 127.0.0.1:${options.authPort};`, '    keepalive 16;', '}'];
}

export interface UrlAuthParts {
  /** http-level: type A's cache-key query without the sign argument. */
  http: string[];
  /** Server-level, after the access checks and redirects (rewrite-phase directives run in order). */
  server: string[];
  /** The internal location of the check. */
  location: string[];
  /** The locations' cache-key query. */
  cacheQuery: string;
}

/**
 * Type A's cache key drops the sign argument (the first `<signArg>=...` pair, where the verifier reads it) and keeps
 * the rest of the query: `x=1&sign=...&y=2` is cached as `?x=1&y=2`, `sign=...` as no query at all.
 */
function signFreeQueryMap(prefix: string, signArg: string): { http: string[]; variable: string } {
  const variable = `$${prefix}args`;
  const name = regexEscape(signArg);
  return {
    variable,
    http: [
      `map $args ${variable} {`,
      '    default $is_args$args;',
      `    ${quoteLiteral(`~^(?<ew_args_head>.*?)&${name}=[^&]*(?<ew_args_tail>(?:&.*)?)$`)} ?$ew_args_head$ew_args_tail;`,
      `    ${quoteLiteral(`~^${name}=[^&]*&(?<ew_args_tail>.*)$`)} ?$ew_args_tail;`,
      `    ${quoteLiteral(`~^${name}=[^&]*$`)} "";`,
      '}',
    ],
  };
}

/**
 * auth_request to the sidecar with the domain's settings as headers; the agent's internal port skips the check.
 * Type B's path prefix is stripped after the check, so the origin and the cache see the resource path; the check
 * itself reads the request as sent ($request_uri).
 */
export function urlAuthParts(prefix: string, config: EdgeDomainConfig): UrlAuthParts {
  const auth = config.urlAuth;
  if (auth.status !== 'on') return { http: [], server: [], location: [], cacheQuery: '$is_args$args' };
  const typeA = auth.type === 'type_a';
  const query = typeA ? signFreeQueryMap(prefix, auth.signArg) : null;
  const headers: [string, string][] = [
    ['Content-Length', '""'],
    ['Connection', '""'],
    [AUTH_HEADERS.uri, '$request_uri'],
    [AUTH_HEADERS.type, typeA ? 'a' : 'b'],
    [AUTH_HEADERS.key, quote(auth.key)],
    [AUTH_HEADERS.backup, quote(auth.backupKey)],
    [AUTH_HEADERS.expire, String(auth.expireTime)],
    [AUTH_HEADERS.arg, quote(auth.signArg)],
  ];
  return {
    http: query?.http ?? [],
    cacheQuery: query?.variable ?? '$is_args$args',
    server: [`auth_request ${AUTH_LOCATION};`, ...(typeA ? [] : [`rewrite ${quoteLiteral(TYPE_B_PREFIX)} $1 break;`])],
    location: [
      `location = ${AUTH_LOCATION} {`,
      '    internal;',
      '    auth_request off;',
      '    if ($ew_internal) {',
      '        return 204;',
      '    }',
      '    proxy_cache off;',
      '    proxy_pass http://ew_auth;',
      '    proxy_pass_request_body off;',
      ...headers.map(([name, value]) => `    proxy_set_header ${name} ${value};`),
      '}',
    ],
  };
}
