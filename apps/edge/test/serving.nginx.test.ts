import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { EdgeDomainConfig, EdgeSnapshot } from '@edgeward/edge-config';
import { closedPort, selfSignedCertificate } from '@edgeward/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeAgent } from '../src/agent';
import type { FakeConsole } from './fake-console';
import { closeLoopbackEdge, hasNginx, startLoopbackEdge } from './nginx-agent';
import { withCertificate } from './snapshots';
import {
  domainOf,
  handshake,
  LONG_TEXT,
  publishApplied,
  startRecordingOrigin,
  type Visit,
  type VisitOptions,
  visit,
} from './visitor';

/*
 * What nginx does with how the edge serves a domain (packages/edge-config/src/domain.ts, cache.ts, origin-headers.ts),
 * with real nginx behind the agent (ports EDGE_PORT_BASE + 190-199): the origin by the visitor's scheme, a second
 * origin when the first is down, the origin's Host and request-header rules, forced redirects both ways, HTTPS without
 * a certificate, cache rules by priority and their X-Cache-Status, ignored query strings, stale content when the
 * origin is down or being refreshed, response-header rules, gzip and brotli, and a wildcard domain. The golden files
 * pin the text; these pin what a visitor gets. Skipped without nginx, unless EDGE_NGINX_REQUIRED=1.
 */

const base = Number(process.env.EDGE_PORT_BASE ?? 18000) + 190;
const ports = { http: base + 1, https: base + 2, internal: base + 3, auth: base + 4, console: base + 5 };

type Request = Omit<VisitOptions, 'port' | 'host' | 'path'>;

