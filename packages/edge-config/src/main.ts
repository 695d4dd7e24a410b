import { authUpstreamLines } from './auth';
import type { EdgeRenderOptions } from './options';
import { usualOriginHeaderLines } from './origin-headers';
import { quoteLiteral, quoteLiteralThen } from './quoting';
import { tempPathLines } from './temp-paths';

/*
 * The main nginx.conf. Shared settings live at the http level so that a domain's file carries only what differs:
 * the compression types, the cache zone, the access-log format and the hash sizes that ten thousand domains need.
 */

export const INTERNAL_HOST = 'edgeward-internal';
export const PURGE_PATH = '/purge';
/** nginx's connection and request counters (stub_status), which the agent's metrics read on each scrape. */
export const STATUS_PATH = '/nginx-status';
/** The request header that names the exact cache key to purge (see cacheKeyMatcher). */
export const PURGE_KEY_HEADER = 'X-Edgeward-Purge-Key';
/** The edge's cache status for the visitor (domain.ts); an origin's header of that name is never passed on. */
export const CACHE_STATUS_HEADER = 'X-Cache-Status';

// Not the js module: URL authentication runs in a sidecar (auth.ts).
const MODULES = ['ngx_http_cache_purge_module.so', 'ngx_http_brotli_filter_module.so'];
const COMPRESSED_TYPES =
  'text/plain text/css text/xml text/javascript application/javascript application/json application/xml ' +
  'application/rss+xml application/atom+xml application/xhtml+xml application/wasm image/svg+xml ' +
  'font/ttf font/otf application/vnd.ms-fontobject';

// docs/edge.md, "Access logs": the statistics ingestion reads exactly these fields. `domain` is
// the serving domain's name ($server_name), the same whether the visitor asked for it or for its CNAME host name.
const LOG_FORMAT = [
  `'{"time":$msec,"host":"$host","domain":"$server_name","status":$status,"bytes_sent":$bytes_sent,'`,
  `'"request_time":"$request_time",'`,
  `'"upstream_time":"$upstream_response_time","cache_status":"$upstream_cache_status","client_ip":"$remote_addr",'`,
  `'"method":"$request_method","url":"$request_uri","referer":"$http_referer","user_agent":"$http_user_agent"}'`,
];

function indent(lines: string[]): string[] {
  return lines.map((line) => `    ${line}`);
}

