import type { EdgeFile, EdgeRenderOptions, EdgeSnapshot } from '@edgeward/edge-config';
import type { EdgeRenderer } from '../src/agent';

/*
 * A minimal stand-in for @edgeward/edge-config's renderer, for the agent's tests while the real one is being
 * built: the same folders, internal server, purge location and X-Cache-Status header, and only what the agent's
 * tests need of a domain (its origin and an hour of cache).
 */

const modules = '/usr/lib/nginx/modules';

export const testRenderer: EdgeRenderer = {
  renderMainConfig(options: EdgeRenderOptions): string {
    const { paths } = options;
    return `load_module ${modules}/ngx_http_cache_purge_module.so;
${options.user ? `user ${options.user};\n` : ''}pid ${paths.prefix}/nginx.pid;
worker_processes 1;
error_log ${paths.errorLog} warn;
events { worker_connections 256; }
http {
  log_format edgeward escape=json '{"time":$msec,"host":"$host","status":$status,"bytes_sent":$bytes_sent,'
    '"request_time":"$request_time","cache_status":"$upstream_cache_status","client_ip":"$remote_addr",'
    '"method":"$request_method","url":"$request_uri"}';
  access_log ${paths.accessLog} edgeward;
  proxy_cache_path ${paths.cacheDir} levels=1:2 keys_zone=edge:10m max_size=${options.cacheMaxSize ?? '1g'};
  server {
    listen 127.0.0.1:${options.httpPort} default_server;
    return 404;
  }
  server {
    listen 127.0.0.1:${options.internalPort} default_server;
    server_name edgeward-internal;
    access_log off;
    location = /purge { proxy_cache_purge edge $http_x_edgeward_purge_key; }
  }
  include ${paths.domainsDir}/*.conf;
}
`;
  },

  renderDomain(snapshot: EdgeSnapshot, options: EdgeRenderOptions): EdgeFile[] {
    const config = snapshot.config!;
    const origin = config.sources[0]!;
    const tls = config.https === 'on';
    const certs: EdgeFile[] = tls
      ? [
          { dir: 'certs', path: `${snapshot.domainId}.crt`, content: config.httpsConfig.certificatePem ?? '' },
          {
            dir: 'certs',
            path: `${snapshot.domainId}.key`,
            content: config.httpsConfig.privateKeyPem ?? '',
            mode: 0o600,
          },
        ].map((file) => file as EdgeFile)
      : [];
    const ssl = tls
      ? `  listen 127.0.0.1:${options.httpsPort} ssl;
  ssl_certificate ${options.paths.certsDir}/${snapshot.domainId}.crt;
  ssl_certificate_key ${options.paths.certsDir}/${snapshot.domainId}.key;
`
      : '';
    return [
      ...certs,
      {
        path: `${snapshot.domainId}.conf`,
        content: `upstream origin_${snapshot.domainId} { server ${origin.ipOrDomain[0]}:${origin.httpPort}; }
server {
  listen 127.0.0.1:${options.httpPort};
  listen 127.0.0.1:${options.internalPort};
${ssl}  server_name ${snapshot.domainName} ${snapshot.cname};
  location / {
    proxy_pass http://origin_${snapshot.domainId};
    proxy_cache edge;
    proxy_cache_key $host$request_uri;
    proxy_cache_valid 200 1h;
    add_header X-Cache-Status $upstream_cache_status always;
  }
}
`,
      },
    ];
  },

  cacheKeyMatcher(type, url) {
    const target = new URL(url);
    const key = `${target.hostname}${target.pathname}${target.search}`;
    return type === 'refreshUrl' ? (candidate) => candidate === key : (candidate) => candidate.startsWith(key);
  },
};