describe.skipIf(!hasNginx)('serving a domain with nginx', () => {
  let stateDir: string;
  let fake: FakeConsole;
  let agent: EdgeAgent;
  let origin: Awaited<ReturnType<typeof startRecordingOrigin>>;
  /** The origin of the domains whose origin goes down. */
  let fragile: Awaited<ReturnType<typeof startRecordingOrigin>>;

  const get = (host: string, path: string, request: Request = {}): Promise<Visit> =>
    visit({ port: request.tls ? ports.https : ports.http, host, path, ...request });
  const cacheStatus = async (host: string, path: string, request: Request = {}) =>
    (await get(host, path, request)).headers['x-cache-status'];
  const domain = (id: number, name: string, change: (config: EdgeDomainConfig) => void = () => {}) =>
    domainOf(id, name, origin.httpPort, change);
  const secure = (snapshot: EdgeSnapshot) => withCertificate(snapshot, selfSignedCertificate(snapshot.domainName));
  const rule = (
    priority: number,
    type: 'all' | 'path' | 'suffix',
    content: string[],
    ttl: number,
    unit: 'seconds' | 'hours' | 'days' = 'seconds',
  ) => ({ priority, type, content, ttl, unit, ignoreUrlParameter: 'off' as const });
  const expiringInOneSecond = (config: EdgeDomainConfig) => {
    config.cacheConfig.rules = [rule(1, 'all', [], 1)];
  };

  beforeAll(async () => {
    const pem = selfSignedCertificate('origin.example');
    origin = await startRecordingOrigin(pem);
    fragile = await startRecordingOrigin();
    const down = await closedPort();
    ({ stateDir, fake, agent } = await startLoopbackEdge('serving', ports));
    await publishApplied(fake, [
      secure(
        domain(61, 'follow.test', (config) => {
          config.originProtocol = 'follow';
          config.sources[0]!.httpsPort = origin.httpsPort;
        }),
      ),
      domain(62, 'two-origins.test', (config) => {
        const first = config.sources[0]!;
        config.sources = [
          { ...first, httpPort: down },
          { ...first, httpPort: origin.httpPort },
        ];
      }),
      domain(63, 'origin-headers.test', (config) => {
        config.sources[0]!.hostName = 'origin.example';
        config.originRequestHeader.headers = [
          { name: 'X-From-Edge', value: 'yes $1 "quoted"', action: 'set' },
          { name: 'X-Forwarded-For', value: 'hidden', action: 'set' },
          { name: 'Cookie', value: '', action: 'delete' },
        ];
      }),
      secure(
        domain(64, 'to-http.test', (config) => {
          config.forceRedirect = { type: 'http', statusCode: 302 };
        }),
      ),
      secure(
        domain(65, 'to-https.test', (config) => {
          config.forceRedirect = { type: 'https', statusCode: 302 };
        }),
      ),
      domain(66, 'no-certificate.test', (config) => {
        config.https = 'on';
      }),
      domain(67, 'rules.test', (config) => {
        config.cacheConfig.rules = [
          rule(2, 'all', [], 1, 'days'),
          rule(1, 'path', ['/low'], 0),
          rule(3, 'path', ['/nocache', '/dir/'], 0),
          rule(4, 'suffix', ['.php'], 0),
          rule(5, 'path', ['/nocache/keep'], 1, 'hours'),
        ];
      }),
      domain(68, 'ignore-query.test', (config) => {
        config.cacheConfig.ignoreUrlParameter = 'on';
      }),
      domainOf(69, 'offline.test', fragile.httpPort, (config) => {
        expiringInOneSecond(config);
        config.cacheConfig.offlineCache = 'on';
      }),
      domainOf(70, 'no-offline.test', fragile.httpPort, expiringInOneSecond),
      domain(71, 'prefresh.test', (config) => {
        expiringInOneSecond(config);
        config.cacheConfig.cachePrefresh = 'on';
      }),
      domain(72, 'response-headers.test', (config) => {
        config.httpResponseHeader.headers = [
          { name: 'X-Edge-Note', value: 'costs $5 "net"', action: 'set' },
          { name: 'Access-Control-Allow-Origin', value: '*', action: 'set' },
          { name: 'X-Powered-By', value: '', action: 'delete' },
        ];
      }),
      domain(73, 'gzip.test', (config) => {
        config.compress = { gzip: 'on', brotli: 'off' };
      }),
      domain(74, 'brotli.test', (config) => {
        config.compress = { gzip: 'off', brotli: 'on' };
      }),
      domain(75, 'uncompressed.test'),
      domain(76, '*.wild.test'),
    ]);
  });

  afterAll(async () => {
    await fragile?.close();
    await closeLoopbackEdge({ agent, fake, stateDir }, origin);
  });

  describe('the origin', () => {
    it("follows the visitor's scheme to the origin's HTTP or HTTPS port", async () => {
      expect((await get('follow.test', '/plain-visit')).body.toString()).toBe('http /plain-visit');
      expect((await get('follow.test', '/tls-visit', { tls: true })).body.toString()).toBe('https /tls-visit');
    });

    it('reaches the second origin when the first refuses connections', async () => {
      const answer = await get('two-origins.test', '/second');
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe('http /second');
    });

    it("asks the origin for its own host name and applies the request-header rules over the edge's", async () => {
      const answer = await get('origin-headers.test', '/rules', { headers: { cookie: 'session=visitor' } });
      expect(answer.status).toBe(200);
      const seen = origin.of('/rules').at(-1)!.headers;
      expect(seen).toMatchObject({
        host: 'origin.example',
        'x-from-edge': 'yes $1 "quoted"',
        'x-forwarded-for': 'hidden',
      });
      expect(seen).not.toHaveProperty('cookie');
      // The edge's own set stays where no rule replaces it.
      expect(seen['x-real-ip']).toBe('127.0.0.1');
    });
  });

  describe('HTTPS and redirects', () => {
    it('redirects HTTPS to HTTP with the chosen status, keeping the path and query, and serves HTTP', async () => {
      const redirect = await get('to-http.test', '/p?q=1', { tls: true });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.location).toBe(`http://to-http.test:${ports.http}/p?q=1`);
      expect((await get('to-http.test', '/p?q=1')).status).toBe(200);
    });

    it("redirects HTTP to HTTPS with the chosen status and serves HTTPS, but not the agent's internal port", async () => {
      const redirect = await get('to-https.test', '/p?q=1');
      expect(redirect.status).toBe(302);
      expect(redirect.headers.location).toBe(`https://to-https.test:${ports.https}/p?q=1`);
      expect((await get('to-https.test', '/p?q=1', { tls: true })).status).toBe(200);
      expect((await visit({ port: ports.internal, host: 'to-https.test', path: '/warm' })).status).toBe(200);
    });

    it('refuses the TLS handshake of a domain with HTTPS on but no certificate, and serves it over HTTP', async () => {
      expect(await handshake(ports.https, 'no-certificate.test')).toEqual({
        refused: 'ERR_SSL_TLSV1_UNRECOGNIZED_NAME',
      });
      expect(await handshake(ports.https, 'follow.test')).toEqual({ ok: true });
      expect((await get('no-certificate.test', '/x')).status).toBe(200);
    });
  });

  describe('cache rules', () => {
    const twice = async (path: string) => [
      await cacheStatus('rules.test', path),
      await cacheStatus('rules.test', path),
    ];

    it.each([
      ['a no-cache path', '/nocache', 'BYPASS'],
      ['a file under a no-cache path', '/nocache/a.html', 'BYPASS'],
      ['a name that only starts like a no-cache path', '/nocachemore.html', 'HIT'],
      ['a file under a no-cache directory entry', '/dir/a.html', 'BYPASS'],
      ['the directory entry without its slash', '/dir', 'HIT'],
      ['a no-cache suffix, in any case', '/a.PHP', 'BYPASS'],
      ['a name that only contains the suffix', '/a.php.html', 'HIT'],
      ['a no-cache suffix under a no-cache path', '/nocache/a.php', 'BYPASS'],
      ['a higher-priority cached path over a no-cache suffix', '/nocache/keep/a.php', 'HIT'],
      ['a rule of lower priority than all files', '/low/a.html', 'HIT'],
    ])('%s (%s): %s the second time', async (_case, path, second) => {
      const [first, again] = await twice(path);
      expect(first).toBe(second === 'BYPASS' ? 'BYPASS' : 'MISS');
      expect(again).toBe(second);
    });

    it('keeps the query in the cache key unless the domain ignores it', async () => {
      expect(await cacheStatus('rules.test', '/q?x=1')).toBe('MISS');
      expect(await cacheStatus('rules.test', '/q?x=2')).toBe('MISS');
      expect(await cacheStatus('ignore-query.test', '/q?x=1')).toBe('MISS');
      expect(await cacheStatus('ignore-query.test', '/q?x=2')).toBe('HIT');
    });

    it("keeps one object per URL whatever the origin's Vary says", async () => {
      expect(await cacheStatus('rules.test', '/vary', { headers: { 'user-agent': 'one' } })).toBe('MISS');
      expect(await cacheStatus('rules.test', '/vary', { headers: { 'user-agent': 'two' } })).toBe('HIT');
    });

    it('after the expiry, serves stale content while the origin is down or being refreshed', async () => {
      const urls = { offline: '/stale-offline', none: '/stale-none', prefresh: '/stale-prefresh' };
      expect(await cacheStatus('offline.test', urls.offline)).toBe('MISS');
      expect(await cacheStatus('no-offline.test', urls.none)).toBe('MISS');
      expect(await cacheStatus('prefresh.test', urls.prefresh)).toBe('MISS');
      await fragile.close();
      // The rules' one second, counted by nginx in whole seconds: expired two seconds after it was stored.
      await new Promise((resolve) => setTimeout(resolve, 2_100));

      const offline = await get('offline.test', urls.offline);
      expect([offline.status, offline.headers['x-cache-status'], offline.body.toString()]).toEqual([
        200,
        'STALE',
        `http ${urls.offline}`,
      ]);
      expect((await get('no-offline.test', urls.none)).status).toBe(502);

      // Refreshed in the background: the visitor is answered from the cache at once, the next one from the new copy.
      expect(await cacheStatus('prefresh.test', urls.prefresh)).toBe('STALE');
      for (;;) {
        const status = await cacheStatus('prefresh.test', urls.prefresh);
        if (status === 'HIT') break;
        expect(status).toBe('UPDATING');
      }
      expect(origin.of(urls.prefresh)).toHaveLength(2);
    });
  });

  describe('response headers', () => {
    it("sets the rule's header in place of the origin's, a literal $ and quotes included, on a miss and a hit, and hides the deleted one", async () => {
      for (const expected of ['MISS', 'HIT']) {
        const answer = await get('response-headers.test', '/secret');
        expect(answer.headers['x-cache-status']).toBe(expected);
        expect(answer.headerNames.filter((name) => name === 'x-cache-status')).toHaveLength(1);
        expect(answer.headers['x-edge-note']).toBe('costs $5 "net"');
        expect(answer.headers).not.toHaveProperty('x-powered-by');
        // Set replaces the origin's header of the name: two CORS origins would make a browser refuse the answer.
        expect(answer.headerNames.filter((name) => name === 'access-control-allow-origin')).toHaveLength(1);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        expect(answer.headers['content-type']).toBe('text/plain');
      }
      // Without rules, the origin's headers pass, but for its cache status, which the edge's replaces.
      const untouched = await get('uncompressed.test', '/secret');
      expect(untouched.headers['x-powered-by']).toBe('origin-internals/1.0');
      expect(untouched.headers['access-control-allow-origin']).toBe('https://origin.example');
      expect(untouched.headers['x-cache-status']).toBe('MISS');
    });
  });

  describe('compression', () => {
    const encoding = async (host: string, path: string, accept: string) =>
      (await get(host, path, { headers: { 'accept-encoding': accept } })).headers['content-encoding'];

    it('gzips long text for a visitor that accepts it, and only gzip when brotli is off', async () => {
      const answer = await get('gzip.test', '/long.txt', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(answer.body).toString()).toBe(LONG_TEXT);
      expect(await encoding('gzip.test', '/long.txt', 'br')).toBeUndefined();
    });

    it('compresses with brotli when it is on, and not with gzip when that is off', async () => {
      const answer = await get('brotli.test', '/long.txt', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.body).toString()).toBe(LONG_TEXT);
      expect(await encoding('brotli.test', '/long.txt', 'gzip')).toBeUndefined();
    });

    it('leaves short text, images and domains without compression as the origin sent them', async () => {
      // A miss, then a hit from the cache.
      for (const _ of [1, 2]) {
        expect(await encoding('gzip.test', '/short.txt', 'gzip')).toBeUndefined();
        expect(await encoding('brotli.test', '/image.png', 'br')).toBeUndefined();
      }
      const plain = await get('uncompressed.test', '/long.txt', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(LONG_TEXT);
    });
  });

  describe('a wildcard domain', () => {
    it('serves each subdomain as its own site: its Host to the origin, its own cache entries', async () => {
      expect(await cacheStatus('a.wild.test', '/w')).toBe('MISS');
      expect(await cacheStatus('b.wild.test', '/w')).toBe('MISS');
      expect(await cacheStatus('a.wild.test', '/w')).toBe('HIT');
      expect(origin.of('/w').map((request) => request.headers.host)).toEqual(['a.wild.test', 'b.wild.test']);
      expect((await get('wild.test', '/w')).status).toBe(404);
    });
  });
});