export function renderMain(options: EdgeRenderOptions): string {
  const { paths } = options;
  const modulesDir = options.modulesDir ?? '/usr/lib/nginx/modules';
  const path = (value: string) => quoteLiteral(value);
  return [
    '# Written by the edgeward edge agent; every change is overwritten.',
    ...MODULES.map((name) => `load_module ${path(`${modulesDir}/${name}`)};`),
    ...(options.user ? [`user ${options.user};`] : []),
    `worker_processes ${options.workerProcesses ?? 'auto'};`,
    `pid ${path(`${paths.prefix}/nginx.pid`)};`,
    `error_log ${path(paths.errorLog)} warn;`,
    '',
    'events {',
    '    worker_connections 4096;',
    '}',
    '',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    '    tcp_nopush on;',
    '    server_tokens off;',
    '    keepalive_timeout 65s;',
    '    ssl_protocols TLSv1.2 TLSv1.3;',
    '    # A returning visitor resumes its TLS session and skips loading the certificate again.',
    '    ssl_session_cache shared:edgeward_tls:16m;',
    '    ssl_session_timeout 1h;',
    ...tempPathLines(paths.prefix).map((line) => `    ${line}`),
    '',
    '    # Ten thousand domains: two names each, a handful of variables each, header names up to 256 characters.',
    '    server_names_hash_max_size 131072;',
    '    server_names_hash_bucket_size 128;',
    '    variables_hash_max_size 262144;',
    '    variables_hash_bucket_size 128;',
    '    proxy_headers_hash_max_size 1024;',
    '    proxy_headers_hash_bucket_size 512;',
    '',
    '    log_format edgeward escape=json',
    ...LOG_FORMAT.map((line, i) => `        ${line}${i === LOG_FORMAT.length - 1 ? ';' : ''}`),
    // The agent's preheats are not visitor traffic: they stay out of the log the statistics are made of.
    `    access_log ${path(paths.accessLog)} edgeward buffer=64k flush=1s if=$ew_visitor;`,
    '',
    `    proxy_cache_path ${path(paths.cacheDir)} levels=1:2 keys_zone=edgeward:64m max_size=${options.cacheMaxSize ?? '10g'} inactive=30d use_temp_path=off;`,
    '    # Every rate limit of the edge (CDN request limits, adaptive frequency control) refuses with 403.',
    '    limit_req_status 403;',
    "    # What an HTTPS origin's certificate is checked against, for domains that verify it (proxy_ssl_verify on);",
    '    # nginx reads the file once per such domain and never for the others.',
    `    proxy_ssl_trusted_certificate ${path(options.originTrustedCertificates ?? '/etc/ssl/certs/ca-certificates.crt')};`,
    '    proxy_ssl_verify_depth 4;',
    "    # The origin's cache status would stand beside the edge's; a domain hiding headers of its own repeats it.",
    `    proxy_hide_header ${CACHE_STATUS_HEADER};`,
    '    # What the edge sends to an origin, inherited by every domain that adds nothing of its own (origin-headers.ts).',
    ...indent(usualOriginHeaderLines()),
    '    gzip_proxied any;',
    '    gzip_vary on;',
    '    gzip_min_length 1024;',
    `    gzip_types ${COMPRESSED_TYPES};`,
    '    brotli_min_length 1024;',
    `    brotli_types ${COMPRESSED_TYPES};`,
    '',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: nginx's ${name} variable syntax, not a template
    '    # A literal "$" for header values ("${ew_dollar}"), which nginx would otherwise read as a variable.',
    '    geo $ew_dollar {',
    '        default "$";',
    '    }',
    "    # The site a request is for: the domain's own name (its server's first name), also when the visitor asked for",
    "    # the domain's CNAME host name, so that both share cache entries and the origin sees one Host; a wildcard",
    "    # domain's request keeps the host asked for.",
    '    map $server_name $ew_site {',
    '        default $server_name;',
    '        "~^\\*\\." $host;',
    '    }',
    '    # WebSocket: pass the upgrade on; without one, an empty Connection keeps the origin connection alive.',
    '    map $http_upgrade $ew_connection {',
    '        default upgrade;',
    '        "" "";',
    '    }',
    '',
    "    # The agent's internal port (1): its preheats pass every access rule, redirect, URL auth and rate limit.",
    '    map $server_port $ew_internal {',
    '        default 0;',
    `        ${options.internalPort} 1;`,
    '    }',
    '    map $ew_internal $ew_visitor {',
    '        default 1;',
    '        1 0;',
    '    }',
    "    # The rate limits' client key: none (never limited) for the agent.",
    '    map $ew_internal $ew_client {',
    '        default $binary_remote_addr;',
    '        1 "";',
    '    }',
    "    # A domain with access rules sets $ew_check to $ew_internal followed by its rules' 0/1 verdicts.",
    '    map $ew_check $ew_refused {',
    '        default 0;',
    '        "~^0[01]*1" 1;',
    '    }',
    '    # Forced redirects, never on the internal port.',
    '    map "$ew_internal$scheme" $ew_to_https {',
    '        default 0;',
    '        0http 1;',
    '    }',
    '    map "$ew_internal$scheme" $ew_to_http {',
    '        default 0;',
    '        0https 1;',
    '    }',
    '    # URL authentication: the sidecar (auth.ts).',
    ...indent(authUpstreamLines(options)),
    '',
    '    # Unknown hosts, and disabled domains, get 404; TLS to an unknown name is refused in the handshake.',
    '    #',
    "    # An HTTPS domain's server names no certificate: nginx 1.22 makes a TLS context for every server that has",
    "    # one, which for thousands of domains took seconds of every test and reload. The handshake keeps this server's",
    "    # context, which loads the certificate of the server the SNI name found, by that server's first name.",
    '    server {',
    `        listen ${options.httpPort} default_server;`,
    `        listen ${options.httpsPort} ssl default_server;`,
    `        ssl_certificate ${quoteLiteralThen(`${paths.certsDir}/`, '$server_name.pem')};`,
    `        ssl_certificate_key ${quoteLiteralThen(`${paths.certsDir}/`, '$server_name.pem')};`,
    '        ssl_reject_handshake on;',
    '        server_name _;',
    '        # Declares $ew_check, which only domains with access rules set.',
    '        set $ew_check "";',
    '        return 404;',
    '    }',
    '',
    `    # The agent's own server (loopback only, Host: ${INTERNAL_HOST}): purge one exact cache key; nginx's counters.`,
    '    server {',
    `        listen 127.0.0.1:${options.internalPort} default_server;`,
    `        server_name ${INTERNAL_HOST};`,
    '        access_log off;',
    `        location = ${PURGE_PATH} {`,
    `            proxy_cache_purge edgeward $http_${PURGE_KEY_HEADER.toLowerCase().replace(/-/g, '_')};`,
    '        }',
    `        location = ${STATUS_PATH} {`,
    '            stub_status;',
    '        }',
    '        location / {',
    '            return 404;',
    '        }',
    '    }',
    '',
    `    include ${path(`${paths.domainsDir}/*.conf`)};`,
    '}',
    '',
  ].join('\n');
}
